/**
 * Checks a module adds to the generic model writes of one of its models (e.g. a cron that must fire). They run
 * as a preHandler of every route (plugins/model-save-checks.ts), after body validation, and only for a caller who holds the write code of the
 * operation — without it the route's guard (or the handler's check by content) answers 403 first, as everywhere.
 */
import type { FastifyRequest } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { grantedCodes, sessionOf } from '../../plugins/permissions.ts'
import { modelIndex } from '../models/model-index.ts'
import { modelPath } from '../models/model-routes.ts'
import type { ModelSaveCheck } from '../../plugins/model-save-checks.ts'

export type RowCheck = (row: Record<string, unknown>, at: (field: string) => string) => Record<string, string>

/** The rows a write carries: the body (create/update), the batch-save rows or a with-lines header. */
function rowsOf(body: unknown): Array<{ row: Record<string, unknown>; at: (field: string) => string }> {
  if (Array.isArray(body))
    return body.map((row, index) => ({
      row: row as Record<string, unknown>,
      at: (f: string) => `${index}/${f}`,
    }))
  if (body && typeof body === 'object' && 'header' in body)
    return [{ row: (body as { header: Record<string, unknown> }).header, at: (f: string) => `header/${f}` }]
  return body && typeof body === 'object'
    ? [{ row: body as Record<string, unknown>, at: (f: string) => f }]
    : []
}

/**
 * The check of `key`'s writes (`hsdr/job-info`), against the model as it is when the request comes: `models` is
 * the app's array, which live model files change in place (a model gone answers no check).
 */
export function modelSaveCheck(models: readonly ModelSchema[], key: string, check: RowCheck): ModelSaveCheck {
  return async (request: FastifyRequest): Promise<Record<string, string> | undefined> => {
    const model = modelIndex(models).get(key)
    if (!model) return undefined
    const base = modelPath(model)
    const url = request.routeOptions.url ?? ''
    if (request.method !== 'POST' && request.method !== 'PUT') return undefined
    if (![base, `${base}/batch-save`, `${base}/with-lines`].includes(url)) return undefined
    const single = url === base
    const codes = [
      ...(!single || request.method === 'POST' ? [model.permissions?.create] : []),
      ...(!single || request.method === 'PUT' ? [model.permissions?.update] : []),
    ].filter((code): code is string => !!code)
    const granted = await grantedCodes(request.server.db, sessionOf(request).roleId, codes)
    if (codes.some((code) => !granted.has(code))) return undefined
    const fields: Record<string, string> = {}
    for (const { row, at } of rowsOf(request.body)) {
      if (!row || row._status === 'delete') continue
      Object.assign(fields, check(row, at))
    }
    return Object.keys(fields).length ? fields : undefined
  }
}
