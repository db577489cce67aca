/**
 * Permission gates against the real server (issue 4, CORE-PERM / PLAT-PERM):
 * - PLAT-PERM-03: on start the shell asks for the company-create code (hpfm.company.button.create).
 * - CORE-PERM-12: a tab whose code the role does not hold has no tab header (App customisation's tabs).
 * - CORE-PERM-15: a button still shown (its code was revoked after the page checked it) whose call the server
 *   refuses with 403: an error notification, the form kept open with what was typed, no row created.
 * The administrator changes the clerk role through the API its screen (/hiam/role) uses, and restores it.
 */
import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drawer, field, formItem, openMenu, rows } from './antd-locators'
import { accessToken, launch, openSession, signIn, type Session } from './browser'

const CLERK_ROLE = 4
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
  await admin?.context.close()
  await browser?.close()
})

/** Calls the API from the page with `bearer`; answers status and body. */
async function api(page: Page, bearer: string, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body, bearer }) => {
      const response = await fetch(url, {
        method,
        headers: { authorization: `bearer ${bearer}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown }
    },
    { method, url, body, bearer },
  )
}

const roleItem = (action: 'grant' | 'revoke', itemKey: string) =>
  api(admin.page, token, 'POST', `/api/iam/v1/1/roles/${CLERK_ROLE}/authorities/${action}`, { itemKey })

async function clerkSession(path = '/') {
  const session = await openSession(browser, 'en-US')
  await signIn(session.page, 'clerk', 'Clerk@123', path)
  return session
}

describe('permission gates against the server', () => {
  it('PLAT-PERM-03: the start-up permission check asks for the company-create code', async () => {
    // The administrator's own session started again (a second sign-in would end the first one's token).
    const { page } = admin
    const checked: string[][] = []
    const record = (request: Request) => {
      if (request.url().endsWith('/api/iam/hzero/v1/menus/check-permissions'))
        checked.push(JSON.parse(request.postData() ?? '[]') as string[])
    }
    page.on('request', record)
    try {
      await page.goto('/workplace')
      await expect.poll(() => checked.flat()).toContain('hpfm.company.button.create')
      // the administrator holds it and has the companies screen: the workplace offers New company
      await page.getByRole('button', { name: 'New company' }).click()
      await page.waitForURL('**/hpfm/hr/org')
    } finally {
      page.off('request', record)
    }
  })

  it('CORE-PERM-12: a tab header whose code the role lacks is not shown', async () => {
    const menus = await api(
      admin.page,
      token,
      'GET',
      `/api/iam/v1/1/roles/${CLERK_ROLE}/authorities?itemType=MENU&size=500`,
    )
    const menu = (menus.body as { content: Array<{ itemKey: string; code: string }> }).content.find(
      (entry) => entry.code === 'winv.appCustomize',
    )
    expect(menu, 'the app customisation menu is listed for the role').toBeDefined()
    const granted = [
      menu!.itemKey,
      'permission:winv.appCustomize.button.tab-definition',
      'permission:winv.appCustomize.button.tab-hide',
    ]
    for (const itemKey of granted) expect((await roleItem('grant', itemKey)).status).toBe(200)
    try {
      const clerk = await clerkSession('/winv/appCustomizeConfigure')
      await clerk.page.waitForURL('**/winv/appCustomizeConfigure')
      await clerk.page.getByRole('tab', { name: 'Fields', exact: true }).waitFor()
      await clerk.page.getByRole('tab', { name: 'Hidden fields', exact: true }).waitFor()
      expect(await clerk.page.getByRole('tab', { name: 'Validation', exact: true }).count()).toBe(0)
      expect(await clerk.page.getByText('Validation', { exact: true }).count()).toBe(0)
      await clerk.context.close()

      // the administrator (all codes) sees the three
      const page = await admin.context.newPage()
      await page.goto('/winv/appCustomizeConfigure')
      await page.getByRole('tab', { name: 'Validation', exact: true }).waitFor()
      expect(await page.locator('.wms-tabs-page').getByRole('tab').count()).toBe(3)
      await page.close()
    } finally {
      for (const itemKey of granted) await roleItem('revoke', itemKey)
    }
  })

  it('CORE-PERM-15: a visible Create whose call the server refuses shows the error and changes nothing', async () => {
    const code = 'wmdm.warehouse.button.create'
    const clerk = await clerkSession()
    try {
      await clerk.page.waitForURL('**/workplace')
      await openMenu(clerk.page, 'Master data', 'Warehouses')
      await clerk.page.waitForURL('**/wmdm/warehouse')
      const create = clerk.page.locator('.wms-operation-bar').getByRole('button', { name: 'Create' })
      await create.waitFor({ timeout: 15_000 })

      // revoked on the server after the page was allowed to show the button
      expect((await roleItem('revoke', `permission:${code}`)).status).toBe(200)
      await create.click()
      const form = drawer(clerk.page)
      await field(form, 'Warehouse code').fill('E2E-REFUSED')
      await field(form, 'Warehouse name').fill('Refused by the server')
      await formItem(form, 'Warehouse type').locator('.ant-select').click()
      await clerk.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Normal' })
        .click()
      const [response] = await Promise.all([
        clerk.page.waitForResponse(
          (r) => r.url().includes('/api/wms/v1/1/warehouses') && r.request().method() === 'POST',
        ),
        form.getByRole('button', { name: 'Save' }).click(),
      ])
      expect(response.status()).toBe(403)
      await clerk.page.locator('.ant-notification-notice-error, .ant-message-error').first().waitFor()
      // nothing changed: the form is still open with what was typed, and no such warehouse exists
      expect(await form.isVisible()).toBe(true)
      expect(await field(form, 'Warehouse name').inputValue()).toBe('Refused by the server')
      const found = await api(admin.page, token, 'GET', '/api/wms/v1/1/warehouses?warehouseCode=E2E-REFUSED')
      expect((found.body as { totalElements: number }).totalElements).toBe(0)
      await form.getByRole('button', { name: 'Cancel' }).click()
      await expect.poll(() => rows(clerk.page).count()).toBeGreaterThan(0)
    } finally {
      await roleItem('grant', `permission:${code}`)
      await clerk.context.close()
    }
  })
})
