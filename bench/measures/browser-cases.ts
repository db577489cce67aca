/** Measures 1–3: pages rendered from schemas against the same pages written by hand, in one browser run. */
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'
import type { Figure } from '../lib/report'
import { median, percentile } from '../lib/stats'

type Figures = Record<string, number | string>

/**
 * Sums the gzip size of every script the page loaded until `stop()` (called once the case painted what it waits
 * for): what is fetched ahead after that, when the page is idle, is not what the page needed to show.
 */
function countScripts(page: Page) {
  const sizes: Promise<number>[] = []
  let counting = true
  page.on('response', (response) => {
    if (!counting || response.request().resourceType() !== 'script') return
    sizes.push(
      response.body().then(
        (body) => gzipSync(body).length,
        () => 0,
      ),
    )
  })
  return async () => {
    counting = false
    return { bytes: (await Promise.all(sizes)).reduce((a, b) => a + b, 0), files: sizes.length }
  }
}

/**
 * Loads `?case=name` in a fresh page (a new browser context: nothing cached, as a first visit) and waits (bounded)
 * until the case published `until`.
 */
async function runCase(browser: Browser, url: string, name: string, until: string, timeoutMs = 60000) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } })
  const scripts = countScripts(page)
  try {
    await page.goto(`${url}/?case=${name}`)
    await page.waitForFunction((key) => window.__bench?.[key] !== undefined, until, { timeout: timeoutMs })
    const loaded = scripts()
    return { page, figures: () => page.evaluate(() => window.__bench as Figures), scripts: () => loaded }
  } catch (error) {
    const shown = await page
      .locator('body')
      .innerText()
      .catch(() => '')
    await page.close()
    throw new Error(
      `bench case ${name}: ${(error as Error).message.split('\n')[0]}; the page shows: ${shown.slice(0, 300)}`,
    )
  }
}

/** Median of `samples` fresh loads of each case, alternating so drift hits both alike; and the JS each loaded. */
async function paintedMedian(browser: Browser, url: string, cases: [string, string], samples: number) {
  const times: Record<string, number[]> = { [cases[0]]: [], [cases[1]]: [] }
  const loaded: Record<string, { bytes: number; files: number }> = {}
  for (let i = 0; i < samples; i++) {
    for (const name of cases) {
      const { page, figures, scripts } = await runCase(browser, url, name, 'painted')
      times[name]?.push(Number((await figures()).painted))
      loaded[name] = await scripts()
      await page.close()
    }
  }
  return cases.map((name) => ({ ms: median(times[name] ?? []), js: loaded[name]! }))
}

/**
 * Measure 1 on `url`, the app built with the bench page (bench/app-case: the app's own chunks, AppRoot and
 * SchemaPageHost), against the same page written by hand with antd, cold, alternated.
 */
export async function listPage(browser: Browser, url: string, samples = 20): Promise<Figure[]> {
  const [schema, hand] = await paintedMedian(browser, url, ['list-schema', 'list-hand'], samples)
  if (!schema || !hand) return []
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10
  return [
    {
      measure: `1 list page from schema, app chunks, cold: last of 50 rows painted (median of ${samples})`,
      value: schema.ms,
      baseline: hand.ms,
      unit: 'ms',
      budget: 1.1,
      budgetOn: 'ratio',
      note: 'baseline: the same page by hand with antd, same harness',
    },
    {
      measure: '1 list page from schema: JavaScript loaded (gzip)',
      value: kb(schema.js.bytes),
      baseline: kb(hand.js.bytes),
      unit: 'KB',
      budget: 1.2,
      budgetOn: 'ratio',
      note: `${schema.js.files} files; hand-written: ${hand.js.files} files`,
    },
  ]
}

const WARM_UP_KEYS = 5

/**
 * Types WARM_UP_KEYS + `keys` keys into the case's target input, one at a time, and answers the figures of
 * both parts. Each key waits for the previous key's paint, then a pause that moves it to a different point of
 * the 16.7 ms frame (20 ms plus i/20 of a frame): typed straight after a paint, every key would land at the
 * start of a frame and wait the whole frame for the next one, so a bare input measured 16 ms, the frame,
 * whatever the page did. A person's keys fall anywhere in the frame; so do these, the same spread for every
 * case. The first keys after a form opens also pay for compiling the change path (JIT): they are reported on
 * their own, not in the median.
 */
