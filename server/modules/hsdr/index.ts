/**
 * The scheduler (hsdr): jobs fire on their cron in this process (scheduler.ts), "run once", job logs per job,
 * concurrent programs submitted on demand and request sets run step by step. Job rows are the generic model
 * (schemas/models/hsdr/job-info.model.json); a hook on its writes refuses a cron or parameters that cannot run.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { listRows } from '../models/model-list.ts'
import { listQuerySchema } from '../models/model-schemas.ts'
import { modelDb } from '../models/model-scope.ts'
import { localZoneName, zoneOf } from '../../../renderer/contract/quartz-cron.ts'
import { cronProblem } from './clock.ts'
import { runRequestSet, submitProgram } from './concurrent.ts'
import { parseParams } from './job-types.ts'
import { modelSaveCheck, type RowCheck } from './save-checks.ts'
import { createScheduler, type Scheduler } from './scheduler.ts'
import { NoBody, NoQuery } from '../../schemas.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs scheduled jobs (server/modules/hsdr). */
    scheduler: Scheduler
  }
}

const TenantId = Type.Object({ tenantId: Type.Integer() })
const JobParams = Type.Object({ tenantId: Type.Integer(), jobId: Type.Integer() })

/** A job row's cron must be Quartz's and fire again (in the scheduler's zone); its parameters a JSON object. */
const jobRowCheck =
  (now: () => number, timeZone: string): RowCheck =>
  (row, at) => {
    const fields: Record<string, string> = {}
    if (typeof row.cronExpression === 'string') {
      const problem = cronProblem(row.cronExpression, new Date(now()), timeZone)
      if (problem) fields[at('cronExpression')] = problem
    }
    if (typeof row.jobParams === 'string') {
      try {
        parseParams(row.jobParams)
      } catch (error) {
        fields[at('jobParams')] = `jobParams: ${(error as Error).message}`
      }
    }
    return fields
  }

export function hsdrModule(models: ModelSchema[]): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (app) => {
    const jobLog = models.find((m) => m.service === 'hsdr' && m.entity === 'jobLog')
    if (!jobLog) throw new Error('hsdr: schemas/models/hsdr/job-log.model.json is missing')
    const tickMs = Number(process.env.SCHEDULER_TICK_MS ?? 1000)
    const timeZone = app.config.schedulerTimeZone
    if (!zoneOf(timeZone))
      throw new Error(
        `SCHEDULER_TIME_ZONE='${timeZone}' is not a time zone: use an IANA name such as Asia/Shanghai or Europe/Berlin, or GMT+8.`,
      )
    const scheduler = createScheduler({
      timeZone,
      db: app.db,
      files: app.files,
      models,
      now: () => app.config.now(),
      tickMs: Number.isFinite(tickMs) ? tickMs : 1000,
      onError: (error) => app.log.error({ err: error }, 'scheduled job could not run'),
    })
    app.decorate('scheduler', scheduler)
    app.addHook('onReady', async () => {
      // Schedule the jobs before the first request, so their next firings are known at once (a database
      // that is not there yet is retried by the timer).
      await scheduler
        .tick()
        .catch((error: unknown) => app.log.warn({ err: error }, 'scheduler: first pass failed'))
      scheduler.start()
    })
    app.addHook('preClose', async () => scheduler.stop())
    if (!models.some((m) => m.service === 'hsdr' && m.entity === 'jobInfo'))
      throw new Error('hsdr: schemas/models/hsdr/job-info.model.json is missing')
    // Checked on every save of a job row, the live models' routes' too (plugins/model-save-checks.ts).
    app.modelSaveChecks.push(
      modelSaveCheck(
        models,
        'hsdr/job-info',
        jobRowCheck(() => app.config.now(), timeZone),
      ),
    )
    const deps = { db: app.db, files: app.files, models, now: () => app.config.now() }

    await app.register(async (routes) => {
      // The zones the job screens need: crons fire in `timeZone`; the wire's date-times (nextFireTime…) are
      // the server's local time, `serverTimeZone`. The cron editor previews in the first and shows both in the
      // user's zone.
      routes.get(
        '/api/hsdr/v1/:tenantId/scheduler/time-zone',
        { schema: { params: TenantId, querystring: NoQuery } },
        async () => ({ timeZone, serverTimeZone: localZoneName() }),
      )
      routes.post(
        '/api/hsdr/v1/:tenantId/jobs/:jobId/run',
        {
          preHandler: requirePermission('hsdr.jobInfo.button.run'),
          schema: { body: NoBody, params: JobParams },
        },
        async (request) => {
          const session = sessionOf(request)
          const { jobId } = request.params as typeof JobParams.static
          const job = await modelDb(app.db)
            .selectFrom('hsdr_job_info')
            .selectAll()
            .where('tenantId', '=', session.tenantId)
            .where('jobId', '=', jobId)
            .executeTakeFirst()
          if (!job) throw notFound(`Job ${jobId} does not exist (or is not yours): reload the list.`)
          return scheduler.runJob(job, 'MANUAL')
        },
      )
      routes.get(
        '/api/hsdr/v1/:tenantId/jobs/:jobId/logs',
        {
          schema: { params: JobParams, querystring: listQuerySchema(jobLog) },
          config: { fieldRules: { answers: [{ model: 'hsdr/job-log', query: true }] } },
        },
        async (request) => {
          const { jobId } = request.params as typeof JobParams.static
          const query = { ...(request.query as Record<string, unknown>), jobId }
          return listRows(modelDb(app.db), jobLog, sessionOf(request), query)
        },
      )
      routes.post(
        '/api/hsdr/v1/:tenantId/programs/:concurrentId/submit',
        {
          preHandler: requirePermission('hsdr.concurrent.button.submit'),
          schema: {
            body: NoBody,
            params: Type.Composite([TenantId, Type.Object({ concurrentId: Type.Integer() })]),
          },
        },
        async (request) => {
          const { concurrentId } = request.params as { concurrentId: number }
          return submitProgram(deps, sessionOf(request), concurrentId)
        },
      )
      routes.post(
        '/api/hsdr/v1/:tenantId/request-set-runs/:requestSetId',
        {
          preHandler: requirePermission('hsdr.requestSet.button.run'),
          schema: {
            body: NoBody,
            params: Type.Composite([TenantId, Type.Object({ requestSetId: Type.Integer() })]),
          },
        },
        async (request) => {
          const { requestSetId } = request.params as { requestSetId: number }
          return runRequestSet(deps, sessionOf(request), requestSetId)
        },
      )
    })
  }
  // Same as fastify-plugin: the job-row hook must see the model routes registered beside this module.
  Object.assign(plugin, { [Symbol.for('skip-override')]: true })
  return plugin
}
