/**
 * Issue 19, the floor's pickers and reference columns: a picker finds by code, name and barcode (prefix matches
 * first) through lovs/data's `keyword`, and every Lov a page column is drawn with names its ids (`ids`), so no
 * list shows a bare id where the referenced record has a name. The column checks are generated from every page
 * file and every seeded Lov view: a new page or view is covered without editing this file.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readLovViewSeed } from '../../server/seed/lov-views.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { pageColumns } from './support/page-columns.ts'

let app: FastifyInstance
let admin: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

type Row = Record<string, unknown>
const get = (url: string) => injectAs(app, admin, 'GET', url)
const goodsPicker = async (params: Record<string, string>) => {
  const query = new URLSearchParams({ lovCode: 'WINV.GOODS', page: '0', size: '10', ...params })
  const response = await get(`/api/hpfm/v1/1/lovs/data?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { content: Row[]; totalElements: number }
}
const views = readLovViewSeed().filter((view) => (view.tenantId ?? 0) === 0)
const viewOf = (code: string) => views.find((view) => (view.lovCode ?? view.viewCode) === code)

describe('a picker finds by code, name and barcode, prefix matches first (lovs/data keyword)', () => {
  it('finds the goods of the inbound order line by its SKU code, its barcode and its name', async () => {
    const byCode = await goodsPicker({ keyword: 'SKU00003' })
    expect(byCode.content.map((row) => row.goodsCode)).toEqual(['SKU00003'])
    const byBarcode = await goodsPicker({ keyword: '6900000000002' })
    expect(byBarcode.content.map((row) => row.goodsCode)).toEqual(['SKU00002'])
    const byName = await goodsPicker({ keyword: '牙膏' })
    expect(byName.content.map((row) => row.goodsCode)).toContain('SKU00003')
    const lowerCase = await goodsPicker({ keyword: 'sku0000' })
    expect(lowerCase.totalElements).toBeGreaterThanOrEqual(9)
  })

  it('ranks a code that equals or starts with the text before one that only contains it', async () => {
    const owners = (await get('/api/wms/v1/1/owners?page=0&size=1')).json() as { content: Row[] }
    const ownerId = owners.content[0]?.ownerId
    for (const [goodsCode, goodsName] of [
      ['AQZX-1', 'contains the text'],
      ['QZX-2', 'starts with the text'],
      ['QZX', 'is the text'],
    ]) {
      const created = await injectAs(app, admin, 'POST', '/api/wms/v1/1/goods', {
        goodsCode,
        goodsName,
        ownerId,
        uomCode: 'EA',
      })
      expect(created.statusCode, created.body).toBeLessThan(300)
    }
    const found = await goodsPicker({ keyword: 'qzx' })
    // sorted by code alone, AQZX-1 would come first
    expect(found.content.map((row) => row.goodsCode)).toEqual(['QZX', 'QZX-2', 'AQZX-1'])
  })

  it('keeps the view’s own search fields and refuses an unknown one, naming the allowed ones', async () => {
    const both = await goodsPicker({ keyword: 'SKU', goodsName: '牙膏' })
    expect(both.content.map((row) => row.goodsCode)).toEqual(['SKU00003'])
    const response = await get('/api/hpfm/v1/1/lovs/data?lovCode=WINV.GOODS&colour=red')
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(/'colour' is not a search field.*goodsCode/)
  })

  it('answers `ids` with those rows only, and refuses too many ids with a clear message', async () => {
    const all = await goodsPicker({})
    const [first, second] = all.content
    const named = await goodsPicker({ ids: `${String(first?.goodsId)},${String(second?.goodsId)}` })
    expect(named.content.map((row) => row.goodsName).sort()).toEqual(
      [first?.goodsName, second?.goodsName].sort(),
    )
    const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',')
    const refused = await get(`/api/hpfm/v1/1/lovs/data?lovCode=WINV.GOODS&ids=${many}`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(/at most 200/)
  })
})

describe('every reference column shows the referenced record’s name (generated over every page column)', () => {
  const columns = pageColumns()
  const lovColumns = columns.filter((c) => c.spec?.widget === 'Lov' || c.spec?.widget === 'MulLov')

  it('finds the page columns to check', () => {
    expect(lovColumns.length).toBeGreaterThan(100)
  })

  it('a column holding the key a Lov view picks is drawn through a Lov (so its name is shown)', () => {
    // Key fields with the same name as a view's value field but another entity: not that view's key.
    const otherEntity: Record<string, string> = {
      outboundOrderId: 'WINV.JXS_ORDER picks dealer orders; outbound orders have no picker of their own',
    }
    // ids, not codes: a code is what the user reads, an id means nothing to them
    const keys = new Set(views.map((view) => view.valueField).filter((field) => field.endsWith('Id')))
    const bare = columns.filter(
      (c) =>
        keys.has(c.field) &&
        c.field !== c.ownKey &&
        !otherEntity[c.field] &&
        c.spec?.widget !== 'Lov' &&
        c.spec?.widget !== 'MulLov',
    )
    expect(
      bare.map((c) => `${c.file}${c.pointer} (${c.field}: ${String(c.spec?.widget)})`),
      'draw these columns with "widget": "Lov" and the lovCode of their entity',
    ).toEqual([])
  })

  it('every Lov a column is drawn with names its ids (lovs/data ids=)', async () => {
    const codes = [...new Set(lovColumns.map((c) => String(c.spec?.lovCode)))].sort()
    const unnamed: string[] = []
    const empty: string[] = []
    for (const code of codes) {
      const view = viewOf(code)
      if (!view || view.lovTypeCode === 'IDP') continue // value sets: named by their values (lookups)
      const firstPage = await get(`/api/hpfm/v1/1/lovs/data?lovCode=${code}&page=0&size=1`)
      const first = (firstPage.json() as { content?: Row[] }).content?.[0]
      if (!first) {
        empty.push(code)
        continue
      }
      const id = String(first[view.valueField])
      const answer = await get(
        `/api/hpfm/v1/1/lovs/data?lovCode=${code}&page=0&size=10&ids=${encodeURIComponent(id)}`,
      )
      const rows = answer.statusCode === 200 ? ((answer.json() as { content?: Row[] }).content ?? []) : []
      const row = rows.find((r) => String(r[view.valueField]) === id)
      if (!row || row[view.displayField] !== first[view.displayField])
        unnamed.push(`${code} (${answer.statusCode}: ${answer.body.slice(0, 120)})`)
    }
    expect(unnamed, 'these Lovs cannot name the ids their columns show').toEqual([])
    // a view with no rows in the seed cannot be checked here: few of them, and said
    expect(empty.length).toBeLessThan(codes.length / 4)
  })
})
