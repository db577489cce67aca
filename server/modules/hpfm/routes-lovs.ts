import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { LANGUAGES, type Language } from '../../../renderer/contract/wire.ts'
import { badRequest, notFound } from '../../errors.ts'
import { lookupValues } from './lookups.ts'
import { lovData } from './lov-data.ts'
import { findLovView, knownLovCodes, lovViewInfo } from './lov-views.ts'
import { suggestName } from '../../../renderer/schema/suggest.ts'
import { tenantAndSite } from '../../route-forms.ts'

const Lang = Type.Optional(Type.Union(LANGUAGES.map((code) => Type.Literal(code))))
const Code = Type.String({ minLength: 1, maxLength: 120 })
const LovQuery = Type.Object({ lovCode: Code, lang: Lang, tenantId: Type.Optional(Type.Integer()) })
// lovs/data: paging plus the search fields of the list (checked against the view by the handler).
const SearchValue = Type.Union([Type.String({ maxLength: 240 }), Type.Number(), Type.Boolean(), Type.Null()])
const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
  lang: Lang,
  keyword: Type.Optional(
    Type.String({ maxLength: 240, description: "The typed text, searched in the view's keyword fields." }),
  ),
  ids: Type.Optional(
    Type.String({ maxLength: 4000, description: 'Comma-joined values of the value field: name these rows.' }),
  ),
}
const DataQuery = Type.Object(
  { lovCode: Type.Optional(Code), tenantId: Type.Optional(Type.Integer()), ...Paging },
  { additionalProperties: Type.String({ maxLength: 240 }) },
)
const DataBody = Type.Object(
  { lovCode: Type.Optional(Code), ...Paging },
  { additionalProperties: SearchValue },
)
const ViewQuery = Type.Object({ viewCode: Code, lang: Lang, tenantId: Type.Optional(Type.Integer()) })
// Any number of <alias>=<CODE> pairs, plus the language and (pub form) the tenant.
const BatchQuery = Type.Object(
  { lang: Lang, tenantId: Type.Optional(Type.Integer()) },
  { additionalProperties: Type.String({ maxLength: 120 }) },
)

function languageOf(request: FastifyRequest): Language {
  const fromQuery = (request.query as { lang?: Language }).lang ?? (request.body as { lang?: Language })?.lang
  return fromQuery ?? request.session?.language ?? 'zh_CN'
}
/** Path tenant (checked against the session by auth), else the session's, else the pub form's ?tenantId. */
function tenantOf(request: FastifyRequest): number {
  const params = request.params as { tenantId?: number }
  const query = request.query as { tenantId?: number }
  return params.tenantId ?? request.session?.tenantId ?? query.tenantId ?? 0
}

/**
 * Value lists (CORE-API-08…11): value sets — data and value (bare arrays), batch (alias → array) — and Lov
 * views — lov-view/info, lovs/data over SQL/URL views (GET, or POST with the search in the body); each in the
 * tenant, site and pub (no token) forms.
 */
export const lovRoutes: FastifyPluginAsync = async (app) => {
  const values = async (request: FastifyRequest) => {
    const { lovCode } = request.query as typeof LovQuery.static
    const found = await lookupValues(app.db, [lovCode], tenantOf(request), languageOf(request))
    return found.get(lovCode) ?? []
  }
  const batch = async (request: FastifyRequest) => {
    const { lang: _lang, tenantId: _tenant, ...aliases } = request.query as Record<string, string>
    const codes = [...new Set(Object.values(aliases))]
    const found = await lookupValues(app.db, codes, tenantOf(request), languageOf(request))
    return Object.fromEntries(Object.entries(aliases).map(([alias, code]) => [alias, found.get(code) ?? []]))
  }
  const data = async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Record<string, unknown>
    const body = (request.body ?? {}) as Record<string, unknown>
    const { tenantId: _tenant, ...rest } = { ...query, ...body }
    const lovCode = rest.lovCode
    if (typeof lovCode !== 'string' || !lovCode)
      throw badRequest('lovCode is required: name the value list, e.g. ?lovCode=WMDM.WAREHOUSE.', {
        lovCode: 'required',
      })
    return lovData(
      app,
      request,
      reply,
      { lovCode, page: Number(rest.page ?? 0), size: Number(rest.size ?? 50), rest },
      { tenantId: tenantOf(request), language: languageOf(request) },
    )
  }
  const info = async (request: FastifyRequest) => {
    const { viewCode } = request.query as typeof ViewQuery.static
    const tenantId = tenantOf(request)
    const view = await findLovView(app.db, { viewCode }, tenantId)
    if (!view) {
      const known = await knownLovCodes(app.db, tenantId)
      throw notFound(
        `Lov view '${viewCode}' does not exist: check the code (${suggestName(viewCode, known, 'Lov views')}).`,
      )
    }
    return lovViewInfo(view, languageOf(request))
  }
  const pub = { config: { public: true } }
  // Both forms, and the public one of the sign-in page.
  const forms = [...tenantAndSite('hpfm'), { base: '/api/hpfm/v1/pub', site: true, params: {} }]
  for (const { base: prefix, params } of forms) {
    const options = prefix.endsWith('/pub') ? pub : params.params ? { schema: params } : {}
    const schema = (extra: Record<string, unknown>) => ({
      ...options,
      schema: { ...('schema' in options ? options.schema : {}), ...extra },
    })
    app.get(`${prefix}/lovs/data`, schema({ querystring: DataQuery }), data)
    app.post(`${prefix}/lovs/data`, schema({ querystring: DataQuery, body: DataBody }), data)
    app.get(`${prefix}/lovs/value`, schema({ querystring: LovQuery }), values)
    app.get(`${prefix}/lovs/value/batch`, schema({ querystring: BatchQuery }), batch)
    app.get(`${prefix}/lov-view/info`, schema({ querystring: ViewQuery }), info)
  }
}
