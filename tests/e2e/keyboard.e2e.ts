/**
 * The app with the keyboard alone (issue 10, staff): signing in, a menu entry, switching and closing tabs, sorting
 * and moving in a table, a drawer closed with Escape (the focus back on its opener), and a Lov value chosen in
 * its popup. Only page.keyboard acts; locators are used to wait and to check, never to click or fill.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, openSession } from './browser'

type Browser = Awaited<ReturnType<typeof launch>>
let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** What has the focus, for the error messages. */
const focusText = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null
    return e
      ? `${e.tagName} ${e.getAttribute('aria-label') ?? ''} ${e.innerText?.slice(0, 40) ?? ''}`
      : 'none'
  })

/** Whether the focused element matches `selector` and its text (or name) ends with `name`. */
const focused = (page: Page, selector: string, name?: string) =>
  page.evaluate(
    ({ selector, name }) => {
      const e = document.activeElement as HTMLElement | null
      if (!e?.matches(selector)) return false
      const text = (e.innerText || e.getAttribute('aria-label') || '').trim()
      return name === undefined || text === name || text.endsWith(`\n${name}`) || text.endsWith(` ${name}`)
    },
    { selector, name },
  )

/** Presses `key` until the focus is on `selector` (named `name`), at most `max` times. */
async function pressTo(page: Page, key: string, selector: string, name?: string, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key)
    if (await focused(page, selector, name)) return
  }
  throw new Error(`${key} × ${max} never reached ${selector} "${name ?? ''}": at ${await focusText(page)}`)
}

async function signInByKeyboard(page: Page, login: string, password: string) {
  await page.goto('/')
  await page.waitForURL(/\/api\/oauth\/oauth\/authorize/)
  await page.locator('input[name="username"]').waitFor()
  // the user name has the focus on arrival
  expect(await focused(page, 'input[name="username"]')).toBe(true)
  await page.keyboard.type(login)
  await page.keyboard.press('Tab')
  await page.keyboard.type(password)
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => !url.pathname.startsWith('/api/oauth'))
}

const selectedTab = (page: Page) =>
  page.locator('.ant-tabs-tab-btn[aria-selected="true"]').innerText({ timeout: 5000 })
/** A busy machine draws a switched page in seconds, not milliseconds. */
const until = { timeout: 15_000 }
const drawers = (page: Page) => page.locator('.ant-drawer-open').count()

