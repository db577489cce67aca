/**
 * Barcode conversion rules (wmdm/barcode-convert-rules): a rule's regular expression must match the scanned
 * barcode; the result is the replacement with $1 / $<name> filled, or — when the replacement is empty — the
 * first capture group, else the whole match. `convert` tries the enabled rules of a target type by priority.
 */
import { Type } from '@sinclair/typebox'
import { sql } from 'kysely'
import type { TypedPlugin } from '../../type-provider.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { filteredRows } from '../models/model-list.ts'
import { modelDb } from '../models/model-scope.ts'
import { getRow } from '../models/model-write.ts'

export const TEST_PERMISSION = 'wmdm.barcodeConvertRules.button.test'

export interface BarcodeRule {
  ruleCode: string
  matchPattern: string
  replacement?: string | null
}

export type Conversion = { matched: true; result: string } | { matched: false; reason: string }

/** Applies one rule; a pattern that is not a regular expression is a 400 naming the rule. */
export function applyRule(rule: BarcodeRule, barcode: string): Conversion {
  let pattern: RegExp
  try {
    pattern = new RegExp(rule.matchPattern)
  } catch (error) {
    throw badRequest(
      `Rule ${rule.ruleCode}: the pattern is not a valid regular expression (${(error as Error).message}): correct it on the rule.`,
      { matchPattern: 'not a valid regular expression' },
    )
  }
  const match = pattern.exec(barcode)
  if (!match) return { matched: false, reason: `'${barcode}' does not match ${rule.matchPattern}` }
  const replacement = rule.replacement ?? ''
  const result = replacement
    ? match[0].replace(pattern, replacement)
    : (match.slice(1).find((group) => group !== undefined) ?? match[0])
  return { matched: true, result }
}

const Params = Type.Object({ tenantId: Type.Integer({ minimum: 0 }) })
const IdParams = Type.Object({ tenantId: Type.Integer({ minimum: 0 }), id: Type.Integer({ minimum: 1 }) })
const Barcode = Type.String({ minLength: 1, maxLength: 200 })
const TestBody = Type.Object({ barcode: Type.Optional(Type.Union([Barcode, Type.Null()])) })
const ConvertBody = Type.Object(
  { barcode: Barcode, targetType: Type.Optional(Type.String({ maxLength: 30 })) },
  { additionalProperties: false },
)

export function barcodeRoutes(model: ModelSchema): TypedPlugin {
  return async (app) => {
    const base = '/api/wms/v1/:tenantId/barcode-convert-rules'
    // Applies one rule to the barcode sent (else its sample) and keeps the outcome on the rule (testResult).
    app.post(
      `${base}/:id/test`,
      {
        config: {
          fieldRules: {
            none: 'answers the outcome of applying a rule to a barcode (its code and the parts found), not the rule row',
          },
        },
        preHandler: requirePermission(TEST_PERMISSION),
        schema: { params: IdParams, body: TestBody },
      },
      async (request) => {
        const session = sessionOf(request)
        const { id } = request.params
        const rule = await getRow(app.db, model, session, id)
        const barcode = request.body.barcode ?? (rule.sampleBarcode as string | null)
        if (!barcode)
          throw badRequest('No barcode to test: enter a sample barcode on the rule (or send "barcode").', {
            barcode: 'required',
          })
        const outcome = applyRule(rule as unknown as BarcodeRule, barcode)
        const testResult = outcome.matched ? `${barcode} → ${outcome.result}` : `✗ ${outcome.reason}`
        await modelDb(app.db)
          .updateTable(model.table)
          .set({
            testResult: testResult.slice(0, 480),
            lastUpdatedBy: session.userId,
            lastUpdateDate: sql`localtimestamp(0)`,
          })
          .where(model.primaryKey, '=', id)
          .where('tenantId', '=', session.tenantId)
          .execute()
        return { ruleCode: rule.ruleCode, barcode, ...outcome }
      },
    )
    // What a scanner calls: the first enabled rule (by priority) of the target type that matches.
    app.post(
      `${base}/convert`,
      {
        config: { fieldRules: { none: 'answers what a scanned barcode converts to, not a rule row' } },
        preHandler: requirePermission(TEST_PERMISSION),
        schema: { params: Params, body: ConvertBody },
      },
      async (request) => {
        const { barcode, targetType } = request.body
        let rules = filteredRows(modelDb(app.db), model, sessionOf(request), { enabledFlag: 1 }).selectAll()
        if (targetType) rules = rules.where('targetType', '=', targetType)
        for (const rule of await rules.orderBy('priority', 'asc').orderBy('ruleCode', 'asc').execute()) {
          const outcome = applyRule(rule as unknown as BarcodeRule, barcode)
          if (outcome.matched)
            return {
              barcode,
              matched: true,
              result: outcome.result,
              ruleCode: rule.ruleCode,
              targetType: rule.targetType,
            }
        }
        return { barcode, matched: false, result: barcode, ruleCode: null, targetType: targetType ?? null }
      },
    )
  }
}
