/**
 * Issue 19, documents on the floor, walked in the built app as the administrator (tabs kept alive):
 * - a saved inbound order is titled by its number, shows its total (100, not 0) and the actions of its state;
 *   executing and receiving from the order's own page moves it on;
 * - the stock tab opened before shows the received quantity when it is shown again (no reload of the app);
 * - a dealer order is placed with goods lines picked in the goods picker; the saved order shows its number,
 *   total and Submit; "New order" opened again starts blank.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { accessToken, launch, openSession, signIn } from './browser'
import { field, formItem } from './antd-locators'
import { content, newInboundOrder } from './wms-api'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const until = { timeout: 20_000 }
/** The page on screen (kept-alive pages stay in the DOM, hidden). */
const shown = (page: Page) => page.locator('[data-page-key]:visible')
const pageAt = (page: Page, key: string) => page.locator(`[data-page-key="${key}"]`)
const CREATE = '/winv/jxsOutboundOrder/create'
const rowsOf = (scope: Locator) => scope.locator('.ant-table-tbody tr.ant-table-row')

/** Navigates inside the running app, the way a menu click does (no reload: the kept pages stay). */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path)
}

describe('documents on the floor (issue 19)', () => {
  it('a saved inbound order shows its number, total and actions; the stock tab is fresh when shown again', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123')
    await page.waitForURL('**/workplace')
    const token = await accessToken(context)
    const [warehouse] = await content(page, token, 'warehouses?warehouseCode=WH-E001')
    const [owner] = await content(page, token, 'owners?ownerCode=OWN-A')
    const [goods] = await content(page, token, 'goods?goodsCode=SKU00003')
    const [rcv] = await content(
      page,
      token,
      `locations?locationCode=RCV-01&warehouseId=${String(warehouse!.warehouseId)}`,
    )
    const onHand = async () =>
      (
        await content(
          page,
          token,
          `stocks?goodsId=${String(goods!.goodsId)}&locationId=${String(rcv!.locationId)}`,
        )
      )
        .map((row) => Number(row.quantity))
        .reduce((sum, q) => sum + q, 0)
    const before = await onHand()

    // the stock of the goods at the dock, in a tab of its own
    const stockPath = `/winv/stock?goodsCode=SKU00003&locationCode=RCV-01`
    await openInApp(page, stockPath)
    const stock = page.locator(`[data-page-key="${stockPath}"]`)
    await expect.poll(() => stock.locator('.ant-table-tbody').innerText(), until).toBeTruthy()
    const stockText = () => rowsOf(stock).allInnerTexts()

    const order = (await newInboundOrder(
      page,
      token,
      {
        warehouseId: warehouse!.warehouseId,
        ownerId: owner!.ownerId,
        receivingLocationId: rcv!.locationId,
        supplierName: 'E2E floor supplier',
      },
      [
        { goodsId: goods!.goodsId, quantity: 60 },
        { goodsId: goods!.goodsId, quantity: 40 },
      ],
    )) as { inboundOrderId: number; orderNum: string }

    // the saved order: its number as the heading, its total, the actions of NEW
    await openInApp(page, `/winv/inboundOrder/detail?inboundOrderId=${order.inboundOrderId}`)
    const detail = shown(page)
    await expect.poll(() => detail.getByRole('heading', { name: order.orderNum }).count(), until).toBe(1)
    await expect.poll(() => formItem(detail, 'Total quantity').innerText(), until).toContain('100')
    const actions = detail.locator('.wms-document-actions')
    await expect.poll(() => actions.getByRole('button', { name: 'Execute' }).count(), until).toBe(1)
    expect(await actions.getByRole('button', { name: 'Put away', exact: true }).count()).toBe(0)
    await actions.getByRole('button', { name: 'Execute' }).click()
    // EXECUTING: receiving is offered now, execute no more
    await actions.getByRole('button', { name: 'Receive all' }).waitFor(until)
    expect(await actions.getByRole('button', { name: 'Execute' }).count()).toBe(0)
    await actions.getByRole('button', { name: 'Receive all' }).click()
    await page.locator('.ant-modal-confirm .ant-btn-primary, .ant-modal .ant-btn-primary').last().click()
    await actions.getByRole('button', { name: 'Put away', exact: true }).waitFor(until)
    await expect.poll(onHand, until).toBe(before + 100)

    // back to the stock tab: it shows what was received without reopening it
    await page.locator(`[data-node-key="${stockPath}"]`).click()
    await page.waitForURL((url) => `${url.pathname}${url.search}` === stockPath)
    const received = (before + 100).toLocaleString('en-US')
    await expect.poll(async () => (await stockText()).join('\n'), until).toContain(received)
    expect(problems).toEqual([])
    await context.close()
  })

  it('a dealer order picks its goods lines, shows its number, total and Submit; New starts blank again', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123')
    await page.waitForURL('**/workplace')
    await openInApp(page, '/winv/jxsOutboundOrder')
    const list = pageAt(page, '/winv/jxsOutboundOrder')
    await list.getByRole('button', { name: 'New order' }).click()
    await page.waitForURL('**/winv/jxsOutboundOrder/create')
    let form = pageAt(page, CREATE)
    await field(form, 'Customer').fill('E2E floor dealer')
    await field(form, 'Receiver').fill('E2E receiver')
    await field(form, 'Receiver phone').fill('13912345678')
    await field(form, 'Delivery address').fill('E2E road 19')

    // a goods line, picked in the goods picker
    await form.getByRole('button', { name: 'Add line' }).click()
    const drawer = page.locator('.ant-drawer-open .ant-drawer-content')
    await drawer.getByRole('button', { name: 'Choose Goods' }).click()
    const modal = page.locator('.ant-modal-content', { hasText: 'Choose goods' })
    await expect.poll(() => modal.locator('tr.ant-table-row').count(), until).toBeGreaterThan(0)
    await modal.locator('tr.ant-table-row', { hasText: 'SKU00001' }).first().dblclick()
    await expect.poll(() => modal.count(), until).toBe(0)
    await drawer.getByRole('spinbutton', { name: 'Quantity' }).fill('3')
    await drawer.getByRole('button', { name: 'Save' }).click()
    await expect
      .poll(() => rowsOf(form).allInnerTexts(), until)
      .toEqual([expect.stringContaining('SKU00001')])
    await expect.poll(() => formItem(form, 'Total quantity').innerText(), until).toContain('3')
    await form.getByRole('button', { name: /^Save/ }).click()

    // the saved order took the create page's place: its number as heading, its total, Submit
    await expect
      .poll(
        async () => page.url() + (await page.locator('.ant-notification-notice').allInnerTexts()).join(),
        until,
      )
      .toContain('outboundOrderId=')
    form = pageAt(page, new URL(page.url()).pathname + new URL(page.url()).search)
    const heading = form.getByRole('heading').first()
    await expect.poll(() => heading.innerText(), until).toMatch(/^JXS\d+$/)
    const number = (await heading.innerText()).trim()
    await expect.poll(() => formItem(form, 'Order number').innerText(), until).toContain(number)
    await form.locator('.wms-document-actions').getByRole('button', { name: 'Submit' }).waitFor(until)
    expect(await formItem(form, 'Total quantity').innerText()).toContain('3')
    expect(await page.locator('[data-node-key="/winv/jxsOutboundOrder/create"]').count()).toBe(0)

    // New order again: blank, no lines
    await form.getByRole('button', { name: 'Back' }).click()
    await page.waitForURL((url) => url.pathname === '/winv/jxsOutboundOrder')
    await pageAt(page, '/winv/jxsOutboundOrder').getByRole('button', { name: 'New order' }).click()
    await page.waitForURL('**/winv/jxsOutboundOrder/create')
    form = pageAt(page, CREATE)
    await formItem(form, 'Receiver').waitFor(until)
    await expect.poll(() => field(form, 'Customer').inputValue(), until).toBe('')
    expect(await rowsOf(form).count()).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })
})