async function keystrokes(
  browser: Browser,
  url: string,
  name: string,
  keys = 20,
): Promise<{ warmUp: number[]; measured: number[] }> {
  const { page, figures } = await runCase(browser, url, name, 'painted')
  try {
    await page.click('[data-bench="target"]')
    for (let i = 0; i < WARM_UP_KEYS + keys; i++) {
      await page.waitForTimeout(20 + ((i % 20) * 16.7) / 20)
      await page.keyboard.type(String.fromCharCode(97 + (i % 26)))
      await page.waitForFunction((n) => (window.__bench?.keys?.toString().split(',').length ?? 0) >= n, i + 1)
    }
    const times = String((await figures()).keys)
      .split(',')
      .map(Number)
    return { warmUp: times.slice(0, WARM_UP_KEYS), measured: times.slice(WARM_UP_KEYS) }
  } finally {
    await page.close()
  }
}

export async function formPage(browser: Browser, url: string, samples = 10): Promise<Figure[]> {
  const [schema, hand] = await paintedMedian(browser, url, ['form-schema', 'form-hand'], samples)
  const kb = (bytes = Number.NaN) => Math.round(bytes / 1024)
  const schemaKeys = await keystrokes(browser, url, 'form-schema')
  const handKeys = await keystrokes(browser, url, 'form-hand')
  const floorKeys = await keystrokes(browser, url, 'input-floor')
  return [
    {
      measure: `2 form of 300 fields from schema: first paint (median of ${samples})`,
      value: schema?.ms ?? Number.NaN,
      baseline: hand?.ms,
      unit: 'ms',
      budget: 1.1,
      budgetOn: 'ratio',
      note: `baseline: the same form by hand with Formily, same providers; JS ${kb(schema?.js.bytes)} KB vs ${kb(hand?.js.bytes)} KB gzip`,
    },
    {
      measure: `2 form of 300 fields: keystroke to paint (median of 20, after ${WARM_UP_KEYS} warm-up keys)`,
      value: median(schemaKeys.measured),
      baseline: median(handKeys.measured),
      unit: 'ms',
      budget: 16,
      note:
        `baseline: by hand with Formily; a bare <input> takes ${median(floorKeys.measured).toFixed(1)} ms; ` +
        `the ${WARM_UP_KEYS} warm-up keys: ${median(schemaKeys.warmUp).toFixed(1)} ms, by hand ${median(handKeys.warmUp).toFixed(1)} ms`,
    },
  ]
}

async function tableRun(browser: Browser, url: string, name: string) {
  const { page, figures, scripts } = await runCase(browser, url, name, 'frames', 120000)
  try {
    const result = await figures()
    const frames = String(result.frames).split(',').map(Number)
    return {
      js: (await scripts()).bytes,
      painted: Number(result.painted),
      p95: percentile(frames.slice(5), 95),
      note: String(result.frames),
    }
  } finally {
    await page.close()
  }
}

export async function table(browser: Browser, url: string, samples = 9): Promise<Figure[]> {
  const ours: Array<{ painted: number; p95: number; js: number }> = []
  const antd: Array<{ painted: number; p95: number; js: number }> = []
  const deadline = Date.now() + 120000 // a slow table gets fewer samples, never an endless run
  for (let i = 0; i < samples && (i === 0 || Date.now() < deadline); i++) {
    ours.push(await tableRun(browser, url, 'table-schema'))
    antd.push(await tableRun(browser, url, 'table-antd'))
  }
  const med = (list: typeof ours, key: 'painted' | 'p95') => median(list.map((r) => r[key]))
  return [
    {
      measure: `3 DataTable 10,000 rows: first paint (median of ${ours.length})`,
      value: med(ours, 'painted'),
      baseline: med(antd, 'painted'),
      unit: 'ms',
      budget: 1.1,
      budgetOn: 'ratio',
      note: `baseline: antd Table with virtual, same providers; JS ${Math.round(ours[0]!.js / 1024)} KB vs ${Math.round(antd[0]!.js / 1024)} KB gzip`,
    },
    {
      measure: '3 DataTable 10,000 rows: scroll frame p95',
      value: med(ours, 'p95'),
      baseline: med(antd, 'p95'),
      unit: 'ms',
      budget: 33,
    },
  ]
}
