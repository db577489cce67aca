/**
 * Real effects of the audit and message screens: a change of an audited model is found on the data audit
 * screen; a notice published from the notices screen reaches another user's header at once.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { field, rows } from './antd-locators'
import { accessToken, baseURL, launch, openSession, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: {
      authorization: `bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`)
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>
}

const bellCount = async (page: Page) =>
  Number((await page.locator('[data-socket-state]').getAttribute('aria-label'))?.match(/(\d+)/)?.[1])

describe('audit and messages screens', () => {
  it('an audited change is listed on the data audit screen with its before and after', async () => {
    const admin = await openSession(browser)
    await signIn(admin.page, 'admin', 'Admin@123')
    const token = await accessToken(admin.context)
    const code = `WH-E2E-${Date.now() % 100000}`
    const created = await api(token, 'POST', '/wms/v1/1/warehouses', {
      warehouseCode: code,
      warehouseName: 'E2E audit before',
      warehouseType: 'NORMAL',
    })
    await api(token, 'PUT', '/wms/v1/1/warehouses', { ...created, warehouseName: 'E2E audit after' })
    // the server recorded both changes (create and update) in the write transactions
    const recordId = String(created.warehouseId)
    const recorded = await api(
      token,
      'GET',
      `/hmnt/v1/1/data-audits?recordId=${recordId}&modelCode=wms/warehouse`,
    )
    expect(recorded.totalElements, JSON.stringify(recorded).slice(0, 500)).toBe(2)
    // the screen finds them the way an auditor would: by the record's id
    await admin.page.goto('/hmnt/data-audit')
    await field(admin.page.locator('form').first(), '记录ID').fill(recordId)
    await admin.page.getByRole('button', { name: /^查\s?询$/ }).click()
    const row = rows(admin.page).filter({ hasText: 'wms/warehouse' })
    await expect
      .poll(() => row.count(), { timeout: 40_000, message: 'the audit rows of the record on the screen' })
      .toBe(2)
    await row
      .first()
      .getByText(/查看|View/)
      .click()
    await admin.page.getByText('E2E audit after').first().waitFor()
    expect(admin.problems).toEqual([])
    await admin.context.close()
  })

  it('publishing a notice on the notices screen reaches an open header', async () => {
    const clerk = await openSession(browser)
    await signIn(clerk.page, 'clerk', 'Clerk@123')
    const bell = clerk.page.locator('[data-socket-state]')
    await expect.poll(() => bell.getAttribute('data-socket-state')).toBe('open')
    const before = Number(
      (await api(await accessToken(clerk.context), 'GET', '/hmsg/v1/1/messages/user/count'))
        .unreadMessageCount,
    )
    await expect.poll(() => bellCount(clerk.page)).toBe(before)

    const admin = await openSession(browser)
    await signIn(admin.page, 'admin', 'Admin@123')
    const title = `E2E 公告 ${Date.now() % 100000}`
    await api(await accessToken(admin.context), 'POST', '/hmsg/v1/1/notices', { title, noticeBody: 'e2e' })
    await admin.page.goto('/hmsg/notices')
    const row = rows(admin.page).filter({ hasText: title })
    await row.getByText(/^发\s?布$|^Publish$/).click()
    await admin.page
      .locator('.ant-modal-confirm-btns .ant-btn-primary, .ant-popconfirm-buttons .ant-btn-primary')
      .first()
      .click()
    await expect.poll(() => bellCount(clerk.page), { timeout: 15_000 }).toBe(before + 1)
    expect(clerk.problems).toEqual([])
    await admin.context.close()
    await clerk.context.close()
  })
})
