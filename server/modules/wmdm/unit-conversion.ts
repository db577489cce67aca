/**
 * Unit conversion (wmdm/unitConversion): a rule says one `fromUom` holds `rate` `toUom`, for one goods item or
 * for all (empty goods code). A quantity converts along at most three rules, each usable either way; a goods
 * item's own rule for a pair of units wins over the general one.
 */
import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { notFound } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { filteredRows } from '../models/model-list.ts'
import { modelDb } from '../models/model-scope.ts'

export interface ConversionRule {
  goodsCode: string | null
  fromUom: string
  toUom: string
  rate: number
}

const MAX_STEPS = 3
const round = (value: number) => Number(value.toFixed(6))

/** The factor turning one `from` into `to` units (breadth-first, shortest chain), or undefined. */
export function conversionFactor(rules: ConversionRule[], from: string, to: string, goodsCode?: string) {
  if (from === to) return { factor: 1, path: [from] }
  // One edge per unit pair: the goods item's own rule replaces the general one.
  const edges = new Map<string, Array<{ to: string; factor: number }>>()
  const own = (rule: ConversionRule) => Boolean(goodsCode) && rule.goodsCode === goodsCode
  const chosen = new Map<string, ConversionRule>()
  for (const rule of rules) {
    if (rule.goodsCode && !own(rule)) continue
    const key = [rule.fromUom, rule.toUom].sort().join('|')
    const current = chosen.get(key)
    if (!current || (own(rule) && !own(current))) chosen.set(key, rule)
  }
  const link = (a: string, b: string, factor: number) =>
    edges.set(a, [...(edges.get(a) ?? []), { to: b, factor }])
  for (const rule of chosen.values()) {
    link(rule.fromUom, rule.toUom, Number(rule.rate))
    link(rule.toUom, rule.fromUom, 1 / Number(rule.rate))
  }
  let frontier = [{ unit: from, factor: 1, path: [from] }]
  for (let step = 0; step < MAX_STEPS; step++) {
    const next: typeof frontier = []
    for (const node of frontier)
      for (const edge of edges.get(node.unit) ?? []) {
        if (node.path.includes(edge.to)) continue
        const reached = { unit: edge.to, factor: node.factor * edge.factor, path: [...node.path, edge.to] }
        if (edge.to === to) return { factor: reached.factor, path: reached.path }
        next.push(reached)
      }
    frontier = next
  }
  return undefined
}

const Query = Type.Object(
  {
    fromUom: Type.String({ minLength: 1, maxLength: 20 }),
    toUom: Type.String({ minLength: 1, maxLength: 20 }),
    quantity: Type.Number(),
    goodsCode: Type.Optional(Type.String({ maxLength: 60 })),
  },
  { additionalProperties: false },
)

export function unitConversionRoutes(model: ModelSchema): TypedPlugin {
  return async (app) => {
    app.get(
      '/api/wms/v1/:tenantId/unit-conversions/convert',
      {
        config: { fieldRules: { none: 'answers a converted quantity, not a conversion row' } },
        schema: { params: Type.Object({ tenantId: Type.Integer({ minimum: 0 }) }), querystring: Query },
      },
      async (request) => {
        const { fromUom, toUom, quantity, goodsCode } = request.query
        const rules = (await filteredRows(modelDb(app.db), model, sessionOf(request), { enabledFlag: 1 })
          .selectAll()
          .execute()) as unknown as ConversionRule[]
        const found = conversionFactor(rules, fromUom, toUom, goodsCode || undefined)
        if (!found)
          throw notFound(
            `No conversion from ${fromUom} to ${toUom}${goodsCode ? ` for ${goodsCode}` : ''} (at most ${MAX_STEPS} steps): add one on the unit conversion screen.`,
          )
        return {
          fromUom,
          toUom,
          quantity,
          goodsCode: goodsCode ?? null,
          result: round(quantity * found.factor),
          factor: round(found.factor),
          path: found.path,
        }
      },
    )
  }
}
