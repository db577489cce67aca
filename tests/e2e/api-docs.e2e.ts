import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch } from './browser'

/**
 * The browsable API reference (issue 10 "API users") under the app's strict CSP: swagger-ui renders the
 * operations of the generated document with no token, and the page reports no CSP violation (no inline
 * script, no eval).
 */
declare global {
  interface Window {
    __cspViolations?: string[]
  }
}

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('API reference at /api/docs', () => {
  it('renders the operations, grouped by service, without a token and without CSP violations', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    // Injected by the browser before any page script (not an inline script): collects CSP violations.
    await context.addInitScript(() => {
      window.__cspViolations = []
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations!.push(`${event.violatedDirective} ${event.blockedURI}`)
      })
    })
    await page.goto(`${inject('baseURL')}/api/docs`)
    await expect.poll(() => page.locator('.opblock').count(), { timeout: 30_000 }).toBeGreaterThan(50)
    expect(await page.locator('.opblock-tag', { hasText: 'wms' }).count()).toBeGreaterThan(0)
    await expect
      .poll(() =>
        page.locator('.opblock-summary-path', { hasText: '/api/wms/v1/{tenantId}/warehouses' }).count(),
      )
      .toBeGreaterThan(0)
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  }, 60_000)
})
