/**
 * The job scheduler: every tick it reads the enabled jobs of all tenants, (re)computes the next firing of a job
 * whose cron changed, and runs each job whose firing is due. A firing is claimed by ONE conditional UPDATE
 * (`where next_fire_time = <the firing read>`): the row lock makes a second server's UPDATE wait and then match
 * nothing, so two servers never both run a firing. Disabled jobs lose their next firing (re-enabling schedules
 * from then on, no burst of missed runs). `stop()` ends the ticks and waits for the runs in progress.
 */
import { hostname } from 'node:os'
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import type { FileStore } from '../hfle/file-store.ts'
import { modelDb, type Row } from '../models/model-scope.ts'
import { localZoneName } from '../../../renderer/contract/quartz-cron.ts'
import { nextFiring, parseWireDateTime, wireDateTime } from './clock.ts'
import { parseParams, runJobType } from './job-types.ts'

export interface SchedulerOptions {
  db: Db
  files: FileStore
  models: ModelSchema[]
  now: () => number
  /** The zone crons are read in (config.schedulerTimeZone; default the server's own). */
  timeZone?: string
  /** Milliseconds between ticks; 0 = no timer (tests call tick()). */
  tickMs: number
  serverId?: string
  /** A run that could not even write its log (e.g. the database went away). */
  onError?: (error: unknown) => void
}

export type TriggerType = 'SCHEDULE' | 'MANUAL'

export interface Scheduler {
  start(): void
  stop(): Promise<void>
  /** One pass: schedule changed jobs, run due ones. Resolves when the due runs have finished. */
  tick(): Promise<void>
  /** Runs a job now and answers its log row. */
  runJob(job: Row, trigger: TriggerType): Promise<Row>
  readonly serverId: string
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, files, models } = options
  const timeZone = options.timeZone ?? localZoneName()
  const serverId = options.serverId ?? `${hostname()}:${process.pid}`
  const running = new Set<Promise<unknown>>()
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let ticking: Promise<void> | undefined
  const jobs = () => modelDb(db)

  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work)
    void work.finally(() => running.delete(work)).catch(() => undefined)
    return work
  }

  async function runJob(job: Row, trigger: TriggerType): Promise<Row> {
    const started = new Date(options.now())
    const log = await jobs()
      .insertInto('hsdr_job_log')
      .values({
        tenantId: job.tenantId,
        jobId: job.jobId,
        jobCode: job.jobCode,
        jobType: job.jobType,
        triggerType: trigger,
        status: 'RUNNING',
        startTime: wireDateTime(started),
        serverId,
        createdBy: job.lastUpdatedBy ?? 0,
        lastUpdatedBy: job.lastUpdatedBy ?? 0,
        objectVersionNumber: 1,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    let status = 'SUCCESS'
    let message: string
    try {
      message = await runJobType(String(job.jobType), {
        db,
        files,
        models,
        tenantId: Number(job.tenantId),
        params: parseParams(job.jobParams),
        now: started,
        userId: Number(job.lastUpdatedBy ?? 0),
      })
    } catch (error) {
      status = 'FAILED'
      message = (error as Error).message || String(error)
    }
    const ended = new Date(Math.max(options.now(), started.getTime()))
    const done = await jobs()
      .updateTable('hsdr_job_log')
      .set({
        status,
        message: message.slice(0, 4000),
        endTime: wireDateTime(ended),
        durationMs: ended.getTime() - started.getTime(),
      })
      .where('logId', '=', log.logId as number)
      .returningAll()
      .executeTakeFirstOrThrow()
    await jobs()
      .updateTable('hsdr_job_info')
      .set({ lastStatus: status, lastFireTime: wireDateTime(started) })
      .where('jobId', '=', job.jobId as number)
      .execute()
    return done
  }

  async function schedule(job: Row, now: Date): Promise<void> {
    const next = nextFiring(String(job.cronExpression), now, timeZone)
    await jobs()
      .updateTable('hsdr_job_info')
      .set({ nextFireTime: next ? wireDateTime(next) : null, scheduledCron: job.cronExpression })
      .where('jobId', '=', job.jobId as number)
      .where('cronExpression', '=', job.cronExpression as string)
      .execute()
  }

  /** Claims the firing read in `job`; true when this server won it. */
  async function claim(job: Row, now: Date): Promise<boolean> {
    const next = nextFiring(String(job.cronExpression), now, timeZone)
    const claimed = await jobs()
      .updateTable('hsdr_job_info')
      .set({ nextFireTime: next ? wireDateTime(next) : null })
      .where('jobId', '=', job.jobId as number)
      .where('enabledFlag', '=', 1)
      .where('nextFireTime', '=', job.nextFireTime as string)
      .where('scheduledCron', '=', job.cronExpression as string)
      .returning('jobId')
      .executeTakeFirst()
    return !!claimed
  }

  async function pass(): Promise<void> {
    const now = new Date(options.now())
    await jobs()
      .updateTable('hsdr_job_info')
      .set({ nextFireTime: null, scheduledCron: null })
      .where('enabledFlag', '=', 0)
      .where(sql<boolean>`(next_fire_time is not null or scheduled_cron is not null)`)
      .execute()
    const enabled = await jobs()
      .selectFrom('hsdr_job_info')
      .selectAll()
      .where('enabledFlag', '=', 1)
      .execute()
    const due: Promise<unknown>[] = []
    for (const job of enabled) {
      if (stopped) break
      if (job.scheduledCron !== job.cronExpression || !job.nextFireTime) {
        await schedule(job, now)
        continue
      }
      if (parseWireDateTime(String(job.nextFireTime)).getTime() > now.getTime()) continue
      if (await claim(job, now)) due.push(track(runJob(job, 'SCHEDULE')))
    }
    for (const result of await Promise.allSettled(due))
      if (result.status === 'rejected') options.onError?.(result.reason)
  }

  function tick(): Promise<void> {
    // One pass at a time: a slow pass is not overlapped by the next timer tick.
    ticking ??= pass().finally(() => {
      ticking = undefined
    })
    return ticking
  }

  return {
    serverId,
    runJob: (job, trigger) => track(runJob(job, trigger)),
    tick,
    start() {
      stopped = false
      if (options.tickMs <= 0 || timer) return
      timer = setInterval(() => {
        tick().catch(() => undefined) // a lost database is retried on the next tick
      }, options.tickMs)
      timer.unref()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      timer = undefined
      await ticking?.catch(() => undefined)
      await Promise.allSettled([...running])
    },
  }
}
