import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launch, openSession, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** Table rows of the visible tab (tabs are kept alive, so earlier screens stay in the DOM). */
const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row:visible')

/** Navigates inside the running app, the way a menu click does (no reload). */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.waitForURL((url) => url.pathname === path)
}

describe('integration: invoke an interface and find the call in the interface log', () => {
  it('shows the real failure of an unreachable target and logs it with its trace', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123')
    await page.waitForURL('**/workplace')

    await openInApp(page, '/hitf/interfaces')
    const row = rows(page).filter({ hasText: 'ORDER_PUSH' })
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1)
    await row.getByRole('button', { name: 'Invoke' }).click()
    // erp.example.com does not resolve here: the call fails for real and the screen says so
    await expect
      .poll(() => page.getByText(/Call to https:\/\/erp\.example\.com\/sap\/api\/orders failed/).count(), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0)

    await openInApp(page, '/hitf/interface-logs')
    await expect.poll(() => rows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0)
    const newest = rows(page).first()
    await expect.poll(() => newest.innerText()).toContain('ORDER_PUSH')
    // the value-list meanings replace the codes once the batched lookup has answered
    await expect.poll(() => newest.innerText()).toContain('Outbound')
    await expect.poll(() => newest.innerText()).toContain('Failed')

    await newest.getByRole('button', { name: 'Details' }).click()
    await page.waitForURL(/\/hitf\/interface-logs\/detail\/\d+$/)
    const area = page.getByTestId('page-area').filter({ visible: true })
    await expect.poll(() => area.innerText(), { timeout: 20_000 }).toContain('erp.example.com')
    await expect.poll(() => area.innerText()).toContain('HTTP call')

    // the only failed request is the invoke itself (424: the target failed)
    expect(problems.filter((problem) => !problem.includes('424'))).toEqual([])
    await context.close()
  })
})
