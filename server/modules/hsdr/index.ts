/**
 * The scheduler (hsdr): jobs fire on their cron in this process (scheduler.ts), "run once", job logs per job,
 * concurrent programs submitted on demand and request sets run step by step. Job rows are the generic model
 * (schemas/models/hsdr/job-info.model.json); a hook on its writes refuses a cron or parameters that cannot run.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { listRows } from '../models/model-list.ts'
import { listQuerySchema } from '../models/model-schemas.ts'
import { modelDb } from '../models/model-scope.ts'
import { cronProblem } from './clock.ts'
import { runRequestSet, submitProgram } from './concurrent.ts'
import { parseParams } from './job-types.ts'
import { createScheduler, type Scheduler } from './scheduler.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs scheduled jobs (server/modules/hsdr). */
    scheduler: Scheduler
  }
}

const JOB_WRITE = /^\/api\/hsdr\/v1(\/:tenantId)?\/job-infos(\/batch-save)?$/
const TenantId = Type.Object({ tenantId: Type.Integer() })
const JobParams = Type.Object({ tenantId: Type.Integer(), jobId: Type.Integer() })

/** 400 naming the field when a job row to save has a cron that never fires or parameters that are not JSON. */
function checkJobRows(request: FastifyRequest) {
  if (
    (request.method !== 'POST' && request.method !== 'PUT') ||
    !JOB_WRITE.test(request.routeOptions.url ?? '')
  )
    return
  const body = request.body as unknown
  const rows = (Array.isArray(body) ? body : [body]) as Array<Record<string, unknown> | null>
  const fields: Record<string, string> = {}
  rows.forEach((row, index) => {
    if (!row || row._status === 'delete') return
    const at = (name: string) => (Array.isArray(body) ? `${index}/${name}` : name)
    if (typeof row.cronExpression === 'string') {
      const problem = cronProblem(row.cronExpression)
      if (problem) fields[at('cronExpression')] = problem
    }
    if (typeof row.jobParams === 'string') {
      try {
        parseParams(row.jobParams)
      } catch (error) {
        fields[at('jobParams')] = `jobParams: ${(error as Error).message}`
      }
    }
  })
  if (Object.keys(fields).length) throw badRequest(Object.values(fields).join('; '), fields)
}

export function hsdrModule(models: ModelSchema[]): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (app) => {
    const jobLog = models.find((m) => m.service === 'hsdr' && m.entity === 'jobLog')
    if (!jobLog) throw new Error('hsdr: schemas/models/hsdr/job-log.model.json is missing')
    const tickMs = Number(process.env.SCHEDULER_TICK_MS ?? 1000)
    const scheduler = createScheduler({
      db: app.db,
      files: app.files,
      models,
      now: () => app.config.now(),
      tickMs: Number.isFinite(tickMs) ? tickMs : 1000,
      onError: (error) => app.log.error({ err: error }, 'scheduled job could not run'),
    })
    app.decorate('scheduler', scheduler)
    app.addHook('onReady', async () => scheduler.start())
    app.addHook('preClose', async () => scheduler.stop())
    app.addHook('preHandler', async (request) => checkJobRows(request))
    const deps = { db: app.db, files: app.files, models, now: () => app.config.now() }

    await app.register(async (routes) => {
      routes.post(
        '/api/hsdr/v1/:tenantId/job-infos/:jobId/run',
        { preHandler: requirePermission('hsdr.jobInfo.button.run'), schema: { params: JobParams } },
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
        '/api/hsdr/v1/:tenantId/job-infos/:jobId/logs',
        { schema: { params: JobParams, querystring: listQuerySchema(jobLog) } },
        async (request) => {
          const { jobId } = request.params as typeof JobParams.static
          const query = { ...(request.query as Record<string, unknown>), jobId }
          return listRows(modelDb(app.db), jobLog, sessionOf(request), query)
        },
      )
      routes.post(
        '/api/hsdr/v1/:tenantId/concurrents/:concurrentId/submit',
        {
          preHandler: requirePermission('hsdr.concurrent.button.submit'),
          schema: { params: Type.Composite([TenantId, Type.Object({ concurrentId: Type.Integer() })]) },
        },
        async (request) => {
          const { concurrentId } = request.params as { concurrentId: number }
          return submitProgram(deps, sessionOf(request), concurrentId)
        },
      )
      routes.post(
        '/api/hsdr/v1/:tenantId/request-sets/:requestSetId/run',
        {
          preHandler: requirePermission('hsdr.requestSet.button.run'),
          schema: { params: Type.Composite([TenantId, Type.Object({ requestSetId: Type.Integer() })]) },
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
