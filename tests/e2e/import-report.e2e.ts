/**
 * Import and reports as a user does them: upload an xlsx with a bad row, see the row's error, fix it and import
 * every row; run a report and export it as xlsx (the downloaded file is read back).
 */
import { readFile } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessToken, launch, openSession, signIn, type Session } from './browser'

let browser: Browser
let session: Session
beforeAll(async () => {
  browser = await launch()
  session = await openSession(browser, 'en-US')
  await signIn(session.page, 'admin', 'Admin@123', '/himp/commentImport/WMDM.WAREHOUSE')
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

async function workbook(rows: unknown[][]) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Warehouses')
  sheet.addRow(['仓库编码', '仓库名称', '仓库类型', '地址', '联系人', '联系电话', '面积', '启用'])
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await book.xlsx.writeBuffer())
}

describe('import', () => {
  it('lists a bad row with its error, imports after the fix, and every row lands', async () => {
    const { page } = session
    const suffix = String(Date.now()).slice(-6)
    await page.getByRole('button', { name: 'Download template' }).waitFor({ timeout: 30_000 })
    await page.locator('input[type=file]').setInputFiles({
      name: 'warehouses.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([
        [`E2E-${suffix}-1`, 'E2E one', 'NORMAL'],
        [`E2E-${suffix}-2`, 'E2E two', 'SPACESHIP'],
      ]),
    })
    const error = page.getByText(/'SPACESHIP' is not a value of WMDM.WAREHOUSE_TYPE/)
    await error.first().waitFor({ timeout: 30_000 })
    await page
      .getByRole('row', { name: /SPACESHIP/ })
      .getByRole('button', { name: 'Fix' })
      .click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('仓库类型 (warehouseType)').fill('COLD')
    await dialog.getByRole('button', { name: 'Save and check again' }).click()
    await expect.poll(() => error.count(), { timeout: 15_000 }).toBe(0)
    await page.getByRole('button', { name: 'Import valid rows' }).click()
    await page.getByText('Import finished: 2 / 2').waitFor({ timeout: 15_000 })

    const token = await accessToken(session.context)
    const landed = await page.request.get(`/api/wms/v1/1/warehouses?warehouseCode=E2E-${suffix}`, {
      headers: { authorization: `bearer ${token}` },
    })
    expect((await landed.json()).totalElements).toBe(2)
  }, 120_000)
})

describe('reports', () => {
  it('runs a report with its parameters and exports it as xlsx', async () => {
    const { page } = session
    await page.goto('/hrpt/report-detail-path/WAREHOUSE_BY_TYPE')
    await page.getByRole('button', { name: 'Run' }).click({ timeout: 30_000 })
    await page.getByRole('columnheader', { name: 'warehouseCount' }).waitFor({ timeout: 15_000 })
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export xlsx' }).click(),
    ])
    const book = new ExcelJS.Workbook()
    await book.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer)
    expect((book.worksheets[0]?.getRow(1).values as unknown[]).slice(1)).toEqual([
      'warehouseType',
      'warehouseCount',
      'totalArea',
    ])
    expect(book.worksheets[0]?.rowCount).toBeGreaterThan(1)
  }, 120_000)
})
