/**
 * Picking serial-tracked goods on the picking desk (/winv/outboundOrder/pickGoods): "Confirm picking" opens the
 * pick dialog, which lists the order's serial-tracked line with the units in stock at its task location. Too few
 * serial numbers are refused in the browser (nothing sent); an unknown unit is refused by the server, its reason
 * shown in the dialog with the input kept; two units in stock are then picked. The order is packed and shipped,
 * and the serial number log screen shows both units leaving with the order (PICK, then OUTBOUND → SHIPPED).
 * The order is created and allocated through the API; the pick itself is clicks and scans only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { accessToken, launch, openSession, signIn } from './browser'
import { field, rows } from './antd-locators'
import { api, content, type Row } from './wms-api'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SLOW = { timeout: 30_000 }
const GOODS = 'SKU00016' // 充电宝 10000mAh, owner OWN-C, serial tracked, opening stock with units in WH-E001
const WAREHOUSE_ID = 1 // WH-E001

/** Runs a lifecycle action with the order as it is now; expects it to succeed. */
async function step(page: Page, token: string, id: number, action: string, extra: Row = {}) {
  const current = await api(page, token, 'GET', `outbound-orders/${id}`)
  const done = await api(page, token, 'POST', `outbound-orders/${id}/${action}`, {
    ...current.body,
    ...extra,
  })
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  return done.body
}

/** The goods' quantity on hand in the warehouse. */
const onHand = async (page: Page, token: string) =>
  (await content(page, token, `stocks?goodsCode=${GOODS}&warehouseId=${WAREHOUSE_ID}&size=200`)).reduce(
    (sum, row) => sum + Number(row.quantity),
    0,
  )

async function search(scope: Locator, label: string, value: string) {
  await scope.getByRole('button', { name: 'Search', exact: true }).waitFor(SLOW)
  await field(scope.locator('form').first(), label).fill(value)
  await scope.getByRole('button', { name: 'Search', exact: true }).click()
}

