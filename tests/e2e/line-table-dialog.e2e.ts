/**
 * Receiving a whole inbound order through a line table in a dialog (the schema language's LineTable): the clerk
 * opens "Receive lines" on the inbound order list, is stopped in the browser when a line asks for more than is
 * open, is refused by the server for a line someone received meanwhile (shown on that row, the input kept), and
 * receives both lines in one step after correcting it. The order is set up through the API; the receipt itself is
 * clicks only. The order detail's line action receives one line the same way, and reloads header and lines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { accessToken, launch, openSession, signIn } from './browser'
import { field, formItem, rows } from './antd-locators'
import { api, content, newInboundOrder } from './wms-api'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SLOW = { timeout: 30_000 }
const WAREHOUSE_ID = 1 // WH-E001, the clerk's default warehouse

/** A new inbound order of owner OWN-A with two lines (SKU00001 × 10, SKU00002 × 5), executed. */
async function executingOrder(page: Page, token: string) {
  const owner = (await content(page, token, 'owners?ownerCode=OWN-A'))[0]!
  const cable = (await content(page, token, 'goods?goodsCode=SKU00001'))[0]!
  const second = (await content(page, token, 'goods?goodsCode=SKU00002'))[0]!
  const rcv = (await content(page, token, `locations?locationCode=RCV-01&warehouseId=${WAREHOUSE_ID}`))[0]!
  const order = await newInboundOrder(
    page,
    token,
    {
      warehouseId: WAREHOUSE_ID,
      ownerId: owner.ownerId,
      receivingLocationId: rcv.locationId,
      supplierName: 'E2E line table supplier',
    },
    [
      { goodsId: cable.goodsId, quantity: 10 },
      { goodsId: second.goodsId, quantity: 5 },
    ],
  )
  const orderId = Number(order.inboundOrderId)
  const orderNum = String(order.orderNum)
  const current = await api(page, token, 'GET', `inbound-orders/${orderId}`)
  const executed = await api(page, token, 'POST', `inbound-orders/${orderId}/execute`, current.body)
  expect(executed.body.orderStatus).toBe('EXECUTING')
  return { orderId, orderNum }
}

