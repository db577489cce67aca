import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator } from 'playwright-core'
import { launch, openSession, signIn } from './browser'
import { rows } from './antd-locators'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const item = (scope: Locator, label: string) =>
  scope.locator('.ant-formily-item', { has: scope.page().getByText(label, { exact: true }) })

describe('Lov on the dealer outbound order screen (schemas/pages/winv/jxs-outbound-order.page.json)', () => {
  it('starts with the default warehouse, picks another in the popup, fills its code, saves and shows its name in the list', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'jxs', 'Jxs@12345')
    await page.waitForURL('**/winv/jxsOutboundOrder')
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBeGreaterThan(0)

    // a dealer's order is a page with goods lines (issue 19), no longer a drawer
    await page.getByRole('button', { name: 'New order' }).click()
    const form = page.locator('.wms-master-detail-page')
    // The new order starts with the dealer's default warehouse (WH-E001 is flagged default for jxs in the seed)
    await expect.poll(() => item(form, 'Ship-from warehouse').innerText()).toContain('上海一号仓')
    expect(await item(form, 'Warehouse code').innerText()).toContain('WH-E001')
    await item(form, 'Customer').locator('input').fill('Lov e2e customer')
    await item(form, 'Receiver').locator('input').fill('Lov Receiver')
    await item(form, 'Receiver phone').locator('input').fill('13900001111')
    await item(form, 'Delivery address').locator('textarea').fill('1 Lov Road')

    // CORE-LOV-03/04/09: the popup is 720 px wide, pages 50 rows, searches by the view's query fields
    await form.getByRole('button', { name: 'Choose Ship-from warehouse' }).click()
    const modal = page.locator('.ant-modal-content', { hasText: 'Choose a warehouse' })
    await expect.poll(() => modal.locator('tr.ant-table-row').count()).toBeGreaterThan(0)
    // measured once the opening animation has ended
    const box = () => page.locator('.ant-modal', { has: modal }).boundingBox()
    await expect.poll(async () => (await box())?.width).toBe(720)
    // a warehouse lookup pages by 20 (X-03: the platform's warehouse lookups)
    await expect.poll(() => modal.getByText('20 / page').count()).toBe(1)
    await modal.getByLabel('Warehouse code').fill('WH-E005')
    await modal.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => modal.locator('tr.ant-table-row').count()).toBe(1)
    const name = (await modal.locator('tr.ant-table-row td').nth(2).innerText()).trim()
    expect(name).not.toBe('')

    // CORE-LOV-07: double-click confirms; the mapped code field is filled from the row
    await modal.locator('tr.ant-table-row').first().dblclick()
    await expect.poll(() => modal.count()).toBe(0)
    await expect.poll(() => item(form, 'Ship-from warehouse').innerText()).toContain(name)
    expect(await item(form, 'Warehouse code').innerText()).toContain('WH-E005')

    await form.getByRole('button', { name: 'Save' }).click()
    await page.waitForURL('**/winv/jxsOutboundOrder/create?outboundOrderId=*')
    await form.getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => rows(page).first().innerText()).toContain('Lov e2e customer')
    expect(await rows(page).first().innerText()).toContain(name)

    // reopening the saved order shows the warehouse by name, not by id
    await rows(page).first().getByRole('button', { name: 'Details' }).click()
    await expect.poll(() => item(form, 'Ship-from warehouse').innerText()).toContain(name)
    expect(problems).toEqual([])
    await context.close()
  })
})