describe('picking serial-tracked goods', () => {
  it('the pick dialog takes one serial number per unit, and the serial log shows the units leaving', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    try {
      await signIn(page, 'admin', 'Admin@123')
      await page.waitForURL('**/workplace')
      const token = await accessToken(context)
      const goods = (await content(page, token, `goods?goodsCode=${GOODS}`))[0]!
      expect(goods.serialManagedFlag).toBe(1)
      const created = await api(page, token, 'POST', 'outbound-orders/with-lines', {
        header: {
          orderType: 'NORMAL',
          warehouseId: WAREHOUSE_ID,
          ownerId: goods.ownerId,
          customerName: 'E2E serial customer',
          receiverName: 'E2E receiver',
          receiverPhone: '13900003333',
          receiverAddress: '3 E2E road',
        },
        lines: [
          {
            key: 'lines',
            resource: 'outbound-lines',
            parentField: 'outboundOrderId',
            rows: [{ _status: 'create', lineNum: 1, goodsId: goods.goodsId, quantity: 2 }],
          },
        ],
      })
      expect(created.status, JSON.stringify(created.body)).toBe(200)
      const orderId = Number((created.body.header as Row).outboundOrderId)
      const orderNum = String((created.body.header as Row).orderNum)
      await step(page, token, orderId, 'submit')
      await step(page, token, orderId, 'allocate')
      const before = await onHand(page, token)

      // the picking desk: the order is ALLOCATED, "Confirm picking" asks for the serial numbers
      await page.goto('/winv/outboundOrder/pickGoods')
      const desk = page.locator('[data-page-key="/winv/outboundOrder/pickGoods"]')
      await search(desk, 'Order number', orderNum)
      await expect.poll(() => rows(desk).count(), SLOW).toBe(1)
      const row = rows(desk).first()
      await row.getByRole('button', { name: 'Confirm picking', exact: true }).click()
      const dialog = page.locator('.ant-modal-content').filter({ hasText: 'Serial numbers' })
      const line = `${orderNum} #1 (${GOODS})`
      const box = dialog.getByRole('textbox', { name: `Serial numbers of ${line}` })
      await box.waitFor(SLOW)
      await dialog.getByText('0 / 2 scanned').waitFor(SLOW)
      const offered = dialog.locator('.ant-tag[role="button"]')
      await expect.poll(() => offered.count(), SLOW).toBeGreaterThanOrEqual(2)
      const [first, second] = [await offered.nth(0).innerText(), await offered.nth(1).innerText()]
      const confirm = dialog.getByRole('button', { name: 'Confirm picking', exact: true })

      // one of two: refused in the browser, nothing sent
      await box.fill(first)
      await confirm.click()
      await dialog.getByText(`${line}: give 2 serial numbers (one per unit); 1 given.`).waitFor(SLOW)

      // an unknown unit: the server refuses it, the dialog says why and keeps the input
      await box.fill(`${first}\nNO-SUCH-UNIT-E2E`)
      await confirm.click()
      const refusal = dialog.locator('.ant-alert-error')
      await expect.poll(() => refusal.innerText(), SLOW).toContain('NO-SUCH-UNIT-E2E is not a known unit')
      expect(await box.inputValue()).toBe(`${first}\nNO-SUCH-UNIT-E2E`)
      expect((await api(page, token, 'GET', `outbound-orders/${orderId}`)).body.orderStatus).toBe('ALLOCATED')

      // the second unit clicked from the units in stock: picked
      await box.fill(first)
      await dialog.getByRole('button', { name: second, exact: true }).click()
      await dialog.getByText('2 / 2 scanned').waitFor(SLOW)
      await confirm.click()
      await expect.poll(() => dialog.isVisible(), SLOW).toBe(false)
      await expect.poll(() => row.innerText(), SLOW).toContain('Picked')
      const units = async () =>
        (await content(page, token, `serial-numbers?goodsId=${String(goods.goodsId)}&size=500`))
          .filter((u) => u.serialNumber === first || u.serialNumber === second)
          .map((u) => [u.serialNumber, u.serialStatus, u.outboundOrderNum])
          .sort()
      expect(await units()).toEqual(
        [
          [first, 'PICKED', orderNum],
          [second, 'PICKED', orderNum],
        ].sort(),
      )
      expect(await onHand(page, token)).toBe(before)

      // packed and shipped: the units leave stock with the order
      await step(page, token, orderId, 'pack', { weight: 1 })
      await step(page, token, orderId, 'ship')
      expect(await onHand(page, token)).toBe(before - 2)
      expect(await units()).toEqual(
        [
          [first, 'SHIPPED', orderNum],
          [second, 'SHIPPED', orderNum],
        ].sort(),
      )

      // the serial number log screen: each unit picked, then shipped, by this order
      await page.goto('/winv/serialNumberTransactionLog')
      const log = page.locator('[data-page-key="/winv/serialNumberTransactionLog"]')
      await search(log, 'Document number', orderNum)
      await expect.poll(() => rows(log).count(), SLOW).toBe(4)
      for (const serial of [first, second]) {
        const unitRows = rows(log).filter({ hasText: serial })
        await expect.poll(() => unitRows.count(), SLOW).toBe(2)
        const text = await unitRows.allInnerTexts()
        // document type Pick → status Picked; Shipment → Shipped
        expect(text.some((t) => /\bPick\b/.test(t) && t.includes('Picked'))).toBe(true)
        expect(text.some((t) => t.includes('Shipment') && t.includes('Shipped'))).toBe(true)
      }

      // the one refusal was the pick naming an unknown unit (and the browser's console line for it)
      expect(problems).toEqual([
        expect.stringMatching(/^http 400 POST .*\/outbound-orders\/\d+\/pick$/),
        'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ])
    } finally {
      await context.close()
    }
  })
})
