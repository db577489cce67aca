/**
 * `npm run bench`: builds what it needs, runs every measure of bench/README.md on this machine and prints a
 * table of figures beside their budgets, with ratios against baselines measured in the same run; writes the
 * results as JSON to bench/results/. A benchmark, not a test: it never fails the suite.
 * Pick measures by number: `npm run bench -- 1 3 6`. BENCH_DATABASE_URL adds measure 6 on PostgreSQL.
 */
import { execFileSync } from 'node:child_process'
import { launchChromium } from '../scripts/lib/chromium.ts'
import { appMeasures } from './measures/app.ts'
import { exportMeasures } from './measures/export.ts'
import { liveFiles } from './measures/live-files.ts'
import { formPage, listPage, table } from './measures/browser-cases.ts'
import { listEndpoint, schemasCheck, startTimes } from './measures/server.ts'
import { printTable, writeResults, type Figure } from './lib/report.ts'
import { serveFolder } from './lib/static-server.ts'

const chosen = new Set(process.argv.slice(2).map(Number).filter(Boolean))
const wants = (...measures: number[]) => chosen.size === 0 || measures.some((m) => chosen.has(m))
const figures: Figure[] = []

async function step(name: string, work: () => Promise<Figure[]>) {
  const started = performance.now()
  process.stdout.write(`${name} … `)
  try {
    const result = await work()
    figures.push(...result)
    console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`)
  } catch (error) {
    console.log(`failed: ${(error as Error).message}`)
    figures.push({
      measure: `${name}: failed`,
      value: Number.NaN,
      unit: 'ms',
      note: (error as Error).message,
    })
  }
}

const npm = (...args: string[]) => execFileSync('npm', ['run', '-s', ...args], { stdio: 'inherit' })

if (wants(2, 3)) npm('build:app', '--', '--config', 'bench/vite.config.ts')
// Measure 1: the app built with the bench page, so the schema case loads the app's own chunks (vite.config.ts).
if (wants(1))
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_APP: '1' },
  })
if (wants(1, 4, 5)) npm('build')
else if (wants(8)) npm('build:server')

if (wants(1, 2, 3, 4, 5)) {
  const browser = await launchChromium()
  const site = wants(2, 3) ? await serveFolder(`${process.cwd()}/dist/bench`) : undefined
  const appSite = wants(1) ? await serveFolder(`${process.cwd()}/dist/bench-app`) : undefined
  try {
    if (appSite) await step('1 list page', () => listPage(browser, `${appSite.url}/bench/app-case`))
    if (site && wants(2)) await step('2 form of 300 fields', () => formPage(browser, site.url))
    if (site && wants(3)) await step('3 DataTable 10,000 rows', () => table(browser, site.url))
    if (wants(1, 4, 5)) await step('1b, 4–5 app: first page, tabs and bundle', () => appMeasures(browser))
  } finally {
    await site?.close()
    await appSite?.close()
    await browser.close()
  }
}
if (wants(6)) {
  await step('6 list endpoint (PGlite)', async () => (await listEndpoint()).figures)
  const postgres = process.env.BENCH_DATABASE_URL
  if (postgres)
    await step(
      '6 list endpoint (PostgreSQL)',
      async () => (await listEndpoint({ databaseUrl: postgres })).figures,
    )
}
if (wants(7)) await step('7 export 100,000 and 1,000,000 rows', exportMeasures)
if (wants(8)) await step('8 server start', startTimes)
if (wants(9)) await step('9 schemas:check', schemasCheck)
if (wants(10)) await step('10 live files: save to reload', liveFiles)

printTable(figures)
console.log(`results: ${writeResults(figures)}`)
