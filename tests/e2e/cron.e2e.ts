/**
 * The cron editor round trip in Chromium (PLAT-CRON-06/08/09): each expression opens in the tabs, the tabs
 * show it, OK gives back the same expression; the meaning and next runs on screen are compared with what
 * cronstrue and the shared Quartz module (renderer/contract/quartz-cron.ts) say in Node. The harness (cron-harness/) is built
 * with Vite into a temporary folder and served on a loopback port.
 */
import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import react from '@vitejs/plugin-react'
import type { Browser, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatInZone, wireInstant } from '../../renderer/index'
import { describeCron, nextRuns } from '../../widgets/cron-editor/cron-reading'
import { launch } from './browser'

let browser: Browser
let server: Server
let outDir: string
let origin: string

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'wms-cron-harness-'))
  await build({
    configFile: false,
    root: 'tests/e2e/cron-harness',
    base: './',
    logLevel: 'error',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  })
  server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '')
    const file = join(outDir, path === '/' ? 'index.html' : path)
    stat(file).then(
      () => {
        response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
        createReadStream(file).pipe(response)
      },
      () => response.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  browser = await launch()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
  if (outDir) await rm(outDir, { recursive: true, force: true })
})

interface Case {
  expression: string
  tab: string
  /** Inputs of that tab by accessible name → the value they show. */
  inputs?: Record<string, string>
  /** Text of the option chosen in that tab. */
  chosen?: string
  /** Checkboxes of that tab that are ticked. */
  ticked?: string[]
}

const cases: Case[] = [
  { expression: '0 0/5 * * * ? *', tab: 'Minutes', inputs: { 'Minutes Start': '0', 'Minutes Step': '5' } },
  {
    expression: '0 15 10 ? * 6L 2022-2030',
    tab: 'Years',
    inputs: { 'Years Range start': '2022', 'Years Range end': '2030' },
  },
  { expression: '0 0 12 L * ? *', tab: 'Days', chosen: 'Last day of the month' },
  { expression: '0 0 12 LW * ? *', tab: 'Days', chosen: 'Last weekday of the month' },
  {
    expression: '0 0 12 L-3 * ? *',
    tab: 'Days',
    inputs: { 'Days day(s) before the end of the month: Days': '3' },
  },
  {
    expression: '0 0 12 15W * ? *',
    tab: 'Days',
    inputs: { 'Nearest weekday to day Day of month of the month: Day of month': '15' },
  },
  {
    expression: '0 0 12 ? * 6#3 *',
    tab: 'Days',
    inputs: { 'The Which one. Day of week of the month: Which one': '3' },
    chosen: 'Friday',
  },
  {
    expression: '0 0 9-17 ? * MON-FRI *',
    tab: 'Hours',
    inputs: { 'Hours Range start': '9', 'Hours Range end': '17' },
  },
  { expression: '0 0,30 8-18 ? * 2,3,4,5,6 *', tab: 'Minutes', ticked: ['00', '30'] },
  {
    expression: '0 0 0 1/5 * ? *',
    tab: 'Days',
    inputs: {
      'Every Step day(s), starting on day Start of the month: Start': '1',
      'Every Step day(s), starting on day Start of the month: Step': '5',
    },
  },
  { expression: '30 10 * * 1,3,5 ? 2030', tab: 'Months', ticked: ['Jan', 'Mar', 'May'] },
  {
    expression: '0 0 12 1-15 * ? *',
    tab: 'Days',
    inputs: {
      'Days Start to Range end of the month: Start': '1',
      'Days Start to Range end of the month: Range end': '15',
    },
  },
  {
    expression: '0 0 6 ? * 2/2 *',
    tab: 'Days',
    inputs: { 'Every Step day(s) of the week, starting on Start: Step': '2' },
    chosen: 'Monday',
  },
  {
    expression: '0 0 0 1 JAN-MAR ? *',
    tab: 'Months',
    inputs: { 'Months Range start': '1', 'Months Range end': '3' },
  },
]

const FORMAT = 'YYYY-MM-DD HH:mm:ss'
const ZONE = 'Asia/Shanghai'

async function openEditor(page: Page, expression: string) {
  await page.goto(`${origin}/?value=${encodeURIComponent(expression)}`)
  await page.getByRole('button', { name: 'Edit the cron expression' }).click()
  await page.getByTestId('cron-expression').waitFor()
}

describe('cron editor round trip in the browser', () => {
  it.each(cases)(
    '$expression opens in the tabs and OK gives it back',
    async ({ expression, tab, inputs, chosen, ticked }) => {
      const page = await browser.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())))
      await openEditor(page, expression)
      expect(await page.getByTestId('cron-expression').innerText()).toBe(expression)

      await page.getByRole('tab', { name: tab }).click()
      const pane = page.locator('.ant-tabs-tabpane-active')
      for (const [label, value] of Object.entries(inputs ?? {}))
        expect(await pane.getByLabel(label, { exact: true }).inputValue()).toBe(value)
      if (chosen) expect(await pane.locator('.ant-radio-wrapper-checked').innerText()).toContain(chosen)
      for (const label of ticked ?? [])
        expect(await pane.getByLabel(label, { exact: true }).isChecked()).toBe(true)

      // The meaning is cronstrue's reading; the runs are the shared Quartz module's in the scheduler's zone
      // (the harness says Asia/Shanghai), shown in the user's zone with the zone named.
      expect(await page.getByTestId('cron-meaning').innerText()).toBe(describeCron(expression, 'en_US'))
      const shown = await page.getByTestId('cron-next-runs').locator('li').allInnerTexts()
      const from = (wireInstant(shown[0]?.slice(0, 19), ZONE) ?? 0) - 1000
      expect(shown).toEqual(
        nextRuns(expression, 5, ZONE, new Date(from))!.map((date) => formatInZone(date, ZONE, FORMAT)),
      )

      await page.getByRole('button', { name: 'OK' }).click()
      await expect.poll(() => page.getByRole('textbox').inputValue()).toBe(expression)
      expect(errors).toEqual([])
      await page.close()
    },
  )

  it('shows the meaning in Chinese for a user in zh_CN', async () => {
    const page = await browser.newPage()
    await page.goto(`${origin}/?lang=zh_CN&value=${encodeURIComponent('0 0 12 ? * 6#3 *')}`)
    await page.getByRole('button', { name: '编辑 Cron 表达式' }).click()
    expect(await page.getByTestId('cron-meaning').innerText()).toBe(describeCron('0 0 12 ? * 6#3 *', 'zh_CN'))
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['秒', '分钟', '小时', '日', '月', '年'])
    await page.close()
  })
})
