/** Measures 4 and 5 in the built app on the real server: switching kept-alive tabs, and the JS to sign in. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'
import { signInBundle, SIGN_IN_BUDGET_KB } from '../../scripts/lib/sign-in-bundle.ts'
import { startServer } from '../../server/start.ts'
import type { Figure } from '../lib/report.ts'
import { median } from '../lib/stats.ts'

const kb = (bytes: number) => bytes / 1024

async function signIn(page: Page, url: string, path: string) {
  await page.goto(url + path)
  await page.waitForURL(/\/api\/oauth\/oauth\/authorize/)
  await page.locator('input[name="username"]').fill('admin')
  await page.locator('input[name="password"]').fill('Admin@123')
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((u) => !u.pathname.startsWith('/api/oauth'))
}

/** Navigates inside the single-page app (no reload), as a menu click does. */
const goInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState({}, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)

export async function appMeasures(browser: Browser): Promise<Figure[]> {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: join(mkdtempSync(join(tmpdir(), 'wms-bench-app-')), 'data'),
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })
    const page = await context.newPage()
    const scripts = new Map<string, number>()
    page.on('response', (response) => {
      const url = response.url()
      if (url.endsWith('.js'))
        void response.body().then(
          (body) => scripts.set(url.split('/').pop() ?? url, gzipSync(body).length),
          () => undefined,
        )
    })
    await signIn(page, server.url, '/workplace')
    await page.waitForLoadState('networkidle')
    const signInJs = [...scripts.values()].reduce((a, b) => a + b, 0)
    const built = signInBundle('dist/app')
    const figures: Figure[] = [
      {
        measure: '5 JavaScript to sign in and reach /workplace (gzip)',
        value: kb(signInJs),
        unit: 'KB',
        budget: SIGN_IN_BUDGET_KB,
        note: `${scripts.size} files`,
      },
      {
        measure: '5 … the same path read from the build (entry, boot and their static imports)',
        value: built.totalKb,
        unit: 'KB',
        budget: SIGN_IN_BUDGET_KB,
        note: `${built.files.length} files; scripts/lib/sign-in-bundle.ts, checked by tests/e2e/sign-in-bundle.e2e.ts`,
      },
    ]

    // The first schema page opened after sign-in, as a menu click opens it: in-app navigation → the frame after its
    // rows are drawn (the table not loading). Every chunk it needs comes cold: none was loaded for /workplace.
    const before = new Set(scripts.keys())
    const firstPageMs = (await page.evaluate(`new Promise((resolve) => {
      const started = performance.now()
      history.pushState({}, '', '/wmdm/warehouse')
      dispatchEvent(new PopStateEvent('popstate'))
      const poll = () => {
        const rows = document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length
        if (rows > 0 && !document.querySelector('.ant-table-wrapper .ant-spin-spinning'))
          requestAnimationFrame(() => setTimeout(() => resolve({ ms: performance.now() - started, rows }), 0))
        else if (performance.now() - started > 30000) resolve({ ms: -1, rows })
        else requestAnimationFrame(() => setTimeout(poll, 0))
      }
      poll()
    })`)) as { ms: number; rows: number }
    await page.waitForLoadState('networkidle')
    const pageJs = [...scripts].filter(([file]) => !before.has(file)).reduce((a, [, size]) => a + size, 0)
    figures.push(
      {
        measure: '1b first schema page after sign-in (/wmdm/warehouse): navigation → its rows painted',
        value: firstPageMs.ms,
        unit: 'ms',
        note: `built app on the real server, ${firstPageMs.rows} rows; in-app navigation from /workplace`,
      },
      {
        measure: '1b … JavaScript that navigation loaded (gzip)',
        value: kb(pageJs),
        unit: 'KB',
        note: 'chunks not loaded for /workplace, including those fetched ahead once the page is idle',
      },
    )

    // Ten kept-alive pages, the most the shell keeps (PLAT-SHELL-13): home and the warehouse list under nine
    // different full paths, each its own tab. With an eleventh, every switch in a round would mount the page
    // evicted last (earlier runs measured that by mistake). Each new tab is waited for as the active one before
    // the next navigation: navigations in quick succession are batched by the router into the last one.
    const keys = [(await page.locator('[data-tab-key]').first().getAttribute('data-tab-key')) ?? '/workplace']
    keys.push('/wmdm/warehouse')
    for (let i = 1; i <= 8; i++) {
      const key = `/wmdm/warehouse?n=${i}`
      await goInApp(page, key)
      await page
        .locator(`.ant-tabs-tab-active [data-tab-key="${key}"]`)
        .waitFor({ state: 'attached', timeout: 30000 })
      // kept-alive tabs keep their (hidden) rows: wait for a row of the page in view
      await page.locator('.ant-table-tbody tr.ant-table-row:visible').first().waitFor({ timeout: 30000 })
      keys.push(key)
    }
    await page.evaluate(
      `document.querySelectorAll('[data-page-key]').forEach((p) => p.setAttribute('data-bench-mounted', ''))`,
    )
    // A click on a tab until the next frame after that tab is the active one (the router may commit the switch a
    // frame or more after the click). A string, so the bundler's helpers stay out of the page.
    const switchTo = (key: string) =>
      page.evaluate(`new Promise((resolve) => {
        const selector = (k) => '[data-tab-key="' + CSS.escape(k) + '"]'
        const started = performance.now()
        document.querySelector(selector(${JSON.stringify(key)})).click()
        const poll = () => {
          if (document.querySelector('.ant-tabs-tab-active ' + selector(${JSON.stringify(key)})))
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0))
          else if (performance.now() - started > 5000) resolve(-1)
          else requestAnimationFrame(() => setTimeout(poll, 0))
        }
        poll()
      })`) as Promise<number>
    const switches: number[] = []
    let missed = 0
    const deadline = Date.now() + 60000
    for (let round = 0; round < 3 && Date.now() < deadline; round++) {
      for (const key of keys) {
        const ms = await switchTo(key)
        if (ms < 0) missed++
        else switches.push(ms)
      }
    }
    const remounted = await page.evaluate(
      `[...document.querySelectorAll('[data-page-key]')].filter((p) => !p.hasAttribute('data-bench-mounted')).length`,
    )
    figures.push({
      measure: `4 switching between ${keys.length} kept-alive tabs (median of ${switches.length})`,
      value: median(switches),
      unit: 'ms',
      budget: 50,
      note: `click → the frame after its tab is shown; ${missed} clicks showed no tab, ${remounted} pages mounted again`,
    })
    await context.close()
    return figures.concat(pageChunks())
  } finally {
    await server.close()
  }
}

/** Each built chunk's gzip size (the page chunks and the shared ones), largest first. */
function pageChunks(): Figure[] {
  const dir = 'dist/app/assets'
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, size: gzipSync(readFileSync(join(dir, file))).length }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 12)
    .map(({ file, size }) => ({
      measure: `5 chunk ${file.replace(/-[\w-]{8}\.js$/, '.js')}`,
      value: kb(size),
      unit: 'KB',
    }))
}
