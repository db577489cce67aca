/**
 * The JavaScript to sign in and draw /workplace stays within its budget (bench/README.md, measure 5: 350 KB gzip),
 * read from the build this suite runs against (scripts/lib/sign-in-bundle.ts). The browser half makes the figure
 * honest: every script the browser fetches until the workplace shows is one the figure counted, so a chunk moved
 * out of boot's static imports yet still loaded for /workplace fails here rather than leaving the count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { signInBundle, SIGN_IN_BUDGET_KB } from '../../scripts/lib/sign-in-bundle'
import { launch, openSession, signIn } from './browser'

const bundle = signInBundle('dist/app')

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('the JavaScript to sign in and reach /workplace', () => {
  it(`is at most ${SIGN_IN_BUDGET_KB} KB gzip, and the sign-in page alone loads only the small entry`, () => {
    const listing = bundle.files.map((f) => `${(f.gzip / 1024).toFixed(1)} KB ${f.file}`).join('\n')
    expect(bundle.totalKb, `files to sign in and draw /workplace:\n${listing}`).toBeLessThanOrEqual(
      SIGN_IN_BUDGET_KB,
    )
    // src/main.ts: a browser on its way to the sign-in page loads neither React, antd nor the shell
    const entryKb = bundle.entry.reduce((sum, f) => sum + f.gzip, 0) / 1024
    expect(entryKb, bundle.entry.map((f) => f.file).join(', ')).toBeLessThan(10)
  })

  it('counts every script the browser fetches until the workplace shows', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    const fetched = new Set<string>()
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (path.endsWith('.js') && path.startsWith('/assets/')) fetched.add(path.slice(1))
    })
    await signIn(page, 'admin', 'Admin@123', '/workplace')
    // the workplace drawn: its cards (quick entries, recent visits) in the home tab
    await page.locator('[data-page-key="/workplace"] .ant-card-head-title').nth(1).waitFor()
    const counted = new Set(bundle.files.map((f) => f.file))
    expect([...fetched].filter((file) => !counted.has(file))).toEqual([])
    expect(fetched.size).toBeGreaterThan(0)
    expect(problems).toEqual([])
    await context.close()
  })
})
