import { readFile } from 'node:fs/promises'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, openSession, signIn } from './browser'
import { drawer, formItem, rows, openMenu } from './antd-locators'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

// Bytes that would be mangled by any text decoding on the way: a PDF header, NUL, high bytes, CR/LF.
const BYTES = Buffer.from([
  ...Buffer.from('%PDF-1.7\n'),
  0x00,
  0xff,
  0xfe,
  0x80,
  0x0d,
  0x0a,
  ...Array.from({ length: 4096 }, (_, i) => i % 256),
])

describe('attachments on the warehouse screen (CORE-UPL, CORE-FILE)', () => {
  it('uploads a file with the record and downloads the same bytes back', async () => {
    const { page, problems } = await openSession(browser, 'en-US')
    await signIn(page, 'admin', 'Admin@123')
    await page.waitForURL('**/workplace')
    await openMenu(page, 'Master data', 'Warehouses')
    await page.waitForURL('**/wmdm/warehouse')

    await page.getByRole('button', { name: 'Create' }).click()
    const form = drawer(page)
    await formItem(form, 'Warehouse code').locator('input').fill('E2E-UPL')
    await formItem(form, 'Warehouse name').locator('input').first().fill('Upload test warehouse')
    await formItem(form, 'Warehouse type').locator('.ant-select').click()
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Normal' }).click()

    await formItem(form, 'Attachments').locator('input[type="file"]').setInputFiles({
      name: 'Lease contract.pdf',
      mimeType: 'application/pdf',
      buffer: BYTES,
    })
    await expect
      .poll(() => form.locator('.ant-upload-list-item-done', { hasText: 'Lease contract.pdf' }).count())
      .toBe(1)
    await form.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => form.isVisible()).toBe(false)

    // find the warehouse again and open it: the file is listed from its attachment group
    const bar = page.locator('form').first()
    await formItem(bar, 'Warehouse code').locator('input').fill('E2E-UPL')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect.poll(() => rows(page).count()).toBe(1)
    await rows(page).first().getByRole('button', { name: 'Edit' }).click()
    const link = drawer(page).getByText('Lease contract.pdf')
    await link.waitFor()

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toBe('Lease contract.pdf')
    const saved = await readFile(await download.path())
    expect(saved.equals(BYTES)).toBe(true)
    expect(problems).toEqual([])
  })
})
