/**
 * Child lists under a parent in the route (departments of a company, positions of a department, staff of a
 * position, regions of a country, templates of a domain): `<parent path>/{parentId}/<children>` answers the
 * child model's own endpoints with the parent fixed — the list filtered by it, a new row given it, a changed
 * or deleted row refused when it belongs to another parent. The request goes through the model's route
 * (same validation, permission codes and tenant checks) by an inner request carrying the caller's headers.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { pathParams } from '../../schemas.ts'
import { listQuerySchema } from '../models/model-schemas.ts'
import { badRequest } from '../../errors.ts'
import { innerReadHeaders } from '../../plugins/read-guards.ts'

export interface NestedList {
  /** e.g. `/api/hpfm/v1/:tenantId/companies/:companyId/units` */
  url: string
  /** The route param naming the parent, also the child model's field: `companyId`. */
  param: string
  /** The child field holding the parent (defaults to `param`). */
  field?: string
  model: ModelSchema
}

const forwardHeaders = (request: FastifyRequest) =>
  Object.fromEntries(
    ['authorization', 'h-menu-id', 'h-request-id', 'accept-language']
      .map((name) => [name, request.headers[name]])
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )

/** A row or a list of rows (the inner model route validates each against the model). */
const RowsBody = Type.Union([
  Type.Object({}, { additionalProperties: true }),
  Type.Array(Type.Object({}, { additionalProperties: true }), { minItems: 1, maxItems: 1000 }),
])

export function registerNestedList(app: FastifyInstance, nested: NestedList): void {
  const field = nested.field ?? nested.param
  const { model } = nested
  const inner = (tenantId: string) => `/api/${model.service}/v1/${tenantId}/${model.resource}`
  const parentOf = (request: FastifyRequest) => {
    const value = Number((request.params as Record<string, string>)[nested.param])
    if (!Number.isSafeInteger(value) || value < 1)
      throw badRequest(
        `${nested.param} in the path must be a positive whole number: use the id of a row from the list.`,
        {
          [nested.param]: 'not an id',
        },
      )
    return value
  }
  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    method: HTTPMethods,
    url: string,
    payload?: unknown,
  ) => {
    const answer = await app.inject({
      method,
      url,
      headers: {
        ...forwardHeaders(request),
        // The list was read-guarded on its own route (plugins/read-guards.ts).
        ...(method === 'GET' ? innerReadHeaders() : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    })
    return reply.status(answer.statusCode).type('application/json; charset=utf-8').send(answer.body)
  }
  const tenantOf = (request: FastifyRequest) => String((request.params as { tenantId: string }).tenantId)
  const rowsOf = (body: unknown) => {
    const rows: unknown[] = Array.isArray(body) ? body : [body]
    if (!rows.length || rows.some((row) => typeof row !== 'object' || row === null || Array.isArray(row)))
      throw badRequest('The body must be a row (a JSON object) or an array of rows: send the rows as JSON.', {
        body: 'not a row',
      })
    return rows as Array<Record<string, unknown>>
  }
  // The codes the inner model route checks for each method (listed for the route table and the permission matrix).
  const codesOf = (code: string | undefined) => (code ? [code] : [])

  // The inner request goes through the model route, which applies the field permission rules (field-rules.ts).
  const fieldRules = { inHandler: 'answers and writes through the model route, by an inner request' }
  // The inner model route checks each row and filter; these say the shapes it receives.
  const params = pathParams(nested.url)
  const schema = { params, body: RowsBody }
  app.get(
    nested.url,
    { config: { fieldRules }, schema: { params, querystring: listQuerySchema(model) } },
    async (request, reply) => {
      const parent = parentOf(request)
      const query = new URLSearchParams(request.query as Record<string, string>)
      query.set(field, String(parent))
      return send(request, reply, 'GET', `${inner(tenantOf(request))}?${query.toString()}`)
    },
  )
  app.post(
    nested.url,
    { config: { permissionCodes: codesOf(model.permissions?.create), fieldRules }, schema },
    async (request, reply) => {
      const parent = parentOf(request)
      const rows = rowsOf(request.body).map((row) => ({ ...row, [field]: parent }))
      return send(
        request,
        reply,
        'POST',
        inner(tenantOf(request)),
        Array.isArray(request.body) ? rows : rows[0],
      )
    },
  )
  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: nested.url,
      schema,
      config: {
        permissionCodes: codesOf(method === 'PUT' ? model.permissions?.update : model.permissions?.delete),
        fieldRules,
      },
      handler: async (request, reply) => {
        const parent = parentOf(request)
        const foreign = rowsOf(request.body).find(
          (row) => row[field] !== undefined && Number(row[field]) !== parent,
        )
        if (foreign)
          throw badRequest(
            `The row belongs to ${field} ${String(foreign[field])}, not ${parent}: open it under its own parent.`,
            {
              [field]: 'another parent',
            },
          )
        return send(request, reply, method, inner(tenantOf(request)), request.body)
      },
    })
  }
}
