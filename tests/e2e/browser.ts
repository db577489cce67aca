/**
 * Browser helpers for the e2e suite: Debian's Chromium through playwright-core, one isolated context per test,
 * console errors and failed requests collected so a test can assert a clean page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchChromium } from '../../scripts/lib/chromium'
import { inject } from 'vitest'

export function baseURL(): string {
  return inject('baseURL')
}

export const launch = launchChromium

export interface Session {
  context: BrowserContext
  page: Page
  /** Console errors, page errors, CSP violations and failed responses (`http <status> <method> <url>`) seen so far. */
  problems: string[]
}

/** A fresh context on the suite's server, or on `base` (a test that starts a server of its own). */
export async function openSession(browser: Browser, locale = 'zh-CN', base = baseURL()): Promise<Session> {
  const context = await browser.newContext({
    baseURL: base,
    locale,
    viewport: { width: 1440, height: 900 },
  })
  // Every page of every test reports CSP violations as console errors, which `problems` collects: the e2e suite
  // runs under the server's strict CSP, and a test asserting a clean page asserts no violation too. Injected by
  // the browser before any page script (not an inline script, so the CSP does not apply to it).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`)
    })
  })
  const page = await context.newPage()
  return { context, page, problems: watchProblems(page) }
}

/** Collects the console errors, page errors and failed responses of `page` into the list it returns. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`http ${response.status()} ${response.request().method()} ${response.url()}`)
  })
  return problems
}

/** Signs in through the login service's page, starting from `path`; resolves once the app shows that page. */
export async function signIn(page: Page, login: string, password: string, path = '/'): Promise<void> {
  await page.goto(path)
  await page.waitForURL(/\/api\/oauth\/oauth\/authorize/)
  await page.locator('input[name="username"]').fill(login)
  await page.locator('input[name="password"]').fill(password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => !url.pathname.startsWith('/api/oauth'))
}

/** The access token the app keeps in its cookie. */
export async function accessToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'access_token')
  if (!cookie) throw new Error('no access_token cookie: is the user signed in?')
  return cookie.value
}
