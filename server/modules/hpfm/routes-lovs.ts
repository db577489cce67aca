import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { LANGUAGES, type Language } from '../../../renderer/contract/wire.ts'
import { lookupValues } from './lookups.ts'

const Lang = Type.Optional(Type.Union(LANGUAGES.map((code) => Type.Literal(code))))
const LovQuery = Type.Object({
  lovCode: Type.String({ minLength: 1, maxLength: 120 }),
  lang: Lang,
  tenantId: Type.Optional(Type.Integer()),
})
// Batch: any number of <alias>=<CODE> pairs, plus the optional language.
const BatchQuery = Type.Object({ lang: Lang }, { additionalProperties: Type.String({ maxLength: 120 }) })
const TenantParams = Type.Object({ tenantId: Type.Integer() })

function languageOf(request: FastifyRequest): Language {
  return (request.query as { lang?: Language }).lang ?? request.session?.language ?? 'zh_CN'
}
function tenantOf(request: FastifyRequest): number {
  const params = request.params as { tenantId?: number }
  return params.tenantId ?? request.session?.tenantId ?? 0
}

/** Value sets: data and value (bare arrays), batch (alias → array); tenant, site and pub (no token) forms. */
export const lovRoutes: FastifyPluginAsync = async (app) => {
  const single = async (request: FastifyRequest) => {
    const { lovCode } = request.query as typeof LovQuery.static
    const values = await lookupValues(app.db, [lovCode], tenantOf(request), languageOf(request))
    return values.get(lovCode) ?? []
  }
  const batch = async (request: FastifyRequest) => {
    const { lang: _lang, ...aliases } = request.query as Record<string, string>
    const codes = [...new Set(Object.values(aliases))]
    const values = await lookupValues(app.db, codes, tenantOf(request), languageOf(request))
    return Object.fromEntries(Object.entries(aliases).map(([alias, code]) => [alias, values.get(code) ?? []]))
  }
  for (const prefix of ['/api/hpfm/v1/:tenantId', '/api/hpfm/v1']) {
    const params = prefix.includes(':tenantId') ? { params: TenantParams } : {}
    app.get(`${prefix}/lovs/data`, { schema: { ...params, querystring: LovQuery } }, single)
    app.get(`${prefix}/lovs/value`, { schema: { ...params, querystring: LovQuery } }, single)
    app.get(`${prefix}/lovs/value/batch`, { schema: { ...params, querystring: BatchQuery } }, batch)
  }
  const pub = { config: { public: true } }
  app.get('/api/hpfm/v1/pub/lovs/data', { ...pub, schema: { querystring: LovQuery } }, single)
  app.get('/api/hpfm/v1/pub/lovs/value', { ...pub, schema: { querystring: LovQuery } }, single)
  app.get('/api/hpfm/v1/pub/lovs/value/batch', { ...pub, schema: { querystring: BatchQuery } }, batch)
}
