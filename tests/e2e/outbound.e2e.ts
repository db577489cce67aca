/**
 * Outbound in the browser: a clerk ships a packed order from the packing screen and the stock ledger shows the
 * shipment; the dealer (jxs) places an order on their home page and sees only their own orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { accessToken, launch, openSession, signIn } from './browser'
import { field, rows } from './antd-locators'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const apiGet = async (page: Page, token: string, path: string) => {
  const response = await page.request.get(`/api/wms/v1/1/${path}`, {
    headers: { authorization: `bearer ${token}` },
  })
  expect(response.status()).toBe(200)
  return response.json()
}

describe('outbound orders', () => {
  it('ships a packed order from the packing screen: the order is SHIPPED and the ledger has its OUTBOUND rows', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123', '/winv/packWeigh')
    await page.waitForURL('**/winv/packWeigh')
    const token = await accessToken(context)
    const packed = (await apiGet(page, token, 'outbound-orders?orderStatus=PACKED&size=1')).content[0]
    expect(packed).toBeTruthy()
    const bar = page.locator('form').first()
    await field(bar, 'Order number').fill(packed.orderNum)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => rows(page).count()).toBe(1)
    await rows(page).first().getByRole('button', { name: 'Ship' }).click()
    // the ship dialog asks for carrier and tracking number (a seeded order states no delivery type needing them)
    await page
      .locator('.ant-modal-content')
      .filter({ hasText: 'Tracking number' })
      .getByRole('button', { name: 'Ship', exact: true })
      .click()
    await expect.poll(() => rows(page).first().innerText()).toContain('Shipped')

    const order = await apiGet(page, token, `outbound-orders/${packed.outboundOrderId}`)
    expect(order.orderStatus).toBe('SHIPPED')
    const log = (
      await apiGet(page, token, `stock-transactions?docNum=${packed.orderNum}&docType=OUTBOUND&size=100`)
    ).content as Array<{ quantityChange: number; reservedChange: number }>
    expect(log.length).toBeGreaterThan(0)
    expect(log.reduce((sum, row) => sum + Number(row.quantityChange), 0)).toBe(-Number(order.totalQuantity))
    expect(log.every((row) => Number(row.reservedChange) === Number(row.quantityChange))).toBe(true)
    expect(problems).toEqual([])
    await context.close()
  })

  it('lets the dealer place an order and shows them only their own orders', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'jxs', 'Jxs@12345')
    await page.waitForURL('**/winv/jxsOutboundOrder')
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0)
    // a dealer's order is a page with goods lines (issue 19), no longer a drawer
    await page.getByRole('button', { name: 'New order' }).click()
    const form = page.locator('.wms-master-detail-page')
    await field(form, 'Customer').fill('E2E dealer customer')
    await field(form, 'Receiver').fill('E2E receiver')
    await field(form, 'Receiver phone').fill('13912345678')
    await field(form, 'Delivery address').fill('E2E road 1')
    await form.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL('**/winv/jxsOutboundOrder/create?outboundOrderId=*')
    await form.getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => page.getByText('E2E dealer customer').count()).toBeGreaterThan(0)

    const token = await accessToken(context)
    const mine = await apiGet(page, token, 'jxs-outbound-orders?size=500')
    const creators = new Set((mine.content as Array<{ createdBy: number }>).map((row) => row.createdBy))
    expect(creators.size).toBe(1)
    expect(problems).toEqual([])
    await context.close()
  })
})
