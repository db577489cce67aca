/**
 * General templates rendered (hpfm/generalTemplate, /hpfm/general-template):
 * `GET /api/hpfm/v1/{tenantId}/general-templates/render?codes=A,B&name=value…` answers the enabled templates
 * of those codes of the caller's tenant, each in the caller's language (else the first of zh_CN, en_US, zh_TW
 * that has one), with its {placeholders} filled:
 *
 *   tenantName, printedBy, printedAt  from the server (the tenant, the user's real name, now in the user's
 *                                     time zone); a query value of the same name does not replace them
 *   any other query parameter         its value (documentType, documentNumber …)
 *
 * A placeholder nobody fills stays as written ({copy} of a document print is filled per sheet by the
 * DocumentPrint widget; a misspelt one is seen on the sheet and fixed on the template). The text is plain:
 * nothing is HTML-escaped, as the callers render it as text. Codes without a template are listed in `missing`;
 * when none of the codes has one the answer is 404 with what to create.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import { LANGUAGES, type Language } from '../../../renderer/contract/wire.ts'
import { interpolate } from '../../../renderer/contract/placeholders.ts'
import { badRequest, notFound } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'

const Params = Type.Object({ tenantId: Type.Integer() })
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/
const CODE = /^[A-Z0-9_.-]{1,60}$/

/** Languages tried for a user of `language`: their own, then the platform's order. */
export const languageOrder = (language: Language): Language[] => [
  language,
  ...LANGUAGES.filter((lang) => lang !== language),
]

/** Now as YYYY-MM-DD HH:mm:ss in `timeZone` (the server's own when it is empty or unknown). */
function localTime(now: number, timeZone: string | null) {
  const format = (zone?: string) =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(new Date(now))
  try {
    return format(timeZone || undefined)
  } catch {
    return format()
  }
}

export interface RenderedTemplate {
  templateCode: string
  templateName: string
  templateType: string
  lang: Language
  text: string
}

export const generalTemplateRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/hpfm/v1/:tenantId/general-templates/render',
    {
      config: {
        fieldRules: {
          none: 'answers the filled text of templates, not their rows; any signed-in user of the tenant prints with them',
        },
      },
      schema: {
        params: Params,
        querystring: {
          type: 'object',
          required: ['codes'],
          properties: { codes: { type: 'string', minLength: 1, maxLength: 500 } },
          additionalProperties: { type: 'string', maxLength: 500 },
        },
      },
    },
    async (request) => {
      const session = sessionOf(request)
      const { codes: list, ...given } = request.query as Record<string, string>
      const codes = [...new Set(list!.split(',').map((code) => code.trim()))].filter(Boolean)
      const bad = codes.filter((code) => !CODE.test(code))
      if (!codes.length || bad.length || codes.length > 20)
        throw badRequest(
          `codes: give 1 to 20 comma-separated template codes of capitals, digits, _ . and - (got '${list!.slice(0, 80)}').`,
          {
            codes: bad.length ? `not a template code: ${bad.join(', ').slice(0, 80)}` : 'one to twenty codes',
          },
        )
      const wrongName = Object.keys(given).find((name) => !NAME.test(name))
      if (wrongName !== undefined)
        throw badRequest(
          `${wrongName.slice(0, 40)}: name a placeholder value with a letter then letters, digits or _ (at most 40).`,
          { [wrongName.slice(0, 40)]: 'not a placeholder name' },
        )
      const { rows } = await sql<{
        templateCode: string
        templateName: string
        templateType: string
        lang: Language
        templateContent: string
      }>`select template_code, template_name, template_type, lang, template_content from hpfm_general_template
        where tenant_id = ${session.tenantId} and enabled_flag = 1
          and template_code in (${sql.join(codes)})`.execute(app.db)
      const order = languageOrder(session.language)
      const rank = (lang: string) => {
        const at = order.indexOf(lang as Language)
        return at < 0 ? order.length : at
      }
      const chosen = new Map<string, (typeof rows)[number]>()
      for (const row of rows) {
        const held = chosen.get(row.templateCode)
        if (!held || rank(row.lang) < rank(held.lang)) chosen.set(row.templateCode, row)
      }
      const missing = codes.filter((code) => !chosen.has(code))
      if (!chosen.size)
        throw notFound(
          `No enabled general template ${missing.join(', ')} exists in this tenant in any language: create it on /hpfm/general-template (or enable it), or check the code.`,
        )
      const who = await sql<{ realName: string; timeZone: string | null; tenantName: string }>`
        select u.real_name, u.time_zone, t.tenant_name from iam_user u, hpfm_tenant t
        where u.id = ${session.userId} and t.id = ${session.tenantId}`.execute(app.db)
      const me = who.rows[0]
      const values: Record<string, string> = {
        ...given,
        tenantName: me?.tenantName ?? '',
        printedBy: me?.realName ?? '',
        printedAt: localTime(app.config.now(), me?.timeZone ?? null),
      }
      const templates: Record<string, RenderedTemplate> = {}
      for (const code of codes) {
        const row = chosen.get(code)
        if (row)
          templates[code] = {
            templateCode: row.templateCode,
            templateName: row.templateName,
            templateType: row.templateType,
            lang: row.lang,
            text: interpolate(row.templateContent, values),
          }
      }
      return { templates, missing }
    },
  )
}
