/**
 * The floor flows on the screens (issue 19; schemas/README.md "Floor flows"): an order's printed pick list walks
 * the locations in pick path order, not in line order; the "Put away lines" dialog offers the suggested
 * locations (the same goods' place first) and puts the goods away where they were accepted. A count above the
 * approval threshold approved by a second person is walked by clerk-day.e2e.ts.
 * Master data, stock and documents are set up through the API; the steps under test are clicks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { accessToken, launch, openSession, signIn } from './browser'
import { rows, searchList } from './antd-locators'
import { apiOk, content, type Row, newInboundOrder } from './wms-api'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SLOW = { timeout: 30_000 }
const WAREHOUSE_ID = 1 // WH-E001
/** A new code per run and per call (a retry runs on the same database). */
const RUN = String(Date.now() % 100000)
let calls = 0

/** The floor's fixtures: goods of OWN-A, the storage area, the receiving location. */
async function floor(page: Page, token: string) {
  const tag = `${RUN}${++calls}`
  const owner = (await content(page, token, 'owners?ownerCode=OWN-A'))[0]!
  const rcv = (await content(page, token, `locations?locationCode=RCV-01&warehouseId=${WAREHOUSE_ID}`))[0]!
  const area = (await content(page, token, `whareas?warehouseId=${WAREHOUSE_ID}&size=50`)).find(
    (a) => a.areaType === 'STORAGE',
  )!
  const goods = async (suffix: string) =>
    apiOk(page, token, 'POST', 'goods', {
      goodsCode: `E2E-FF-${suffix}-${tag}`,
      goodsName: `E2E floor ${suffix}`,
      ownerId: owner.ownerId,
      uomCode: 'EA',
      weight: 1,
      unitPrice: 10,
    })
  const location = async (code: string, pickSequence?: number) =>
    apiOk(page, token, 'POST', 'locations', {
      warehouseId: WAREHOUSE_ID,
      whareaId: area.whareaId,
      locationCode: `E2E-${code}-${tag}`,
      locationType: 'PALLET',
      capacity: 100,
      pickSequence,
    })
  /** An inbound order received in full, one line per entry (put away by the caller). */
  const received = async (lines: Array<{ goods: Row; quantity: number; to?: Row }>) => {
    const header = await newInboundOrder(
      page,
      token,
      { warehouseId: WAREHOUSE_ID, ownerId: owner.ownerId, receivingLocationId: rcv.locationId },
      lines.map((line) => ({
        goodsId: line.goods.goodsId,
        quantity: line.quantity,
        putawayLocationId: line.to?.locationId ?? null,
      })),
    )
    const id = Number(header.inboundOrderId)
    for (const action of ['execute', 'receive'])
      await apiOk(
        page,
        token,
        'POST',
        `inbound-orders/${id}/${action}`,
        await apiOk(page, token, 'GET', `inbound-orders/${id}`),
      )
    return { id, orderNum: String(header.orderNum) }
  }
  const stockAt = async (goods: Row, quantity: number, to: Row) => {
    const { id } = await received([{ goods, quantity, to }])
    await apiOk(
      page,
      token,
      'POST',
      `inbound-orders/${id}/putaway`,
      await apiOk(page, token, 'GET', `inbound-orders/${id}`),
    )
  }
  return { owner, goods, location, received, stockAt }
}

