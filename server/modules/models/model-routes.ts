import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { exportPermission, handleExport, isExportRequest } from '../export/model-export.ts'
import { aggregateRows, MEASURES } from './model-aggregate.ts'
import { checkFieldRules, checkHiddenQuery, hideFields } from './field-rules.ts'
import { runTransition } from './lifecycle.ts'
import { listRows } from './model-list.ts'
import * as schemas from './model-schemas.ts'
import { NoQuery } from '../../schemas.ts'
import { modelDb, type Row } from './model-scope.ts'
import { createRow, deleteRow, getRow, updateRow } from './model-write.ts'
import {
  changesOf,
  checkDeleteKeys,
  checkWritePermissions,
  validateRows,
  writeCodes,
  type RowStatus,
} from './row-checks.ts'

/** The base path of a model: /api/<service>/v1[/:tenantId]/<resource>. */
export const modelPath = (model: ModelSchema) =>
  `/api/${model.service}/v1${model.tenantScoped !== false ? '/:tenantId' : ''}/${model.resource}`

/** Mounts list, get, create, update, delete and batch-save of one model (see renderer/schema/model.ts). */
export function modelRoutes(model: ModelSchema): FastifyPluginAsync {
  return async (app) => {
    const base = modelPath(model)
    const guard = (code: string | undefined) => (code ? { preHandler: requirePermission(code) } : {})
    const params = schemas.pathParamsSchema(model, false)
    const responses = schemas.modelResponses(model)
    const inTransaction = <T>(work: (trx: typeof app.db) => Promise<T>) => app.db.transaction().execute(work)
    // Rows answered leave out the fields a field permission rule hides from the session (field-rules.ts).
    const shown = async <T>(request: FastifyRequest, answer: Promise<T> | T) =>
      hideFields(app.db, model, sessionOf(request), await answer)

    // The list URL also exports (exportType=COLUMN|DATA), guarded by the export code (else the query code).
    const listGuard = async (request: FastifyRequest) => {
      const code = isExportRequest(request.query as Row) ? exportPermission(model) : model.permissions?.query
      if (code) await requirePermission(code)(request)
      await checkHiddenQuery(app.db, model, sessionOf(request), request.query as Row)
    }
    app.get(
      base,
      {
        preHandler: listGuard,
        config: {
          permissionCodes: [
            ...new Set([model.permissions?.query, exportPermission(model)].filter((c): c is string => !!c)),
          ],
        },
        schema: { params, querystring: schemas.listQuerySchema(model), response: responses.list },
      },
      (request, reply) =>
        isExportRequest(request.query as Row)
          ? handleExport(model, request, reply)
          : shown(request, listRows(modelDb(app.db), model, sessionOf(request), request.query as Row)),
    )
    app.get(
      `${base}/aggregate`,
      {
        ...guard(model.permissions?.query),
        schema: {
          params,
          querystring: schemas.aggregateQuerySchema(model, MEASURES),
          response: responses.aggregate,
        },
      },
      async (request) => {
        await checkHiddenQuery(app.db, model, sessionOf(request), request.query as Row)
        return aggregateRows(modelDb(app.db), model, sessionOf(request), request.query as Row)
      },
    )
    app.get(
      `${base}/:id`,
      {
        ...guard(model.permissions?.query),
        schema: {
          params: schemas.pathParamsSchema(model, true),
          querystring: NoQuery,
          response: responses.row,
        },
      },
      (request) =>
        shown(request, getRow(app.db, model, sessionOf(request), (request.params as { id: number }).id)),
    )
    for (const transition of model.lifecycle?.transitions ?? []) {
      app.post(
        `${base}/:id/${transition.action}`,
        {
          preHandler: requirePermission(transition.permission),
          schema: {
            params: schemas.pathParamsSchema(model, true),
            body: schemas.transitionBodySchema,
            response: responses.row,
          },
        },
        async (request) => {
          // The body of an action may write the row's fields (an intercept reason, a load number): a field a
          // rule makes READ_ONLY or HIDDEN is refused when the body changes it, as on an update.
          const id = (request.params as { id: number }).id
          const body = { ...((request.body ?? {}) as Row), [model.primaryKey]: id }
          await checkFieldRules(app.db, model, sessionOf(request), 'action', body)
          return shown(
            request,
            inTransaction((trx) =>
              runTransition(
                trx,
                model,
                transition,
                sessionOf(request),
                (request.params as { id: number }).id,
                (request.body ?? {}) as Row,
              ),
            ),
          )
        },
      )
    }
    // Balances and logs are written by the server's own code only (model.serverWritten).
    if (model.serverWritten) return
    app.post(
      base,
      {
        ...guard(model.permissions?.create),
        schema: { params, body: schemas.createBodySchema(model), response: responses.created },
      },
      async (request, reply) => {
        const row = await inTransaction((trx) =>
          createRow(trx, model, sessionOf(request), request.body as Row),
        )
        return reply.status(201).send(await shown(request, row))
      },
    )
    app.put(
      base,
      {
        ...guard(model.permissions?.update),
        schema: { params, body: schemas.updateBodySchema(model), response: responses.row },
      },
      (request) =>
        shown(
          request,
          inTransaction((trx) => updateRow(trx, model, sessionOf(request), request.body as Row)),
        ),
    )
    app.delete(
      base,
      {
        ...guard(model.permissions?.delete),
        schema: { params, body: schemas.deleteBodySchema(model), response: responses.deleted },
      },
      async (request, reply) => {
        const rows = [request.body as Row | Row[]].flat()
        await inTransaction(async (trx) => {
          for (const row of rows) await deleteRow(trx, model, sessionOf(request), row)
        })
        return reply.status(204).send()
      },
    )
    app.post(
      `${base}/batch-save`,
      {
        config: { permissionCodes: writeCodes(model) },
        // the codes of the changes sent, before the body's validation and any state or data check
        preValidation: (request) => checkWritePermissions(request, changesOf(model, request.body)),
        schema: { params, body: schemas.batchBodySchema(model), response: responses.rows },
      },
      async (request) => {
        const session = sessionOf(request)
        const rows = request.body as Row[]
        await checkWritePermissions(
          request,
          rows.map((row) => ({ model, status: row._status as RowStatus })),
        )
        checkDeleteKeys(model, rows)
        validateRows(model, rows)
        const saved = inTransaction(async (trx) => {
          const saved: Row[] = []
          for (const row of rows) {
            if (row._status === 'create') saved.push(await createRow(trx, model, session, row))
            else if (row._status === 'update') saved.push(await updateRow(trx, model, session, row))
            else await deleteRow(trx, model, session, row)
          }
          return saved
        })
        return shown(request, saved)
      },
    )
  }
}
