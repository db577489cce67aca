/**
 * Issue 19 on the screens: the goods picker of an inbound order line lists goods when opened and finds them by
 * SKU code and barcode, a click on a popup row selects it; the goods list names each owner; at 1440 px the
 * Actions column of the order lists covers no Status cell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { launch, openSession, signIn } from './browser'
import { drawer, formItem, rows } from './antd-locators'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const SLOW = { timeout: 20_000 }
const screen = (page: Page, route: string) => page.locator(`[data-page-key="${route}"]`)
const dropdown = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')

/** The texts of column `title` of the table in `scope`. */
async function columnTexts(scope: Locator, title: string): Promise<string[]> {
  const headers = await scope.locator('.ant-table-thead th').allInnerTexts()
  const index = headers.findIndex((text) => text.trim() === title)
  expect(index, `column ${title} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0)
  return rows(scope).evaluateAll(
    (trs, at) => trs.map((tr) => (tr.children[at] as HTMLElement | undefined)?.innerText.trim() ?? ''),
    index,
  )
}

describe('pickers and reference columns on the warehouse floor (issue 19)', () => {
  it('the goods picker lists goods at once, finds by SKU code and barcode, and a popup row is chosen by a click', async () => {
    const { page, context } = await openSession(browser, 'en-US')
    await signIn(page, 'clerk', 'Clerk@123', '/winv/inboundOrder/create')
    await page.waitForURL('**/winv/inboundOrder/create', SLOW)
    await page.getByRole('button', { name: 'Add line' }).click()
    const line = drawer(page)
    const goods = formItem(line, 'Goods')
    const input = goods.getByRole('combobox')
    await input.click()
    // the first page, before anything is typed
    await expect
      .poll(() => dropdown(page).locator('.ant-select-item-option').count(), SLOW)
      .toBeGreaterThan(0)
    expect(await dropdown(page).getByText('No data').count()).toBe(0)

    await input.fill('SKU00003')
    await expect.poll(() => dropdown(page).getByText('牙膏 120g').count(), SLOW).toBe(1)
    await dropdown(page).getByText('牙膏 120g').click()
    await expect.poll(() => goods.innerText()).toContain('牙膏 120g')

    await goods.locator('.ant-select-selector').click()
    await input.fill('6900000000002')
    await expect.poll(() => dropdown(page).getByText('沐浴露 750ml').count(), SLOW).toBe(1)
    await dropdown(page).getByText('沐浴露 750ml').click()
    await expect.poll(() => goods.innerText()).toContain('沐浴露 750ml')

    await goods.getByRole('button', { name: 'Choose Goods' }).click()
    const modal = page.locator('.ant-modal-content', { hasText: 'Choose goods' })
    await expect.poll(() => modal.locator('tr.ant-table-row').count(), SLOW).toBeGreaterThan(1)
    const row = modal.locator('tr.ant-table-row', { hasText: 'SKU00001' })
    await row.locator('td').nth(2).click()
    await expect.poll(() => row.locator('input[type="radio"]').isChecked()).toBe(true)
    await modal.getByRole('button', { name: 'OK' }).click()
    await expect.poll(() => modal.count()).toBe(0)
    await expect.poll(() => goods.innerText()).toContain('洗发水 500ml')
    await context.close()
  })

  it('the goods list shows each owner by name, never its id', async () => {
    const { page, context } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123', '/wmdm/goods')
    const list = screen(page, '/wmdm/goods')
    await expect.poll(() => rows(list).count(), SLOW).toBeGreaterThan(0)
    await expect
      .poll(async () => (await columnTexts(list, 'Owner')).filter((text) => /^\d+$/.test(text)).length, SLOW)
      .toBe(0)
    expect((await columnTexts(list, 'Owner')).filter(Boolean).length).toBeGreaterThan(0)
    await context.close()
  })

  it('at 1440 px the Actions column of the order lists covers no Status cell, even scrolled to the end', async () => {
    const { page, context } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123', '/winv/inboundOrder')
    for (const route of ['/winv/inboundOrder', '/winv/outboundOrder', '/winv/jxsOutboundOrder']) {
      await page.goto(route)
      const list = screen(page, route)
      await expect.poll(() => rows(list).count(), SLOW).toBeGreaterThan(0)
      const status = list.locator('.ant-table-thead th', { hasText: /status/i }).first()
      const actions = list.locator('.ant-table-thead th', { hasText: 'Actions' }).first()
      // scrolled to the end, every column has come out from under the Actions column fixed on the right
      await list
        .locator('.ant-table-body, .ant-table-content')
        .first()
        .evaluate((box) => {
          box.scrollLeft = box.scrollWidth
        })
      await page.waitForTimeout(200)
      const [s, a] = [await status.boundingBox(), await actions.boundingBox()]
      expect(s, `${route}: a Status column`).not.toBeNull()
      expect(a, `${route}: an Actions column`).not.toBeNull()
      expect(s!.x + s!.width, route).toBeLessThanOrEqual(a!.x + 1)
    }
    await context.close()
  })
})
