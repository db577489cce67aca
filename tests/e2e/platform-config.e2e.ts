/**
 * Screens that configure the platform really configure it: a value added in /hpfm/value-list is offered by
 * the Select of a page that was already open (its value-list cache is dropped on save), and a prompt saved in
 * /hpfm/prompt changes the text of the screen it names.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { field, formItem } from './antd-locators'
import { accessToken, launch, openSession, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** The button of the page on screen (pages kept alive in other tabs have theirs too, hidden). */
const visibleButton = (page: Page, name: string) => page.locator('button:visible', { hasText: name }).first()

/** The drawer on screen (closed drawers of other pages stay in the DOM). */
const openDrawer = (page: Page) => page.locator('.ant-drawer-content:visible')

/** Client-side navigation: the pages already open stay alive in their tabs. */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.waitForURL(`**${path}`)
}

describe('platform configuration', () => {
  it('a new value-list value shows in a Select of an open page; a prompt changes a text', async () => {
    const { page, context } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123')
    await page.waitForURL('**/workplace')

    // The warehouse page is open first: its Selects have loaded WMDM.WAREHOUSE_TYPE.
    await go(page, '/wmdm/warehouse')
    await visibleButton(page, 'Create').click()
    await formItem(openDrawer(page), 'Warehouse type').locator('.ant-select').click()
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').count())
      .toBeGreaterThan(0)
    await openDrawer(page).getByRole('button', { name: 'Cancel' }).click()

    // Add a value to the set.
    await go(page, '/hpfm/value-list/detail/WMDM.WAREHOUSE_TYPE')
    await expect.poll(() => page.getByText('NORMAL').count()).toBeGreaterThan(0)
    await page.keyboard.press('Escape')
    await page.waitForTimeout(1600)
    await visibleButton(page, 'Create').click({ force: true })
    const form = openDrawer(page)
    await field(form, 'Value').fill('E2E_DOCK')
    await field(form, 'Meaning (简体中文)').fill('越库E2E')
    await field(form, 'Meaning (English)').fill('Cross dock E2E')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => form.isVisible()).toBe(false)
    await expect.poll(() => page.getByText('E2E_DOCK').count()).toBeGreaterThan(0)

    // Back on the warehouse page, the Select offers it.
    await go(page, '/wmdm/warehouse')
    await page.waitForTimeout(1600)
    await visibleButton(page, 'Create').click()
    await formItem(openDrawer(page), 'Warehouse type').locator('.ant-select').click()
    await expect
      .poll(() =>
        page
          .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Cross dock E2E' })
          .count(),
      )
      .toBe(1)
    await openDrawer(page).getByRole('button', { name: 'Cancel' }).click()

    // A prompt for the warehouse page's title.
    await go(page, '/hpfm/prompt')
    await page.keyboard.press('Escape')
    await page.waitForTimeout(1600)
    await visibleButton(page, 'Create').click({ force: true })
    const prompt = openDrawer(page)
    await field(prompt, 'Key').fill('wmdm.warehouse.title')
    await formItem(prompt, 'Language').locator('.ant-select').click()
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'English' }).click()
    await field(prompt, 'Text').fill('Depots (E2E)')
    await prompt.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => prompt.isVisible()).toBe(false)
    await expect.poll(() => page.getByText('Depots (E2E)').count(), { timeout: 10_000 }).toBeGreaterThan(0)
    // The server is shared by the suite's files: the warehouse page gets its own title back.
    const token = await accessToken(context)
    const prompts = '/api/hpfm/v1/1/prompts'
    const listed = await page.request.get(`${prompts}?promptKey=wmdm.warehouse.title&lang=en_US`, {
      headers: { authorization: `bearer ${token}` },
    })
    const rows = ((await listed.json()) as { content: Array<Record<string, unknown>> }).content
    const removed = await page.request.fetch(prompts, {
      method: 'DELETE',
      headers: { authorization: `bearer ${token}` },
      data: rows.filter((row) => row.description === 'Depots (E2E)'),
    })
    expect(removed.status(), await removed.text()).toBe(204)
    await context.close()
  })
})