describe('line tables in a dialog', () => {
  it('a clerk receives a whole order line by line: checked per line, a refused line shown on its row', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    try {
      await signIn(page, 'clerk', 'Clerk@123')
      await page.waitForURL('**/workplace')
      const token = await accessToken(context)
      const { orderId, orderNum } = await executingOrder(page, token)
      const lineIds = (await content(page, token, `inbound-order-lines?inboundOrderId=${orderId}`))
        .sort((a, b) => Number(a.lineNum) - Number(b.lineNum))
        .map((l) => Number(l.inboundLineId))
      const received = async () =>
        (await content(page, token, `inbound-order-lines?inboundOrderId=${orderId}`))
          .sort((a, b) => Number(a.lineNum) - Number(b.lineNum))
          .map((l) => Number(l.receivedQuantity))

      await page.goto('/winv/inboundOrder')
      const list = page.locator('[data-page-key="/winv/inboundOrder"]')
      await field(list.locator('form').first(), 'Order number').fill(orderNum)
      await list.getByRole('button', { name: 'Search', exact: true }).click()
      await expect.poll(() => rows(list).count(), SLOW).toBe(1)
      await rows(list).first().getByRole('button', { name: 'Receive lines', exact: true }).click()
      const dialog = page.locator('.ant-modal-content').filter({ hasText: "Receive the order's lines" })
      await dialog.waitFor(SLOW)
      const quantity = (line: number) =>
        dialog.getByRole('spinbutton', { name: `Received now — Line ${line}` })
      await quantity(1).waitFor(SLOW)
      expect(await rows(dialog).count()).toBe(2)
      expect(await rows(dialog).nth(1).innerText()).toContain('SKU00002')
      const send = () => dialog.getByRole('button', { name: 'Receive lines', exact: true }).click()

      // more than is open: said on the row, nothing sent
      await quantity(1).fill('12')
      await expect.poll(() => rows(dialog).first().innerText(), SLOW).toContain('enter at most 10')
      await send()
      expect(await received()).toEqual([0, 0])

      // someone receives 3 of line 2 meanwhile; the dialog still offers 5: the server refuses that line
      const meanwhile = await api(page, token, 'POST', `inbound-orders/${orderId}/receive`, {
        lines: [{ inboundLineId: lineIds[1], quantity: 3 }],
      })
      expect(meanwhile.status, JSON.stringify(meanwhile.body)).toBe(200)
      await quantity(1).fill('10')
      await quantity(2).fill('5')
      await send()
      const refusal = dialog.locator('.ant-alert-error')
      await expect.poll(() => refusal.innerText(), SLOW).toContain('5 is more than the 2 still open')
      await expect.poll(() => rows(dialog).nth(1).innerText(), SLOW).toContain('at most 2')
      expect(await rows(dialog).first().innerText()).not.toContain('at most')
      expect(await quantity(2).inputValue()).toMatch(/^5(\.0+)?$/)
      // one transaction: line 1 was not received either
      expect(await received()).toEqual([0, 3])

      // corrected: both lines in one step, the order is received
      await quantity(2).fill('2')
      await send()
      await expect.poll(() => dialog.isVisible(), SLOW).toBe(false)
      expect(await received()).toEqual([10, 5])
      expect((await api(page, token, 'GET', `inbound-orders/${orderId}`)).body.orderStatus).toBe('RECEIVED')
      await expect.poll(() => rows(list).first().innerText(), SLOW).toContain('Received')

      // the one refusal was the receipt of the line received meanwhile (and the browser's console line for it)
      expect(problems).toEqual([
        expect.stringMatching(/^http 409 POST .*\/inbound-orders\/\d+\/receive$/),
        'console: Failed to load resource: the server responded with a status of 409 (Conflict)',
      ])
    } finally {
      await context.close()
    }
  })

  it('a clerk receives one line from the order detail: the refusal stays in the dialog, then header and lines reload', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    try {
      await signIn(page, 'clerk', 'Clerk@123')
      await page.waitForURL('**/workplace')
      const token = await accessToken(context)
      const { orderId } = await executingOrder(page, token)
      await page.goto(`/winv/inboundOrder/detail?inboundOrderId=${orderId}`)
      const detail = page.locator('[data-page-key^="/winv/inboundOrder/detail"]')
      const lines = detail.getByRole('region', { name: 'Lines' })
      await expect.poll(() => rows(lines).count(), SLOW).toBe(2)
      const first = rows(lines).filter({ hasText: 'SKU00001' })
      await first.getByRole('button', { name: 'Receive', exact: true }).click()
      const dialog = page.locator('.ant-modal-content').filter({ hasText: 'Receive the line' })
      await dialog.waitFor(SLOW)

      // more than is open: the server's reason in the dialog, the input kept, nothing received
      await field(dialog, 'Quantity received').fill('12')
      await dialog.getByRole('button', { name: 'Receive', exact: true }).click()
      await expect
        .poll(() => dialog.locator('.ant-alert-error').innerText(), SLOW)
        .toContain('12 is more than the 10 still open')
      expect(await field(dialog, 'Quantity received').inputValue()).toMatch(/^12(\.0+)?$/)
      expect(await dialog.innerText()).toContain('at most 10')

      // corrected: received, the dialog closes, the line and the header show it
      await field(dialog, 'Quantity received').fill('4')
      await dialog.getByRole('button', { name: 'Receive', exact: true }).click()
      await expect.poll(() => dialog.isVisible(), SLOW).toBe(false)
      await expect.poll(() => first.innerText(), SLOW).toMatch(/(^|\s)4(\.0+)?(\s|$)/)
      await expect
        .poll(() => formItem(detail, 'Received').first().innerText(), SLOW)
        .toMatch(/(^|\s)4(\.0+)?(\s|$)/)
      expect((await api(page, token, 'GET', `inbound-orders/${orderId}`)).body.orderStatus).toBe('PARTIAL')
      expect(problems).toEqual([
        expect.stringMatching(/^http 409 POST .*\/inbound-orders\/\d+\/receive$/),
        'console: Failed to load resource: the server responded with a status of 409 (Conflict)',
      ])
    } finally {
      await context.close()
    }
  })
})
