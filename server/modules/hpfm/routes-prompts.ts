import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { LANGUAGES } from '../../../renderer/contract/wire.ts'
import { escapeLike } from '../../like.ts'

const Params = Type.Object({
  tenantId: Type.Optional(Type.Integer()),
  lang: Type.Union(LANGUAGES.map((code) => Type.Literal(code))),
})
const Query = Type.Object({ promptKey: Type.Optional(Type.String({ maxLength: 240 })) })

/**
 * Translations: flat map key → text for keys starting with `promptKey` (comma-separated prefixes allowed).
 * Platform texts (tenant 0) first, the tenant's own override them. The browser ships defaults; these override.
 */
export const promptRoutes: FastifyPluginAsync = async (app) => {
  const prompts = async (request: FastifyRequest) => {
    const { tenantId = request.session?.tenantId ?? 0, lang } = request.params as typeof Params.static
    const prefixes = ((request.query as typeof Query.static).promptKey ?? '').split(',').map((p) => p.trim())
    let query = app.db
      .selectFrom('hpfmPrompt')
      .select(['promptKey', 'description', 'tenantId'])
      .where('lang', '=', lang)
      .where('tenantId', 'in', [0, tenantId])
    const wanted = prefixes.filter(Boolean)
    if (wanted.length)
      query = query.where((eb) =>
        eb.or(wanted.map((prefix) => eb('promptKey', 'like', `${escapeLike(prefix)}%`))),
      )
    const rows = await query.orderBy('tenantId').execute()
    return Object.fromEntries(rows.map((row) => [row.promptKey, row.description]))
  }
  app.get('/api/hpfm/v1/:tenantId/prompt/:lang', { schema: { params: Params, querystring: Query } }, prompts)
  app.get('/api/hpfm/v1/prompt/:lang', { schema: { params: Params, querystring: Query } }, prompts)
  app.get(
    '/api/hpfm/v1/pub/prompt/:lang',
    { config: { public: true }, schema: { params: Params, querystring: Query } },
    prompts,
  )
}
