/**
 * Export tasks over HTTP (CORE-API-35, -36; wire "Export"): the user's own list, the tenant's list for
 * administrators, cancel, run again, and the file of a finished task. A task is visible to its owner (and to
 * holders of the administrator code in its tenant); another tenant's or user's task answers 404, so task
 * codes and uuids reveal nothing.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { TypedPlugin } from '../../type-provider.ts'
import { EXPORT_TASK_STATES } from '../../../renderer/contract/export.ts'
import { AppError, notFound, noPermission } from '../../errors.ts'
import { grantedCodes, requirePermission, sessionOf } from '../../plugins/permissions.ts'
import type { Session } from '../../types.ts'
import { CONTENT_TYPE, contentDisposition, type ExportRequest } from './export-options.ts'
import { cancelTask, createTask, listTasks, taskByUuid, toWireTask } from './export-tasks.ts'
import { exportPermission } from './model-export.ts'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { NoQuery } from '../../schemas.ts'
import { tenantAndSite } from '../../route-forms.ts'

/** Administrators see every task of their tenant (the /hpfm/excel-async-export screen). */
export const TASK_ADMIN_CODE = 'hpfm.excelAsyncExport.button.query'

const TaskQuery = Type.Object({
  taskCode: Type.Optional(Type.String({ maxLength: 60 })),
  taskName: Type.Optional(Type.String({ maxLength: 240 })),
  state: Type.Optional(Type.Union(EXPORT_TASK_STATES.map((state) => Type.Literal(state)))),
  page: Type.Integer({ minimum: 0, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
})
const TaskCodeBody = Type.Object({ taskCode: Type.String({ minLength: 1, maxLength: 60 }) })
const FileParams = Type.Object({ tenantId: Type.Integer(), uuid: Type.String({ format: 'uuid' }) })

async function isTaskAdmin(request: FastifyRequest, session: Session) {
  return (await grantedCodes(request.server.db, session.roleId, [TASK_ADMIN_CODE])).has(TASK_ADMIN_CODE)
}

export function exportTaskRoutes(models: ModelSchema[]): TypedPlugin {
  return async (app) => {
    const ownTask = async (session: Session, taskCode: string) => {
      const row = await app.db
        .selectFrom('hpfmExportTask')
        .selectAll()
        .where('tenantId', '=', session.tenantId)
        .where('userId', '=', session.userId)
        .where('taskCode', '=', taskCode)
        .executeTakeFirst()
      if (!row) throw notFound(`You have no export task ${taskCode} in this tenant: reload the task list.`)
      return row
    }

    for (const { base: prefix, params } of tenantAndSite('hpfm')) {
      app.get(`${prefix}/self/export-task`, { schema: { ...params, querystring: TaskQuery } }, (request) => {
        const session = sessionOf(request)
        const filters = request.query
        return listTasks(app.db, { tenantId: session.tenantId, userId: session.userId }, filters)
      })

      app.get(
        `${prefix}/export-task`,
        { preHandler: requirePermission(TASK_ADMIN_CODE), schema: { ...params, querystring: TaskQuery } },
        (request) => listTasks(app.db, { tenantId: sessionOf(request).tenantId }, request.query),
      )

      app.put(
        `${prefix}/export-task/cancel`,
        { schema: { ...params, body: TaskCodeBody } },
        async (request) => {
          const session = sessionOf(request)
          const { taskCode } = request.body
          await ownTask(session, taskCode)
          if (!(await cancelTask(app.db, session, taskCode))) {
            const { state } = await ownTask(session, taskCode)
            throw new AppError(
              409,
              'error.export.not_running',
              `Export task ${taskCode} is ${state}: only a task in progress (DOING) can be cancelled; reload the task list.`,
            )
          }
          return toWireTask(await ownTask(session, taskCode))
        },
      )

      app.post(
        `${prefix}/export-task/retry`,
        { schema: { ...params, body: TaskCodeBody } },
        async (request) => {
          const session = sessionOf(request)
          const { taskCode } = request.body
          const task = await ownTask(session, taskCode)
          if (task.state === 'DOING' || task.state === 'DONE') {
            throw new AppError(
              409,
              'error.export.not_retryable',
              `Export task ${taskCode} is ${task.state}: only a FAILED or CANCELLED task can run again; reload the task list.`,
            )
          }
          const previous: ExportRequest = task.request
          const model = models.find((m) => modelKey(m) === previous.model)
          if (!model)
            throw notFound(
              `The model ${previous.model} of task ${taskCode} no longer exists: start a new export from a page that exists.`,
            )
          const code = exportPermission(model)
          if (code && !(await grantedCodes(app.db, session.roleId, [code])).has(code))
            throw noPermission(code)
          const { tokenHash: _token, ...scope } = session
          const { uuid } = await createTask(
            app.db,
            { ...previous, session: scope },
            { taskName: task.taskName, serviceName: task.serviceName },
          )
          app.exportWorker.submit(uuid)
          return { uuid }
        },
      )
    }

    app.get(
      '/api/hpfm/v1/:tenantId/export-task/:uuid/file',
      { schema: { querystring: NoQuery, params: FileParams } },
      async (request, reply) => {
        const session = sessionOf(request)
        const { uuid } = request.params
        const task = await taskByUuid(app.db, uuid)
        const visible =
          task &&
          task.tenantId === session.tenantId &&
          (task.userId === session.userId || (await isTaskAdmin(request, session)))
        if (!task || !visible) throw notFound(`No export task ${uuid} in this tenant: reload the task list.`)
        if (task.state !== 'DONE' || !task.fileKey || !task.fileName || !task.fileType) {
          throw new AppError(
            409,
            'error.export.no_file',
            `Export task ${task.taskCode} is ${task.state}: its file can be downloaded once it is DONE; wait for it or reload the task list.`,
          )
        }
        const body = await app.files.get(task.fileKey).catch(() => {
          throw notFound(
            `The file of export task ${task.taskCode} is gone from the file store; run the export again.`,
          )
        })
        const fileType = task.fileType === 'CSV' ? 'CSV' : 'EXCEL2007'
        return reply
          .header('content-type', CONTENT_TYPE[fileType])
          .header('content-disposition', contentDisposition(task.fileName))
          .header('cache-control', 'no-store')
          .send(body)
      },
    )
  }
}
