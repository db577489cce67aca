/**
 * The inventory forecast chart (schemas/pages/winv/inventory-forecasts-chart.page.json) reads real figures:
 * each card's aggregate, asked as the dashboard asks it, answers from the forecast the server computed from the
 * ledger — the risk figures add up to the forecast rows, and the days-of-cover bars are those of the goods at risk.
 */
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
let token: string
const page = JSON.parse(
  readFileSync(
    new URL('../../schemas/pages/winv/inventory-forecasts-chart.page.json', import.meta.url),
    'utf8',
  ),
) as { cards: Row[] }

beforeAll(async () => {
  app = await createTestApp()
  token = await signIn(app, 'admin', 'Admin@123')
  const recomputed = await injectAs(app, token, 'POST', '/api/wms/v1/1/inventory-forecasts/recompute', {
    windowDays: 30,
  })
  expect(recomputed.statusCode, recomputed.body).toBe(200)
})
afterAll(() => app.close())

async function aggregate(card: Row): Promise<Array<{ key: string | null; value: number }>> {
  const query = new URLSearchParams({
    ...Object.fromEntries(Object.entries(card.filters ?? {}).map(([k, v]) => [k, String(v)])),
    measure: card.measure ?? 'count',
    ...(card.field ? { field: card.field } : {}),
    ...(card.groupBy ? { groupBy: card.groupBy } : {}),
  })
  const path = String(card.dataSource.path).replace('{tenantId}', '1')
  const response = await injectAs(app, token, 'GET', `/api/wms${path}/aggregate?${query}`)
  expect(response.statusCode, `${card.key}: ${response.body}`).toBe(200)
  return response.json()
}

describe('inventory forecast chart', () => {
  it('answers every card from the computed forecast', async () => {
    const rows: Row[] = (
      await injectAs(app, token, 'GET', '/api/wms/v1/1/inventory-forecasts?size=1000')
    ).json().content
    expect(rows.length).toBeGreaterThan(0)
    const byKey = Object.fromEntries(page.cards.map((c) => [c.key, c]))
    let counted = 0
    for (const risk of ['Short', 'Watch', 'Ok', 'Idle']) {
      const [figure] = await aggregate(byKey[`count${risk}`]!)
      expect(figure!.value).toBe(rows.filter((r) => r.riskLevel === risk.toUpperCase()).length)
      counted += figure!.value
    }
    expect(counted).toBe(rows.length)
    const pie = await aggregate(byKey.byRisk!)
    expect(pie.reduce((s, g) => s + g.value, 0)).toBe(rows.length)
    for (const [key, risk] of [
      ['shortCover', 'SHORT'],
      ['watchCover', 'WATCH'],
    ] as const) {
      const bars = await aggregate(byKey[key]!)
      const atRisk = rows.filter((r) => r.riskLevel === risk)
      expect(bars.map((b) => b.key).sort()).toEqual([...new Set(atRisk.map((r) => r.goodsCode))].sort())
      for (const bar of bars)
        expect(bar.value).toBe(
          Math.min(...atRisk.filter((r) => r.goodsCode === bar.key).map((r) => Number(r.daysOfCover))),
        )
    }
    const movers = await aggregate(byKey.topOutbound!)
    expect(movers.length).toBeGreaterThan(0)
    expect(movers[0]!.value).toBeGreaterThanOrEqual(movers.at(-1)!.value)
  })
})
