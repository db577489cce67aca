/** Measures 4 and 5 in the built app on the real server: switching kept-alive tabs, and the JS to sign in. */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'
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
    const figures: Figure[] = [
      {
        measure: '5 JavaScript to sign in and reach /workplace (gzip)',
        value: kb(signInJs),
        unit: 'KB',
        budget: 350,
        note: `${scripts.size} files`,
      },
    ]

    // Ten kept-alive pages: the warehouse list under ten different full paths, each its own tab.
    const keys: string[] = []
    for (let i = 1; i <= 10; i++) {
      await goInApp(page, `/wmdm/warehouse?n=${i}`)
      // kept-alive tabs keep their (hidden) rows: wait for a row of the page in view
      await page.locator('.ant-table-tbody tr.ant-table-row:visible').first().waitFor({ timeout: 30000 })
    }
    for (const element of await page.locator('[data-tab-key]').all()) {
      keys.push((await element.getAttribute('data-tab-key')) ?? '')
    }
    const switches: number[] = []
    const deadline = Date.now() + 30000
    for (let round = 0; round < 3 && Date.now() < deadline; round++) {
      for (const key of keys.slice(1)) {
        switches.push(
          await page.evaluate(
            (k) =>
              new Promise<number>((resolve) => {
                const tab = document.querySelector<HTMLElement>(`[data-tab-key="${CSS.escape(k)}"]`)
                const started = performance.now()
                tab?.click()
                requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0))
              }),
            key,
          ),
        )
      }
    }
    figures.push({
      measure: `4 switching between ${keys.length} kept-alive tabs (median of ${switches.length})`,
      value: median(switches),
      unit: 'ms',
      budget: 50,
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
