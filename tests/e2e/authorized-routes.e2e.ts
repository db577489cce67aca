/**
 * CORE-PERM-05: the /ets routes and /pub/logistics-screen are reachable without a menu permission. The dealer
 * (jxs), whose menu has no logistics entry, opens them by address: each shows its screen with data, with no
 * redirect to /404, no failed request and no console error.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rows } from './antd-locators'
import { launch, openSession, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('authorized logistics routes (CORE-PERM-05)', () => {
  it('a role without ets menus opens the shipment list, the express query and the logistics screen', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'jxs', 'Jxs@12345', '/ets/shipment-progress-track')
    await page.waitForURL('**/ets/shipment-progress-track')
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0)
    // the dealer's menu still has no logistics entry
    await expect.poll(() => page.getByRole('menuitem', { name: /Logistics|Shipment/ }).count()).toBe(0)

    await page.goto('/ets/express')
    await page.waitForURL('**/ets/express')
    const box = page.getByRole('textbox', { name: /Waybill or order numbers/ })
    await expect.poll(() => box.isVisible(), { timeout: 20_000 }).toBe(true)

    await page.goto('/pub/logistics-screen')
    await page.waitForURL('**/pub/logistics-screen')
    await expect.poll(() => page.getByText('Shipments').first().isVisible(), { timeout: 20_000 }).toBe(true)
    expect(page.url()).not.toContain('/404')
    expect(problems).toEqual([])
    await context.close()
  })
})