describe('keyboard only', () => {
  it('signs in, opens a menu entry, switches and closes tabs, sorts and moves in a table, closes a drawer with Escape', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signInByKeyboard(page, 'admin', 'Admin@123')
    await page.waitForURL('**/workplace')
    await page.locator('[role="menu"]').waitFor()

    // the side menu: Tab into it, arrows to move, Enter to open a submenu and to follow an entry
    await pressTo(page, 'Tab', '[role="menu"]')
    await pressTo(page, 'ArrowDown', '[role="menuitem"]', 'Master data')
    // Enter opens the submenu (only when it is closed: on an open one Enter would close it)
    const expanded = await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))
    if (expanded !== 'true') await page.keyboard.press('Enter')
    await pressTo(page, 'ArrowDown', '[role="menuitem"]', 'Warehouses')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/wmdm/warehouse')
    await page.locator('.ant-tabs-tab-btn', { hasText: 'Warehouses' }).waitFor()

    // tabs: Tab reaches the active tab, arrows move between tabs, Enter switches, Delete closes
    await pressTo(page, 'Tab', '.ant-tabs-tab-btn', 'Warehouses')
    await pressTo(page, 'ArrowLeft', '.ant-tabs-tab-btn', 'Workplace', 3)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/workplace')
    await expect.poll(() => selectedTab(page), until).toContain('Workplace')
    // the focus stays on the tab it switched to (an error here names where the focus went instead)
    await pressTo(page, 'ArrowRight', '.ant-tabs-tab-btn', 'Warehouses', 3)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/wmdm/warehouse')
    await expect.poll(() => selectedTab(page), until).toContain('Warehouses')

    // a drawer: Enter on Create opens it, Escape closes it and gives the focus back to Create (the toolbar's
    // buttons show once their permission check has answered, 500 ms batched: Tab cannot reach them before)
    await page.getByRole('button', { name: 'Create', exact: true }).waitFor(until)
    await pressTo(page, 'Tab', 'button', 'Create')
    await page.keyboard.press('Enter')
    await expect.poll(() => drawers(page), until).toBe(1)
    await page.keyboard.press('Escape')
    await expect.poll(() => drawers(page), until).toBe(0)
    await expect.poll(() => focused(page, 'button', 'Create'), until).toBe(true)

    // the table: Enter on a column header sorts it; Tab walks the rows' actions; Enter on Edit opens the row
    await pressTo(page, 'Tab', 'th', 'Warehouse code')
    await page.keyboard.press('Enter')
    await expect
      .poll(
        () => page.locator('[data-page-key="/wmdm/warehouse"] th[aria-sort]').getAttribute('aria-sort'),
        until,
      )
      .toBe('ascending')
    const secondCode = (
      await page
        .locator('[data-page-key="/wmdm/warehouse"] .ant-table-tbody tr.ant-table-row')
        .nth(1)
        .locator('td')
        .first()
        .innerText()
    ).trim()
    await pressTo(page, 'Tab', 'button', 'Edit')
    await pressTo(page, 'Tab', 'button', 'Edit') // the second row's
    await page.keyboard.press('Enter')
    await expect.poll(() => drawers(page), until).toBe(1)
    const form = page.locator('.ant-drawer-open')
    await expect.poll(() => form.innerText(), until).toContain('Edit: Warehouses')
    expect(
      await form
        .locator('input[aria-label="Warehouse code"]')
        .inputValue({ timeout: 1000 })
        .catch(() => form.innerText()),
    ).toContain(secondCode)
    await page.keyboard.press('Escape')
    await expect.poll(() => drawers(page), until).toBe(0)
    await expect.poll(() => focused(page, 'button', 'Edit'), until).toBe(true)

    // back on the tab bar (Shift+Tab), Delete closes the Warehouses tab
    await pressTo(page, 'Shift+Tab', '.ant-tabs-tab-btn', 'Warehouses')
    await page.keyboard.press('Delete')
    await page.waitForURL('**/workplace')
    expect(await page.locator('.ant-tabs-tab-btn').count()).toBe(1)
    expect(problems).toEqual([])
    await context.close()
  })

  it('chooses a Lov value in its popup: Enter opens it, Tab and Space pick a row, Enter confirms', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signInByKeyboard(page, 'jxs', 'Jxs@12345')
    await page.waitForURL('**/winv/jxsOutboundOrder')
    await page.locator('.ant-table-row').first().waitFor()
    await page.getByRole('button', { name: 'New order', exact: true }).waitFor(until)

    // a dealer's order is a page with goods lines (issue 19), no longer a drawer
    await pressTo(page, 'Tab', 'button', 'New order')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/winv/jxsOutboundOrder/create', until)
    await page
      .locator('.wms-master-detail-page button[aria-label="Choose Ship-from warehouse"]')
      .waitFor(until)
    // the ship-from warehouse's picker, its open button named by its field (the customer's picker comes first)
    await pressTo(page, 'Tab', 'button[aria-label="Choose Ship-from warehouse"]')
    await page.keyboard.press('Enter')
    const modal = page.locator('.wms-lov-modal .ant-modal-content')
    await expect.poll(() => modal.locator('tr.ant-table-row').count(), until).toBeGreaterThan(1)
    // the search field is reached by Tab, Enter searches
    await pressTo(page, 'Tab', 'input[aria-label="Warehouse code"]')
    await page.keyboard.type('WH-E005')
    await page.keyboard.press('Enter')
    await expect.poll(() => modal.locator('tr.ant-table-row').count(), until).toBe(1)
    const name = (await modal.locator('tr.ant-table-row td').nth(2).innerText()).trim()
    // each row's radio is named by the row
    await pressTo(page, 'Tab', 'input.ant-radio-input', name)
    await page.keyboard.press('Space')
    await pressTo(page, 'Tab', 'button', 'OK')
    await page.keyboard.press('Enter')
    await expect.poll(() => modal.count(), until).toBe(0)
    const item = page.locator('.wms-master-detail-page .ant-formily-item', {
      has: page.getByText('Ship-from warehouse', { exact: true }),
    })
    await expect.poll(() => item.innerText(), until).toContain(name)
    // the focus is back on the picker's button
    await expect
      .poll(() => focused(page, 'button[aria-label="Choose Ship-from warehouse"]'), until)
      .toBe(true)
    expect(problems).toEqual([])
    await context.close()
  })
})
