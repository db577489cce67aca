/**
 * A domain's INDEX template takes effect (issue 6, /hiam/domain-config-template): signed in on the domain's
 * host, the administrator lands on its home page (first tab, the logo leads there); the clerk, whose menus do
 * not reach that page, lands on /workplace. The browser resolves the seeded domain's host to this server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright-core'
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/lib/chromium'
import { accessToken, baseURL, openSession, signIn } from './browser'

const HOST = 'wms.example.com'
let browser: Browser
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  })
})
afterAll(async () => {
  await browser?.close()
})

/** A call of the identity API, from Node to the suite's server (the domain's host resolves in the browser only). */
const iam = async (token: string, method: string, path: string, data?: unknown) => {
  const response = await fetch(`${baseURL()}/api/iam/v1/1/${path}`, {
    method,
    headers: {
      authorization: `bearer ${token}`,
      ...(data === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(data === undefined ? {} : { body: JSON.stringify(data) }),
  })
  return {
    status: response.status,
    body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
  }
}
const firstTab = (page: Page) => page.locator('.ant-tabs-tab-btn').first()

describe("a domain's home page", () => {
  it('is where its users land after signing in on its host, when their menus reach it', async () => {
    const setup = await openSession(browser, 'en-US')
    await signIn(setup.page, 'admin', 'Admin@123')
    await setup.page.waitForURL('**/workplace')
    const adminToken = await accessToken(setup.context)
    const domains = (await iam(adminToken, 'GET', 'domains?size=20')).body.content as Array<{
      domainId: number
      domainUrl: string
    }>
    const domain = domains.find((d) => d.domainUrl === HOST)!
    // A home page left by an earlier try of this test goes first.
    const templates = (await iam(adminToken, 'GET', `domain-config/${domain.domainId}/templates?size=20`))
      .body.content as Array<Record<string, unknown>>
    for (const row of templates.filter((t) => t.templateType === 'INDEX'))
      expect((await iam(adminToken, 'DELETE', 'domain-templates', row)).status).toBeLessThan(300)
    const refused = await iam(adminToken, 'POST', 'domain-templates', {
      domainId: domain.domainId,
      templateType: 'INDEX',
      templateName: 'Menus',
      templatePath: '/hiam/menus',
      enabledFlag: 1,
    })
    expect(refused.status).toBe(400)
    expect(String(refused.body.message)).toContain('give /workplace or the route of a menu page')
    const saved = await iam(adminToken, 'POST', 'domain-templates', {
      domainId: domain.domainId,
      templateType: 'INDEX',
      templateName: 'Menus',
      templatePath: '/hiam/menu',
      enabledFlag: 1,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    await setup.context.close()

    const port = new URL(baseURL()).port
    const onDomain = `http://${HOST}:${port}`
    const admin = await openSession(browser, 'en-US', onDomain)
    try {
      await signIn(admin.page, 'admin', 'Admin@123')
      await admin.page.waitForURL('**/hiam/menu')
      await expect.poll(() => firstTab(admin.page).innerText()).toBe('Menus')
      await admin.page.goto('/workplace')
      await admin.page.waitForURL('**/workplace')
      await admin.page.locator('header a[href="/"]').click()
      await admin.page.waitForURL('**/hiam/menu')
      expect(admin.problems).toEqual([])

      const clerk = await openSession(browser, 'en-US', onDomain)
      await signIn(clerk.page, 'clerk', 'Clerk@123')
      await clerk.page.waitForURL('**/workplace')
      await expect.poll(() => firstTab(clerk.page).innerText()).toBe('Workplace')
      await clerk.context.close()
    } finally {
      const token = await accessToken(admin.context)
      const removed = await iam(token, 'DELETE', 'domain-templates', saved.body)
      expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300)
      await admin.context.close()
    }
  })
})
