import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { baseURL, launch, openSession } from './browser'

/**
 * The browsable API reference (issue 10 "API users") under the server's strict CSP: swagger-ui shows every tag
 * of /api/docs/openapi.json as a group, a group opens to its operations, and the page has no CSP violation and
 * no console error (openSession collects both).
 *
 * swagger-ui draws the list of groups and operations virtualised (a window virtualizer: only the items near the
 * viewport are in the DOM, as `.operations-virtual__item`), so the groups are collected while scrolling through
 * the page. That is why an earlier version of this test saw only the first groups: nothing was missing.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** The tags of the groups in the DOM now. */
const shownTags = (page: Page) =>
  page.locator('.opblock-tag').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-tag') ?? ''))

/** Scrolls from the top to the bottom, a screen at a time, collecting every group's tag drawn on the way. */
async function tagsWhileScrolling(page: Page): Promise<Set<string>> {
  const seen = new Set<string>()
  await page.evaluate(() => window.scrollTo(0, 0))
  for (let step = 0; step < 500; step++) {
    for (const tag of await shownTags(page)) seen.add(tag)
    const atEnd = await page.evaluate(() => {
      const end = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2
      window.scrollBy(0, Math.round(window.innerHeight * 0.8))
      return end
    })
    if (atEnd) break
    await page.waitForTimeout(150) // a frame or two for the virtualizer to draw the items now in view
  }
  return seen
}

/** Scrolls until the group of `tag` is drawn; its heading. */
async function scrollToGroup(page: Page, tag: string) {
  const heading = page.locator(`.opblock-tag[data-tag="${tag}"]`)
  await page.evaluate(() => window.scrollTo(0, 0))
  for (let step = 0; step < 200 && !(await heading.count()); step++) {
    await page.evaluate(() => window.scrollBy(0, Math.round(window.innerHeight * 0.8)))
    await page.waitForTimeout(150)
  }
  return heading
}

describe('API reference at /api/docs', () => {
  it('shows every tag of the document as a group, opens one to its operations, with no CSP violation or console error', async () => {
    const { page, problems, context } = await openSession(browser, 'en-US')
    const document = (await (await fetch(`${baseURL()}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>
    }
    const tags = new Set(
      Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])),
    )
    expect(tags.size).toBeGreaterThan(5)
    expect(tags).toContain('wms')

    const response = await page.goto('/api/docs')
    const csp = response?.headers()['content-security-policy'] ?? ''
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))
    expect(scriptSrc?.trim()).toBe("script-src 'self'") // no inline script, no eval
    await page.locator('.opblock-tag').first().waitFor({ timeout: 30_000 })

    expect([...(await tagsWhileScrolling(page))].sort()).toEqual([...tags].sort())

    // groups start closed (docExpansion 'none'): opening one shows its operations, with their paths
    const wms = await scrollToGroup(page, 'wms')
    expect(await wms.getAttribute('data-is-open')).toBe('false')
    await wms.click()
    await expect.poll(() => wms.getAttribute('data-is-open')).toBe('true')
    const wmsPaths = page.locator('.opblock .opblock-summary-path', { hasText: '/api/wms/' })
    await expect.poll(() => wmsPaths.count()).toBeGreaterThan(3)
    // and an operation opens to its parameters
    await wmsPaths.first().click()
    await expect.poll(() => page.locator('.opblock.is-open .opblock-section').count()).toBeGreaterThan(0)

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)
})
