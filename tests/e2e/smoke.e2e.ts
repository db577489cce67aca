/**
 * Opens every screen of schemas/routes.tsv that has a page file, as the administrator, inside one running app
 * (in-app navigation, as a menu click does), and fails on an error panel, an empty page, a failed request or a
 * console error. `SMOKE_MODULES=hiam,hpfm` limits it to some modules (for working on them).
 *
 * Pages without sign-in (/public/…) have their own tests. Routes with `{params}` are opened with the sample values of SAMPLE_PARAMS (ids of the seed), or `1`.
 */
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { pageRoutes, readSpecRoutes } from '../../scripts/lib/route-coverage'
import { launch, openSession, signIn, type Session } from './browser'

/** Modules whose screens are not page files (the shell's own pages). */
const SHELL_MODULES = new Set(['shell', 'exception', 'public', 'module'])

/** Param values that name seeded rows; anything else is opened with 1. */
const SAMPLE_PARAMS: Record<string, string> = {
  // hmsg: the seeded published notice and its message to admin (server/seed/messages-demo.ts)
  noticeId: '1000',
  userMessageId: '1000',
  type: 'NOTICE',
  // hitf purchase lists: SET (a charge set's purchases) or GROUP
  typeCode: 'SET',
  // import pages open with a template code; the seeded menus fill it with this one
  code: 'WMDM.WAREHOUSE',
  // hiam: the seed's warehouse-clerk role and user of tenant 1, a code the clerk holds
  roleId: '4',
  userId: '3',
  permissionId: 'wmdm.warehouse.button.create',
  templatePath: 'LOGIN',
}

const root = resolve(import.meta.dirname, '../..')
const only = process.env.SMOKE_MODULES?.split(',').filter(Boolean)
const pages = pageRoutes(root)
const routes = readSpecRoutes(root).filter(
  (route) =>
    !SHELL_MODULES.has(route.module) &&
    (!only || only.includes(route.module)) &&
    pages.has(route.path) &&
    !route.path.startsWith('/public/'),
)

const concrete = (pattern: string) =>
  pattern.replace(/\{([^}/]+)\}/g, (_, name: string) => encodeURIComponent(SAMPLE_PARAMS[name] ?? '1'))

let browser: Browser
let session: Session
beforeAll(async () => {
  browser = await launch()
  session = await openSession(browser, 'en-US')
  await signIn(session.page, 'admin', 'Admin@123')
  await session.page.waitForURL('**/workplace')
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

/** Navigates inside the running app, the way a menu click does (no reload). */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.waitForURL((url) => url.pathname === path)
}

describe('every screen opens clean for the administrator', () => {
  it.skipIf(!routes.length)(
    `opens ${routes.length} screens`,
    async () => {
      const { page, problems } = session
      const failures: string[] = []
      for (const route of routes) {
        const path = concrete(route.path)
        const before = problems.length
        await openInApp(page, path)
        const area = page.getByTestId('page-area')
        // settled: no spinner or loading skeleton (the page file is still being fetched) in view, and some text
        // beyond the page title
        await expect
          .poll(
            async () =>
              (await area.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible').count()) === 0,
            {
              timeout: 15_000,
            },
          )
          .toBe(true)
          .catch(() => failures.push(`${path}: still loading after 15 s`))
        await page.waitForTimeout(150)
        const alerts = await area
          .locator(
            '[data-error-panel]:visible, .ant-result-403:visible, .ant-result-404:visible, .ant-result-500:visible',
          )
          .allInnerTexts()
        const text = (await area.innerText()).trim()
        if (alerts.length) failures.push(`${path}: error panel: ${alerts.join(' | ').slice(0, 300)}`)
        if (text.length < 2) failures.push(`${path}: empty page`)
        for (const problem of problems.slice(before)) failures.push(`${path}: ${problem}`)
      }
      expect(failures).toEqual([])
    },
    Math.max(60_000, routes.length * 20_000),
  )
})
