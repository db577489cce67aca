/**
 * Export on the warehouse screen, as a user does it (CORE-EXP-01, -11..17): 3,000 seeded warehouses are
 * exported synchronously as xlsx and asynchronously as CSV, and both downloaded files are read back and
 * compared with what the list endpoint answers.
 */
import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import type { APIRequestContext, Browser, Download, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessToken, launch, openSession, signIn } from './browser'

const SEEDED = 3000
const BATCH = 1000
const base = '/api/wms/v1/1/warehouses'
const TYPES = { NORMAL: 'Normal', BONDED: 'Bonded', COLD: 'Cold storage', VIRTUAL: 'Virtual' } as const
type Warehouse = {
  warehouseId: number
  objectVersionNumber: number
  warehouseCode: string
  warehouseName: string
  warehouseType: keyof typeof TYPES
}

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const auth = (token: string) => ({ authorization: `bearer ${token}` })

async function seed(request: APIRequestContext, token: string) {
  const types = Object.keys(TYPES)
  for (let start = 0; start < SEEDED; start += BATCH) {
    const rows = Array.from({ length: BATCH }, (_, i) => ({
      _status: 'create',
      warehouseCode: `EXP-${String(start + i + 1).padStart(5, '0')}`,
      warehouseName: `导出仓库 ${start + i + 1}, "east"`,
      warehouseType: types[(start + i) % types.length],
      enabledFlag: 1,
    }))
    const response = await request.post(`${base}/batch-save`, { headers: auth(token), data: rows })
    expect(response.status()).toBe(200)
  }
}

/** The seeded rows in the list's default order (warehouseCode ascending), as the list endpoint answers them. */
async function listed(request: APIRequestContext, token: string): Promise<Warehouse[]> {
  const rows: Warehouse[] = []
  for (let page = 0; page * BATCH < SEEDED; page += 1) {
    const response = await request.get(`${base}?warehouseCode=EXP-&size=${BATCH}&page=${page}`, {
      headers: auth(token),
    })
    rows.push(...((await response.json()) as { content: Warehouse[] }).content)
  }
  return rows
}

async function removeSeeded(request: APIRequestContext, token: string) {
  for (;;) {
    const response = await request.get(`${base}?warehouseCode=EXP-&size=${BATCH}`, { headers: auth(token) })
    const { content } = (await response.json()) as { content: Warehouse[] }
    if (!content.length) return
    const refs = content.map(({ warehouseId, objectVersionNumber }) => ({ warehouseId, objectVersionNumber }))
    await request.delete(base, { headers: auth(token), data: refs })
  }
}

async function openExport(page: Page) {
  // The toolbar's Export (not a closing dialog's), at most once per 1500 ms (OperationBar debounce).
  await page
    .locator('.ant-modal-content')
    .waitFor({ state: 'hidden' })
    .catch(() => undefined)
  await page.waitForTimeout(1600)
  await page.locator('.wms-operation-bar').getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.locator('.ant-modal-content', { hasText: 'Max rows per sheet' })
  await dialog.getByText('All columns').waitFor()
  return dialog
}

/** Keeps code, name and type: unticks every column the screen offers (all are ticked at first), then ticks those. */
async function keepFirstThreeColumns(dialog: Locator) {
  await dialog.getByText('All columns').click()
  for (const title of ['Warehouse code', 'Warehouse name', 'Warehouse type'])
    await dialog.getByRole('checkbox', { name: `Select ${title}`, exact: true }).click()
}

const expectedCells = (rows: Warehouse[]) =>
  rows.map((row) => [row.warehouseCode, row.warehouseName, TYPES[row.warehouseType]])

async function xlsxRows(download: Download) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await download.path())
  return workbook.worksheets.flatMap((sheet) => {
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    return rows
  })
}

/** Minimal RFC 4180 reader: quoted cells may hold commas, line breaks and doubled quotes. */
function csvRows(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const body = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]
    const next = body[i + 1]
    if (quoted && char === '"' && next === '"') {
      cell += '"'
      i += 1
    } else if (char === '"') {
      quoted = !quoted
    } else if (!quoted && char === ',') {
      row.push(cell)
      cell = ''
    } else if (!quoted && char === '\r' && next === '\n') {
      rows.push([...row, cell])
      row = []
      cell = ''
      i += 1
    } else {
      cell += char
    }
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

describe('export on the warehouse screen', () => {
  it('exports 3,000 rows synchronously (xlsx) and asynchronously (CSV) and both files hold the listed rows', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123', '/wmdm/warehouse')
    await page.waitForURL('**/wmdm/warehouse')
    const token = await accessToken(context)
    await seed(context.request, token)
    try {
      const expected = expectedCells(await listed(context.request, token))
      expect(expected).toHaveLength(SEEDED)

      const bar = page.locator('form').first()
      await bar
        .locator('.ant-formily-item', { has: page.getByText('Warehouse code', { exact: true }) })
        .locator('input')
        .fill('EXP-')
      await page.getByRole('button', { name: 'Search' }).click()
      await page.getByText('3000 records in total').waitFor()

      // sync xlsx: the three first columns only, the search applied
      let dialog = await openExport(page)
      await dialog.getByRole('textbox', { name: 'File name' }).fill('warehouses-sync')
      await keepFirstThreeColumns(dialog)
      const [syncFile] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Export' }).click(),
      ])
      expect(syncFile.suggestedFilename()).toBe('warehouses-sync.xlsx')
      const sheet = await xlsxRows(syncFile)
      expect(sheet[0]).toEqual(['Warehouse code', 'Warehouse name', 'Warehouse type'])
      expect(sheet.slice(1)).toEqual(expected)

      // async CSV: a task, then its file from the task drawer
      dialog = await openExport(page)
      await dialog.getByRole('textbox', { name: 'File name' }).fill('warehouses-async')
      await dialog.locator('.ant-form-item', { hasText: 'File type' }).locator('.ant-select').click()
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'CSV' }).click()
      await dialog.getByRole('radio', { name: 'Yes' }).check()
      await keepFirstThreeColumns(dialog)
      await dialog.getByRole('button', { name: 'Export' }).click()
      await page.getByText(/^Async export task submitted [0-9a-f-]{36}$/).waitFor()

      dialog = await openExport(page)
      await dialog.getByRole('button', { name: 'Async tasks' }).click()
      const drawer = page.locator('.ant-drawer-content', { hasText: 'Async export tasks' })
      const row = drawer.locator('tr.ant-table-row', { hasText: 'warehouses-async' })
      await expect
        .poll(
          async () => {
            await drawer.getByRole('button', { name: 'Refresh' }).click()
            return row.locator('[data-state]').getAttribute('data-state')
          },
          { timeout: 60_000, interval: 1000 },
        )
        .toBe('DONE')
      const [asyncFile] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: 'Download' }).click(),
      ])
      expect(asyncFile.suggestedFilename()).toBe('warehouses-async.csv')
      const csv = csvRows(await readFile(await asyncFile.path(), 'utf8'))
      expect(csv[0]).toEqual(['Warehouse code', 'Warehouse name', 'Warehouse type'])
      expect(csv.slice(1)).toEqual(expected)
      expect(problems).toEqual([])
    } finally {
      await removeSeeded(context.request, token)
      await context.close()
    }
  }, 180_000)
})
