/**
 * Dynamic forms take effect: the administrator adds an item to the seeded form HFLE.STORAGE_EXTRA on its detail
 * page (/hpfm/dynamic-form/detail/{id}), sees it in the live preview before saving, saves, and the file storage
 * screen (/hfile/storage), whose extra parameters follow that form, asks for the new item; what is typed there
 * is saved in the record's extraParams, and a value outside the item's type is refused by the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { accessToken, launch, openSession, signIn, type Session } from './browser'
import { drawer, field, formItem, rows } from './antd-locators'

let browser: Browser
let admin: Session
let token: string
beforeAll(async () => {
  browser = await launch()
  admin = await openSession(browser, 'en-US')
  await signIn(admin.page, 'admin', 'Admin@123')
  await admin.page.waitForURL('**/workplace')
  token = await accessToken(admin.context)
})
afterAll(async () => {
  await browser?.close()
})

async function api(method: string, url: string, body?: unknown) {
  return admin.page.evaluate(
    async ({ method, url, body, token }) => {
      const response = await fetch(url, {
        method,
        headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown }
    },
    { method, url, body, token },
  )
}

describe('dynamic forms', () => {
  it('an item added to HFLE.STORAGE_EXTRA shows in the preview, then on the storage screen, and its value is saved', async () => {
    const { page } = admin
    const headers = await api('GET', '/api/hpfm/v1/1/dynamic-form-headers?formCode=HFLE.STORAGE_EXTRA')
    const header = (headers.body as { content: { formHeaderId: number; formCode: string }[] }).content.find(
      (row) => row.formCode === 'HFLE.STORAGE_EXTRA',
    )!
    let storageId: number | undefined
    try {
      await page.goto(`/hpfm/dynamic-form/detail/${header.formHeaderId}`)
      const preview = page.getByRole('region', { name: 'Preview (unsaved changes included)' })
      await expect.poll(() => preview.getByText('Object key prefix', { exact: true }).isVisible()).toBe(true)
      await expect.poll(() => rows(page).count()).toBe(3)

      await page.getByRole('button', { name: 'Add line' }).click()
      const line = drawer(page)
      await field(line, 'Item code').fill('retentionDays')
      await field(line, 'Label').fill('Retention days')
      await formItem(line, 'Type').locator('.ant-select').click()
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Number' })
        .click()
      await field(line, 'Order').fill('40')
      await line.getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => line.isVisible()).toBe(false)
      // Before the page is saved, the preview already draws the new item.
      await expect
        .poll(() => preview.getByRole('spinbutton', { name: 'Retention days' }).isVisible())
        .toBe(true)

      await page.getByRole('button', { name: /^Save/ }).last().click()
      await expect.poll(() => page.getByText('Saved').first().isVisible()).toBe(true)

      await page.goto('/hfile/storage')
      await expect.poll(() => rows(page).count()).toBeGreaterThan(0)
      await page.getByRole('button', { name: 'Create' }).click()
      const form = drawer(page)
      const days = form.getByRole('spinbutton', { name: 'Retention days' })
      await expect.poll(() => days.isVisible()).toBe(true)
      await field(form, 'Storage code').fill('E2E_DYNAMIC')
      await days.fill('90')
      await form.getByRole('textbox', { name: 'Object key prefix' }).fill('e2e/')
      await form.getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => form.isVisible()).toBe(false)

      const saved = await api('GET', '/api/hfle/v1/1/storage-configs?storageCode=E2E_DYNAMIC')
      const row = (saved.body as { content: { storageConfigId: number; extraParams: unknown }[] }).content[0]!
      storageId = row.storageConfigId
      expect(row.extraParams).toEqual({
        pathPrefix: 'e2e/',
        storageClass: 'STANDARD',
        forcePathStyle: 1,
        retentionDays: 90,
      })
      // The server holds the same line: a text for the number item is refused, naming it.
      const refused = await api('PUT', '/api/hfle/v1/1/storage-configs', {
        ...((await api('GET', `/api/hfle/v1/1/storage-configs/${storageId}`)).body as object),
        extraParams: { retentionDays: 'forever' },
      })
      expect(refused.status).toBe(400)
      expect(JSON.stringify(refused.body)).toContain('retentionDays (Retention days) must be a number')
    } finally {
      const lines = await api(
        'GET',
        `/api/hpfm/v1/1/dynamic-form-lines?formHeaderId=${header.formHeaderId}&size=50`,
      )
      const added = (lines.body as { content: { itemCode: string }[] }).content.filter(
        (l) => l.itemCode === 'retentionDays',
      )
      if (added.length) await api('DELETE', '/api/hpfm/v1/1/dynamic-form-lines', added)
      if (storageId !== undefined) {
        const current = await api('GET', `/api/hfle/v1/1/storage-configs/${storageId}`)
        await api('DELETE', '/api/hfle/v1/1/storage-configs', [current.body])
      }
    }
  })
})
