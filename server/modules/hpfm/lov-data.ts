/**
 * lovs/data (CORE-API-08, CORE-LOV-12, CORE-LOV-15): the rows a value list offers.
 * - a Lov view's lovCode, SQL type: a Page of the view's rows, searched by its query fields only;
 * - URL type: the view's list endpoint, called in-process as the caller (same token, same checks);
 * - a value set (or an IDP view of one): its values as a bare array (wire contract);
 * - anything else: 404 with the closest known code, since a picker cannot work on a code that does not exist.
 */
import { innerReadHeaders } from '../../plugins/read-guards.ts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Language } from '../../../renderer/contract/wire.ts'
import { LOV_IDS_MAX, LOV_RESERVED_PARAMS } from '../../../renderer/contract/lov-view.ts'
import { suggestName } from '../../../renderer/schema/suggest.ts'
import { badRequest, forbidden, notFound } from '../../errors.ts'
import { lookupValues } from './lookups.ts'
import { sqlViewPage } from './lov-sql.ts'
import { findLovView, knownLovCodes, type StoredLovView } from './lov-views.ts'

export interface LovDataInput {
  lovCode: string
  page: number
  size: number
  /** Every other parameter of the request (query string, and the body of a POST). */
  rest: Record<string, unknown>
}

export async function lovData(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: LovDataInput,
  scope: { tenantId: number; language: Language },
) {
  const view = await findLovView(app.db, { lovCode: input.lovCode }, scope.tenantId)
  if (view && view.lovTypeCode !== 'IDP') {
    if (!request.session)
      throw forbidden(
        `Value list '${input.lovCode}' lists tenant data: call it with a token, not the pub/ form.`,
      )
    if (view.lovTypeCode === 'SQL') {
      const search = searchValues(view, input.rest)
      return sqlViewPage(app.db, view, request.session, {
        search,
        ...keywordAndIds(view, input.rest),
        page: input.page,
        size: input.size,
        language: scope.language,
      })
    }
    return forwardToQueryUrl(app, request, reply, view, input)
  }
  const values = (await lookupValues(app.db, [input.lovCode], scope.tenantId, scope.language)).get(
    input.lovCode,
  )
  if (values?.length || view) return values ?? []
  const known = [
    ...(await knownLovCodes(app.db, scope.tenantId)),
    ...(await valueSetCodes(app, scope.tenantId)),
  ]
  throw notFound(
    `Value list '${input.lovCode}' does not exist: no Lov view and no value set has this code: check the code (${suggestName(input.lovCode, known, 'known codes')}).`,
  )
}

/** Only the view's query fields may be searched; anything else is refused by name, never passed on. */
function searchValues(view: StoredLovView, rest: Record<string, unknown>): Record<string, string> {
  const allowed = view.queryFields.map((q) => q.field)
  const search: Record<string, string> = {}
  for (const [name, value] of Object.entries(rest)) {
    if ((LOV_RESERVED_PARAMS as readonly string[]).includes(name)) continue
    if (!allowed.includes(name)) {
      throw badRequest(
        `'${name}' is not a search field of value list '${view.lovCode}': use ${allowed.length ? allowed.join(', ') : 'no search fields (this list has none)'}.`,
        { [name]: 'not a search field of this value list' },
      )
    }
    if (value === null || value === undefined) continue
    if (!['string', 'number', 'boolean'].includes(typeof value))
      throw badRequest(
        `Search value '${name}' must be text or a number: send one value, not a list or an object.`,
        {
          [name]: 'must be text or a number',
        },
      )
    search[name] = String(value)
  }
  return search
}

/** The typed text and the ids to name (reserved parameters every SQL view answers). */
function keywordAndIds(view: StoredLovView, rest: Record<string, unknown>) {
  const keyword = typeof rest.keyword === 'string' && rest.keyword.trim() ? rest.keyword : undefined
  if (rest.ids === undefined || rest.ids === null || rest.ids === '') return { keyword }
  const ids = [
    ...new Set(
      String(rest.ids)
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ]
  if (ids.length > LOV_IDS_MAX)
    throw badRequest(
      `ids names ${ids.length} values of value list '${view.lovCode}': ask for at most ${LOV_IDS_MAX} at a time.`,
      { ids: `at most ${LOV_IDS_MAX} values` },
    )
  return { keyword, ids }
}

async function forwardToQueryUrl(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  view: StoredLovView,
  input: LovDataInput,
) {
  const { lovCode: _code, lang: _lang, ...params } = input.rest
  const answer = await callQueryUrl(app, request, view, { ...params, page: input.page, size: input.size })
  return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.body)
}

/**
 * Calls a URL-type view's list endpoint in-process as the caller (same token, same checks, same data scope).
 * Needs the database free: never call it inside a transaction on PGlite (the endpoint would wait for it).
 */
export function callQueryUrl(
  app: FastifyInstance,
  request: FastifyRequest,
  view: Pick<StoredLovView, 'queryUrl' | 'requestMethod'>,
  params: Record<string, unknown>,
) {
  const tenantId = String(request.session?.tenantId ?? 0)
  const path = (view.queryUrl ?? '').replace(/\{(organizationId|tenantId)\}/g, tenantId)
  const query = Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  )
  // The Lov was read-guarded by its code (plugins/read-guards.ts): its view's URL is read on its behalf.
  const headers: Record<string, string> = { 'h-request-id': String(request.id), ...innerReadHeaders() }
  if (request.headers.authorization) headers.authorization = request.headers.authorization
  if (request.headers.cookie) headers.cookie = request.headers.cookie
  return app.inject({
    method: view.requestMethod,
    url: `/api${path}`,
    headers,
    ...(view.requestMethod === 'POST' ? { payload: query } : { query }),
  })
}

async function valueSetCodes(app: FastifyInstance, tenantId: number): Promise<string[]> {
  const rows = await app.db
    .selectFrom('hpfmLookupValue')
    .select('lookupCode')
    .distinct()
    .where('tenantId', 'in', [0, tenantId])
    .execute()
  return rows.map((row) => row.lookupCode)
}
