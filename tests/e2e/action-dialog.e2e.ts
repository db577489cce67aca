/**
 * Receiving a serial-tracked line through the row action's dialog (the schema language's action dialogs): the
 * clerk opens the order's lines, receives two power banks with too few serial numbers (the server's refusal shows
 * in the dialog and the input stays), adds the missing one, and then finds the stock and the serial numbers on
 * their screens. The order is set up through the API; the receipt itself is clicks only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { accessToken, launch, openSession, signIn } from './browser'
import { field, rows } from './antd-locators'
import { api, content, newInboundOrder } from './wms-api'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SLOW = { timeout: 30_000 }
const GOODS = 'SKU00016' // 充电宝 10000mAh, owner OWN-C, serial tracked
const WAREHOUSE_ID = 1 // WH-E001, the clerk's default warehouse

/** The goods' quantity on hand at the receiving location. */
const atReceiving = async (page: Page, token: string) =>
  (await content(page, token, `stocks?goodsCode=${GOODS}&warehouseId=${WAREHOUSE_ID}&size=200`))
    .filter((row) => row.locationCode === 'RCV-01')
    .reduce((sum, row) => sum + Number(row.quantity), 0)

describe('action dialogs', () => {
  it('a clerk receives a serial-tracked line with its serial numbers and sees the stock and the serials', async () => {
    // Serial-tracked goods belong to owner OWN-C, which the seed does not grant the clerk: the admin grants it
    // for this test and takes it back at the end.
    const admin = await openSession(browser, 'en-US')
    await signIn(admin.page, 'admin', 'Admin@123')
    await admin.page.waitForURL('**/workplace')
    const adminToken = await accessToken(admin.context)
    const owner = (await content(admin.page, adminToken, 'owners?ownerCode=OWN-C'))[0]!
    const grant = await api(admin.page, adminToken, 'POST', 'user-owners', {
      userId: 3,
      loginName: 'clerk',
      ownerId: owner.ownerId,
      ownerCode: 'OWN-C',
    })
    expect(grant.status, JSON.stringify(grant.body)).toBe(201)

    const { page, context, problems } = await openSession(browser, 'en-US')
    try {
      await signIn(page, 'clerk', 'Clerk@123')
      await page.waitForURL('**/workplace')
      const token = await accessToken(context)
      const goods = (await content(page, token, `goods?goodsCode=${GOODS}`))[0]!
      const rcv = (
        await content(page, token, `locations?locationCode=RCV-01&warehouseId=${WAREHOUSE_ID}`)
      )[0]!
      const order = await newInboundOrder(
        page,
        token,
        {
          warehouseId: WAREHOUSE_ID,
          ownerId: owner.ownerId,
          receivingLocationId: rcv.locationId,
          supplierName: 'E2E serial supplier',
        },
        [{ goodsId: goods.goodsId, quantity: 2 }],
      )
      const orderId = Number(order.inboundOrderId)
      const current = await api(page, token, 'GET', `inbound-orders/${orderId}`)
      const executed = await api(page, token, 'POST', `inbound-orders/${orderId}/execute`, current.body)
      expect(executed.body.orderStatus).toBe('EXECUTING')
      const orderNum = String(order.orderNum)
      const before = await atReceiving(page, token)
      const stamp = Date.now().toString(36).toUpperCase()
      const serials = [`SN-E2E-${stamp}-1`, `SN-E2E-${stamp}-2`]

      // the receiving desk's "Lines" opens the order's lines
      await page.goto('/winv/inboundOrder/deliveryGoods')
      const desk = page.locator('[data-page-key="/winv/inboundOrder/deliveryGoods"]')
      await field(desk.locator('form').first(), 'Order number').fill(orderNum)
      await desk.getByRole('button', { name: 'Search', exact: true }).click()
      await expect.poll(() => rows(desk).count(), SLOW).toBe(1)
      await rows(desk).first().getByRole('button', { name: 'Lines', exact: true }).click()
      await page.waitForURL(`**/winv/inboundOrderLine?inboundOrderId=${orderId}`, SLOW)
      // the shell keys a tab by its address, query included
      const lines = page.locator('[data-page-key^="/winv/inboundOrderLine"]')
      await expect.poll(() => rows(lines).count(), SLOW).toBe(1)
      const line = rows(lines).first()
      expect(await line.innerText()).toContain(GOODS)

      // too few serial numbers: the server refuses, the dialog says why and keeps the input
      await line.getByRole('button', { name: 'Receive', exact: true }).click()
      const dialog = page.locator('.ant-modal-content').filter({ hasText: 'Receive the line' })
      await dialog.waitFor(SLOW)
      await field(dialog, 'Quantity received').fill('2')
      await field(dialog, 'Serial numbers').fill(serials[0]!)
      await dialog.getByRole('button', { name: 'Receive', exact: true }).click()
      const refusal = dialog.locator('.ant-alert-error')
      await expect
        .poll(() => refusal.innerText(), SLOW)
        .toContain('give one serial number per unit (2 units, 1 numbers)')
      expect(await field(dialog, 'Quantity received').inputValue()).toBe('2')
      expect(await field(dialog, 'Serial numbers').inputValue()).toBe(serials[0])
      expect(await atReceiving(page, token)).toBe(before)

      // one per line: received
      await field(dialog, 'Serial numbers').fill(serials.join('\n'))
      await dialog.getByRole('button', { name: 'Receive', exact: true }).click()
      await expect.poll(() => dialog.isVisible(), SLOW).toBe(false)
      await expect.poll(() => atReceiving(page, token), SLOW).toBe(before + 2)
      const [received] = await content(page, token, `inbound-order-lines?inboundOrderId=${orderId}`)
      expect(received).toMatchObject({ receivedQuantity: 2 })
      expect((await api(page, token, 'GET', `inbound-orders/${orderId}`)).body.orderStatus).toBe('RECEIVED')
      const stored = await content(page, token, `serial-numbers?inboundOrderId=${orderId}&size=50`)
      expect(stored.map((s) => [s.serialNumber, s.serialStatus]).sort()).toEqual(
        serials.map((s) => [s, 'IN_STOCK']),
      )

      // the serial numbers screen and the stock query show them
      await page.goto(`/winv/inboundOrder/serialNumber?orderNum=${orderNum}`)
      const serialScreen = page.locator('[data-page-key^="/winv/inboundOrder/serialNumber"]')
      await expect.poll(() => rows(serialScreen).count(), SLOW).toBe(2)
      const serialText = await serialScreen.locator('.ant-table-tbody').innerText()
      for (const serial of serials) expect(serialText).toContain(serial)
      await page.goto(`/winv/stockQuery?goodsCode=${GOODS}`)
      const query = page.locator('[data-page-key^="/winv/stockQuery"]')
      const rcvRow = rows(query).filter({ hasText: 'RCV-01' }).filter({ hasText: '上海一号仓' })
      await expect.poll(() => rcvRow.count(), SLOW).toBe(1)
      expect(await rcvRow.innerText()).toMatch(new RegExp(`(^|\\s)${before + 2}(\\.0+)?(\\s|$)`))

      // the one refusal was the receipt with too few serial numbers (and the browser's console line for it)
      expect(problems).toEqual([
        expect.stringMatching(/^http 400 POST .*\/inbound-orders\/\d+\/receive$/),
        'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ])
    } finally {
      await context.close()
      const grants = await content(admin.page, adminToken, 'user-owners?loginName=clerk&size=50')
      const granted = grants.find((g) => g.ownerCode === 'OWN-C')
      if (granted) await api(admin.page, adminToken, 'DELETE', 'user-owners', granted)
      await admin.context.close()
    }
  })
})
