import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launch, openSession, signIn } from './browser'
import { rows } from './antd-locators'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** The page answers slower on a busy machine than expect.poll's default second. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20000, interval: 200 })
const rowTexts = (page: Page) => rows(page).allInnerTexts()
const headers = async (page: Page) =>
  (await page.locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean)
const filters = (page: Page) => page.locator('.wms-filter-templates')

async function choose(page: Page, label: string, option: string) {
  await filters(page).getByRole('combobox', { name: label }).click()
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first()
    .click()
}

/** Drags a column's handle in the settings panel onto another column's row, the way a mouse would. */
async function dragColumn(page: Page, from: string, to: string) {
  const source = page.getByRole('button', { name: `Drag to reorder: ${from}` })
  const target = page.getByRole('button', { name: `Drag to reorder: ${to}` })
  // the dialog zooms in: measure once it stands still
  let last = ''
  await expect
    .poll(async () => {
      const now = JSON.stringify(await source.boundingBox())
      const still = now === last
      last = now
      return still
    })
    .toBe(true)
  const a = (await source.boundingBox())!
  const b = (await target.boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 8, { steps: 4 })
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 - 4, { steps: 12 })
  await page.mouse.up()
}

describe('personal settings on the warehouses screen', () => {
  it('CORE-FLT-06/26: a saved default filter template loads and filters after a reload', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'manager', 'Manager@123', '/wmdm/warehouse')
    await page.waitForURL('**/wmdm/warehouse')
    await poll(() => rows(page).count()).toBeGreaterThan(2)
    const everything = await rowTexts(page)
    expect(everything.some((text) => !text.includes('Cold storage'))).toBe(true)

    await filters(page).getByText('Filter templates').click()
    await filters(page).getByRole('switch', { name: 'Edit mode' }).click()
    await choose(page, 'Field', 'Warehouse type')
    await choose(page, 'Operator', 'equals')
    await choose(page, 'Value', 'Cold storage')
    await filters(page).getByRole('button', { name: 'Filter', exact: true }).click()
    await poll(async () => (await rowTexts(page)).every((text) => text.includes('Cold storage'))).toBe(true)
    const coldCount = await rows(page).count()
    expect(coldCount).toBeGreaterThan(0)

    await filters(page).getByRole('button', { name: 'Save template' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Template name' }).fill('Cold stores (e2e)')
    await dialog.getByRole('switch', { name: 'Default template' }).click()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await poll(() => page.getByText('Template saved').count()).toBeGreaterThan(0)

    await page.reload()
    await poll(() => filters(page).getByText('Cold stores (e2e)').count()).toBe(1)
    await poll(async () => (await rowTexts(page)).every((text) => text.includes('Cold storage'))).toBe(true)
    expect(await rows(page).count()).toBe(coldCount)

    expect(problems).toEqual([])
    await context.close()
  })

  it('CORE-COL-02/04/06: reordered and hidden columns survive a reload, from the server too; restore undoes them', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'manager', 'Manager@123', '/wmdm/warehouse')
    await page.waitForURL('**/wmdm/warehouse')
    await poll(() => rows(page).count()).toBeGreaterThan(0)
    const original = await headers(page)
    expect(original.slice(0, 3)).toEqual(['Warehouse code', 'Warehouse name', 'Warehouse type'])
    // the code is pinned left by the page, so it stays first; the type is dragged before the name
    const moved = ['Warehouse code', 'Warehouse type', 'Warehouse name']
    expect(original).toContain('Address')

    await page.getByRole('button', { name: 'Columns' }).click()
    await dragColumn(page, 'Warehouse type', 'Warehouse name')
    const panel = page.getByRole('list', { name: 'Column settings' })
    await poll(async () => (await panel.getByRole('listitem').all()).length).toBeGreaterThan(2)
    expect(await panel.getByRole('listitem').nth(1).getAttribute('aria-label')).toBe('Warehouse type')
    await panel.getByRole('listitem', { name: 'Address' }).getByRole('checkbox').click()
    await page.getByRole('button', { name: 'Confirm' }).click()
    await poll(async () => (await headers(page)).slice(0, 3)).toEqual(moved)
    expect(await headers(page)).not.toContain('Address')

    await page.reload()
    await poll(() => rows(page).count()).toBeGreaterThan(0)
    expect((await headers(page)).slice(0, 3)).toEqual(moved)
    expect(await headers(page)).not.toContain('Address')

    // without the local cache the server's copy gives the same columns
    await page.evaluate(() => window.localStorage.clear())
    await page.reload()
    await poll(async () => (await headers(page)).slice(0, 3)).toEqual(moved)
    expect(await headers(page)).not.toContain('Address')

    await page.getByRole('button', { name: 'Columns' }).click()
    await page.getByRole('button', { name: 'Restore defaults' }).click()
    await poll(() => headers(page)).toEqual(original)
    await page.reload()
    await poll(() => rows(page).count()).toBeGreaterThan(0)
    expect(await headers(page)).toEqual(original)

    expect(problems).toEqual([])
    await context.close()
  })
})
