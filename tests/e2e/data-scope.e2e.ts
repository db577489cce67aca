/**
 * Data permissions in the browser (CORE-USR-06, PLAT-WH-01): the clerk, granted WH-E001, WH-E003 and WH-E006,
 * sees only those in the warehouse list and in a warehouse picker; the administrator sees every warehouse. The
 * organisation picker lists through wms-common/inv-organizations, 20 a page (PLAT-WH-01, PLAT-TBL-03).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator } from 'playwright-core'
import { launch, openSession, signIn } from './browser'
import { drawer, rows } from './antd-locators'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const codesIn = async (scope: Locator) =>
  (await scope.locator('tr.ant-table-row').allInnerTexts())
    .map((text) => /WH-[ES]\d{3}/.exec(text)?.[0])
    .filter(Boolean)
    .sort()

describe('warehouse data permissions', () => {
  it('the clerk lists and picks only the granted warehouses', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'clerk', 'Clerk@123', '/wmdm/warehouse')
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(3)
    expect(await codesIn(page.locator('.ant-table-tbody'))).toEqual(['WH-E001', 'WH-E003', 'WH-E006'])

    await page.goto('/wmdm/seeding-wall')
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Create' }).click()
    // PLAT-WH-01: the picker lists through warehouses/accessibleList, 20 a page, with its code sent along
    const asked = page.waitForRequest((request) =>
      /\/wms\/v1\/\d+\/warehouses\/accessibleList\?/.test(request.url()),
    )
    await drawer(page).getByRole('button', { name: 'Choose Warehouse' }).click()
    const url = new URL((await asked).url())
    expect(url.searchParams.get('size')).toBe('20')
    expect(url.searchParams.get('lovCode')).toBe('WMDM.WAREHOUSE')
    const modal = page.locator('.ant-modal-content', { hasText: 'Choose a warehouse' })
    await expect.poll(() => modal.locator('tr.ant-table-row').count(), { timeout: 15_000 }).toBe(3)
    expect(await codesIn(modal)).toEqual(['WH-E001', 'WH-E003', 'WH-E006'])
    expect(problems).toEqual([])
    await context.close()
  })

  it('the administrator sees every warehouse in the picker', async () => {
    const { page, context } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123', '/wmdm/seeding-wall')
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Create' }).click()
    await drawer(page).getByRole('button', { name: 'Choose Warehouse' }).click()
    const modal = page.locator('.ant-modal-content', { hasText: 'Choose a warehouse' })
    await expect.poll(() => modal.locator('tr.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(3)
    await context.close()
  })

  it('the organisation picker asks inv-organizations for 20 a page and lists the organisations', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123', '/wmdm/warehouseRelation')
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Create' }).click()
    const asked = page.waitForRequest((request) =>
      /\/wms\/v1\/\d+\/wms-common\/inv-organizations\?/.test(request.url()),
    )
    await drawer(page).getByRole('button', { name: 'Choose Inventory organisation' }).click()
    const url = new URL((await asked).url())
    expect(url.searchParams.get('size')).toBe('20')
    expect(url.searchParams.get('lovCode')).toBe('WMDM.INV_ORGANIZATION')
    const modal = page.locator('.ant-modal-content', { hasText: 'Choose an inventory organisation' })
    await expect.poll(() => modal.locator('tr.ant-table-row').count(), { timeout: 15_000 }).toBe(2)
    const texts = await modal.locator('tr.ant-table-row').allInnerTexts()
    expect(texts.map((text) => /ORG-[A-Z]+/.exec(text)?.[0]).sort()).toEqual(['ORG-EAST', 'ORG-NORTH'])
    await expect.poll(() => modal.getByText('20 / page').count()).toBe(1)
    expect(problems).toEqual([])
    await context.close()
  })
})