describe('floor flows on the screens', () => {
  it("prints an order's pick list in pick path order, not in its line order", async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    try {
      await signIn(page, 'admin', 'Admin@123')
      await page.waitForURL('**/workplace')
      const token = await accessToken(context)
      const f = await floor(page, token)
      // codes A, B, C; the walk is B (1), C (2), A (3)
      const [a, b, c] = [await f.location('PA', 3), await f.location('PB', 1), await f.location('PC', 2)]
      const [ga, gb, gc] = [await f.goods('A'), await f.goods('B'), await f.goods('C')]
      await f.stockAt(ga, 5, a)
      await f.stockAt(gb, 5, b)
      await f.stockAt(gc, 5, c)
      const { header } = (await apiOk(page, token, 'POST', 'outbound-orders/with-lines', {
        header: {
          orderType: 'NORMAL',
          warehouseId: WAREHOUSE_ID,
          ownerId: f.owner.ownerId,
          customerName: 'E2E pick path',
          receiverName: 'E2E receiver',
          receiverPhone: '13900005555',
          receiverAddress: '5 E2E road',
        },
        lines: [
          {
            key: 'lines',
            resource: 'outbound-lines',
            parentField: 'outboundOrderId',
            rows: [ga, gb, gc].map((goods, i) => ({
              _status: 'create',
              lineNum: i + 1,
              goodsId: goods.goodsId,
              quantity: 2,
            })),
          },
        ],
      })) as { header: Row }
      const orderId = Number(header.outboundOrderId)
      for (const action of ['submit', 'allocate'])
        await apiOk(
          page,
          token,
          'POST',
          `outbound-orders/${orderId}/${action}`,
          await apiOk(page, token, 'GET', `outbound-orders/${orderId}`),
        )

      await page.goto('/winv/outboundOrder')
      const orders = page.locator('[data-page-key="/winv/outboundOrder"]')
      await searchList(orders, 'Order number', String(header.orderNum))
      await expect.poll(() => rows(orders).count(), SLOW).toBe(1)
      await rows(orders).first().getByRole('button', { name: 'Pick list', exact: true }).click()
      await page.waitForURL(/\/winv\/outboundOrder\/pickList\?outboundOrderId=\d+/, SLOW)
      const sheet = page.getByTestId('document-sheet')
      const lineRows = sheet.getByRole('table', { name: 'Lines' }).locator('tbody tr')
      await expect.poll(() => lineRows.count(), SLOW).toBe(3)
      const walk = (await lineRows.allInnerTexts()).map((text) => text.match(/E2E-P[ABC]-\d+/)?.[0])
      expect(walk).toEqual([b.locationCode, c.locationCode, a.locationCode])
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('"Put away lines" offers the suggested locations; Fill accepts them and the goods go there', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    try {
      await signIn(page, 'admin', 'Admin@123')
      await page.waitForURL('**/workplace')
      const token = await accessToken(context)
      const f = await floor(page, token)
      // the goods' place (room for 10 more) and an empty place of its area, first on the pick path
      const home = await f.location('PUT', 0)
      const spare = await f.location('PUT2', 1)
      const goods = await f.goods('PUT')
      await f.stockAt(goods, 90, home)
      const { id, orderNum } = await f.received([{ goods, quantity: 25 }])
      const suggested: Row[] = (await apiOk(page, token, 'GET', `inbound-orders/${id}/putaway-suggestions`))
        .lines as Row[]
      expect(suggested[0]).toMatchObject({
        rule: 'SAME_GOODS',
        locationCode: home.locationCode,
        quantity: 10,
      })

      await page.goto('/winv/inboundOrder')
      const list = page.locator('[data-page-key="/winv/inboundOrder"]')
      await searchList(list, 'Order number', orderNum)
      await expect.poll(() => rows(list).count(), SLOW).toBe(1)
      await rows(list).first().getByRole('button', { name: 'Put away lines', exact: true }).click()
      const dialog = page.locator('.ant-modal-content').filter({ hasText: 'Put away: suggested locations' })
      await dialog.waitFor(SLOW)
      await expect.poll(() => rows(dialog).count(), SLOW).toBe(suggested.length)
      expect(await rows(dialog).first().locator('input').first().inputValue()).toBe(home.locationCode)
      await dialog.getByRole('button', { name: /^Fill/ }).click()
      await dialog.getByRole('button', { name: 'Put away lines', exact: true }).click()
      await expect.poll(() => dialog.isVisible(), SLOW).toBe(false)
      expect((await apiOk(page, token, 'GET', `inbound-orders/${id}`)).orderStatus).toBe('COMPLETED')
      const stock = await content(page, token, `stocks?goodsId=${goods.goodsId}&size=20`)
      const at = (code: unknown) =>
        Number(
          stock.find(
            (balance) => balance.locationId === suggested.find((s) => s.locationCode === code)?.locationId,
          )?.quantity ?? 0,
        )
      expect(at(home.locationCode)).toBe(100)
      expect(at(spare.locationCode)).toBe(15)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
