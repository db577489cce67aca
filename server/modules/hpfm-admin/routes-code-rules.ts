import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import { notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { formatDate } from '../hpfm/code-rules.ts'
import { contains, slicePage, PagingQuery } from './paging.ts'
import { NoBody, TenantParams } from '../../schemas.ts'
import './tables.ts'

const RuleParams = Type.Object({ tenantId: Type.Integer(), codeRuleId: Type.Integer() })

/**
 * Code rules beyond their CRUD (the model hpfm/codeRule serves the tenant's own rules):
 * - `platform-code-rules`: the platform's rules (tenant 0), each marked when the tenant overrides it;
 * - `code-rules/{id}/sequences`: the tenant's counters of a rule (platform or own), with the next code each
 *   would give, and a reset of one counter (the next document starts again at 1).
 */
export const codeRuleRoutes: TypedPlugin = async (app) => {
  app.get(
    '/api/hpfm/v1/:tenantId/platform-code-rules',
    {
      schema: {
        params: TenantParams,
        querystring: Type.Object({
          ruleCode: Type.Optional(Type.String({ maxLength: 120 })),
          ruleName: Type.Optional(Type.String({ maxLength: 120 })),
          ...PagingQuery,
        }),
      },
    },
    async (request) => {
      const session = sessionOf(request)
      const q = request.query
      const rules = await app.db
        .selectFrom('hpfmCodeRule')
        .selectAll()
        .where('tenantId', 'in', [0, session.tenantId])
        .orderBy('ruleCode')
        .execute()
      const platform = rules
        .filter((rule) => rule.tenantId === 0)
        .filter((rule) => contains(rule.ruleCode, q.ruleCode) && contains(rule.ruleName, q.ruleName))
        .map((rule) => ({
          codeRuleId: Number(rule.codeRuleId),
          ruleCode: rule.ruleCode,
          ruleName: rule.ruleName,
          prefix: rule.prefix,
          dateFormat: rule.dateFormat,
          sequenceLength: rule.sequenceLength,
          resetPerDay: rule.resetPerDay,
          enabledFlag: rule.enabledFlag,
          overriddenFlag: rules.some(
            (own) => own.tenantId !== 0 && own.ruleCode === rule.ruleCode && own.enabledFlag === 1,
          )
            ? 1
            : 0,
        }))
      return slicePage(platform, q.page, q.size)
    },
  )

  const ruleOf = async (tenantId: number, codeRuleId: number) => {
    const rule = await app.db
      .selectFrom('hpfmCodeRule')
      .selectAll()
      .where('codeRuleId', '=', codeRuleId)
      .where('tenantId', 'in', [0, tenantId])
      .executeTakeFirst()
    if (!rule) throw notFound(`Code rule ${codeRuleId} does not exist in this tenant: reload the list.`)
    return rule
  }

  app.get(
    '/api/hpfm/v1/:tenantId/code-rule-sequences/:codeRuleId',
    { schema: { params: RuleParams, querystring: Type.Object(PagingQuery) } },
    async (request) => {
      const session = sessionOf(request)
      const { codeRuleId } = request.params
      const q = request.query
      const rule = await ruleOf(session.tenantId, codeRuleId)
      const rows = await app.db
        .selectFrom('hpfmCodeRuleSequence')
        .selectAll()
        .where('tenantId', '=', session.tenantId)
        .where('ruleCode', '=', rule.ruleCode)
        .orderBy('period', 'desc')
        .execute()
      const today = rule.resetPerDay ? formatDate('YYYYMMDD', new Date()) : 'all'
      const date = (period: string) =>
        rule.dateFormat
          ? formatDate(
              rule.dateFormat,
              period === 'all'
                ? new Date()
                : new Date(`${period.slice(0, 4)}-${period.slice(4, 6)}-${period.slice(6, 8)}T12:00:00`),
            )
          : ''
      return slicePage(
        rows.map((row) => ({
          ruleCode: row.ruleCode,
          period: row.period,
          currentValue: Number(row.currentValue),
          lastCode: `${rule.prefix}${date(row.period)}${String(row.currentValue).padStart(rule.sequenceLength, '0')}`,
          nextCode:
            row.period === today
              ? `${rule.prefix}${date(row.period)}${String(Number(row.currentValue) + 1).padStart(rule.sequenceLength, '0')}`
              : null,
          currentFlag: row.period === today ? 1 : 0,
        })),
        q.page,
        q.size,
      )
    },
  )

  app.post(
    '/api/hpfm/v1/:tenantId/code-rule-sequences/:codeRuleId/:period/reset',
    {
      preHandler: requirePermission('hpfm.codeRuleOrg.button.reset'),
      schema: {
        body: NoBody,
        params: Type.Object({
          tenantId: Type.Integer(),
          codeRuleId: Type.Integer(),
          period: Type.String({ pattern: '^(all|[0-9]{8})$' }),
        }),
      },
    },
    async (request) => {
      const session = sessionOf(request)
      const { codeRuleId, period } = request.params
      const rule = await ruleOf(session.tenantId, codeRuleId)
      const result = await app.db
        .deleteFrom('hpfmCodeRuleSequence')
        .where('tenantId', '=', session.tenantId)
        .where('ruleCode', '=', rule.ruleCode)
        .where('period', '=', period)
        .executeTakeFirst()
      if (!Number(result.numDeletedRows))
        throw notFound(
          `Rule ${rule.ruleCode} has no counter for ${period}: nothing to reset; check the period.`,
        )
      return { ruleCode: rule.ruleCode, period, reset: true }
    },
  )
}
