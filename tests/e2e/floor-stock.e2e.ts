/**
 * The floor-stock rules on the screens (issue 19): two lots of expiry-tracked FEFO goods are received (set up
 * through the API), the stock screen shows their expiry dates, an order for more than there is is allocated from
 * the order list with "Backorder the rest" switched on — FEFO takes the lot that expires first, the order goes on
 * ALLOCATED and names its backorder — and the stock ledger screen shows who made each move.
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
/** A new code per run (a retry runs on the same database). */
const CODE = `E2E-FEFO-${Date.now() % 100000}`

/** A date `days` from today, YYYY-MM-DD. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** Receives two lots of the goods and puts them away (the API: the receiving screens are tested elsewhere). */
async function receiveLots(page: Page, token: string, goods: Row, location: Row) {
  const header = await newInboundOrder(
    page,
    token,
    { warehouseId: WAREHOUSE_ID, ownerId: goods.ownerId, receivingLocationId: location.rcv },
    [1, 2].map(() => ({ goodsId: goods.goodsId, quantity: 3, putawayLocationId: location.store })),
  )
  const id = Number(header.inboundOrderId)
  const act = async (action: string, body: Row = {}) =>
    apiOk(page, token, 'POST', `inbound-orders/${id}/${action}`, {
      ...(await apiOk(page, token, 'GET', `inbound-orders/${id}`)),
      ...body,
    })
  await act('execute')
  const lines = (await content(page, token, `inbound-order-lines?inboundOrderId=${id}&size=10`)).sort(
    (a, b) => Number(a.lineNum) - Number(b.lineNum),
  )
  await act('receive', {
    lines: [
      { inboundLineId: lines[0]!.inboundLineId, batchCode: 'LOT-LATE', expiryDate: day(300) },
      { inboundLineId: lines[1]!.inboundLineId, batchCode: 'LOT-SOON', expiryDate: day(60) },
    ],
  })
  await act('putaway')
}

describe('floor stock on the screens', () => {
  it('lots with expiry on the stock screen, FEFO allocation with a backorder, who and when on the ledger', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    try {
      await signIn(page, 'admin', 'Admin@123')
      await page.waitForURL('**/workplace')
      const token = await accessToken(context)
      const owner = (await content(page, token, 'goods?goodsCode=SKU00007'))[0]!.ownerId
      const goods = await apiOk(page, token, 'POST', 'goods', {
        goodsCode: CODE,
        goodsName: 'E2E FEFO goods',
        ownerId: owner,
        uomCode: 'EA',
        weight: 1,
        batchManagedFlag: 1,
        expiryManagedFlag: 1,
        removalStrategy: 'FEFO',
      })
      const locations = await content(page, token, `locations?warehouseId=${WAREHOUSE_ID}&size=200`)
      const idOf = (code: string) => locations.find((l) => l.locationCode === code)!.locationId
      await receiveLots(page, token, goods, { rcv: idOf('RCV-01'), store: idOf('P01-07') })

      // The stock screen shows each lot's expiry date.
      await page.goto('/winv/stock')
      const stock = page.locator('[data-page-key="/winv/stock"]')
      await searchList(stock, 'Goods code', CODE)
      // two lots at the storage location, and their emptied balances at receiving
      await expect.poll(() => rows(stock).count(), SLOW).toBe(4)
      const stockText = (await rows(stock).allInnerTexts()).join('\n')
      expect(stockText).toContain(day(60))
      expect(stockText).toContain(day(300))

      // An order of 8 (6 in stock), allocated from the list with "Backorder the rest".
      const created = (await apiOk(page, token, 'POST', 'outbound-orders/with-lines', {
        header: {
          orderType: 'NORMAL',
          warehouseId: WAREHOUSE_ID,
          ownerId: owner,
          customerName: 'E2E FEFO customer',
          receiverName: 'E2E receiver',
          receiverPhone: '13900004444',
          receiverAddress: '4 E2E road',
        },
        lines: [
          {
            key: 'lines',
            resource: 'outbound-lines',
            parentField: 'outboundOrderId',
            rows: [{ _status: 'create', lineNum: 1, goodsId: goods.goodsId, quantity: 8 }],
          },
        ],
      })) as { header: Row }
      const orderId = Number(created.header.outboundOrderId)
      const orderNum = String(created.header.orderNum)
      await apiOk(page, token, 'POST', `outbound-orders/${orderId}/submit`, {
        ...(await apiOk(page, token, 'GET', `outbound-orders/${orderId}`)),
      })
      await page.goto('/winv/outboundOrder')
      const orders = page.locator('[data-page-key="/winv/outboundOrder"]')
      await searchList(orders, 'Order number', orderNum)
      await expect.poll(() => rows(orders).count(), SLOW).toBe(1)
      const row = rows(orders).first()
      await row.getByRole('button', { name: 'Allocate', exact: true }).click()
      const dialog = page.locator('.ant-modal-content').filter({ hasText: 'Backorder the rest' })
      await dialog.getByRole('switch').click()
      await dialog.getByRole('button', { name: 'Allocate', exact: true }).click()
      await expect.poll(() => row.innerText(), SLOW).toContain('Allocated')
      const allocated = await apiOk(page, token, 'GET', `outbound-orders/${orderId}`)
      expect(allocated).toMatchObject({ orderStatus: 'ALLOCATED', totalQuantity: 6 })
      expect(await row.innerText()).toContain(String(allocated.backorderNum))
      const tasks = await content(page, token, `outbound-tasks?outboundOrderId=${orderId}&size=10`)
      expect(tasks.find((t) => t.batchCode === 'LOT-SOON')).toMatchObject({ quantity: 3 })

      // The stock ledger screen names who made each move, and when.
      const moves = await content(page, token, `stock-transactions?docNum=${orderNum}&size=10`)
      const operator = String(moves[0]!.operatorName)
      expect(operator.length).toBeGreaterThan(0)
      await page.goto('/winv/stockLogs')
      const logs = page.locator('[data-page-key="/winv/stockLogs"]')
      await searchList(logs, 'Document number', orderNum)
      await expect.poll(() => rows(logs).count(), SLOW).toBe(moves.length)
      for (const text of await rows(logs).allInnerTexts()) expect(text).toContain(operator)
      expect(problems).toEqual([])
    } finally {
      await page.close()
    }
  })
})
