import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launch, openSession } from './browser'

/**
 * The public stock query (/public/winv/stockQuery, src/routes/PublicStockQuery.tsx) as a shop assistant meets it:
 * no sign-in, a seeded goods found by its barcode with the quantity per warehouse, and a clear message for an
 * empty or unknown code. Nothing asks for a sign-in on the way. A visitor has no session language, so the page
 * speaks the default language (zh_CN); the server's messages are English.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('public stock query', () => {
  it('answers a seeded goods without signing in, and says what is wrong with a bad query', async () => {
    const { page, problems, context } = await openSession(browser)
    await page.goto('/public/winv/stockQuery')
    await page.getByRole('heading', { name: '库存查询' }).waitFor()
    const code = page.getByRole('textbox', { name: '输入物料编码或条码' })
    const search = page.getByRole('button', { name: /查\s*询/ })

    // nothing typed: the page says what to enter, without asking the server
    await search.click()
    await expect.poll(() => page.locator('.ant-alert-error').innerText()).toBe('请输入物料编码或条码')

    // a seeded goods by its barcode: its card with the total and a row per warehouse holding some
    await code.fill('6900000000001')
    await code.press('Enter')
    const card = page.locator('.ant-card', { hasText: 'SKU00001' })
    await card.waitFor()
    expect(await page.locator('.ant-alert-error').count()).toBe(0)
    expect(await card.locator('.ant-card-extra').innerText()).toMatch(/^合计可用: \d+(\.\d+)? \S+$/)
    const rows = card.locator('.ant-table-tbody tr.ant-table-row')
    expect(await rows.count()).toBeGreaterThan(0)
    for (const text of await rows.allInnerTexts()) expect(text).toMatch(/\S+\s+\d+(\.\d+)?$/)
    expect(page.url()).toContain('/public/winv/stockQuery') // never sent to the sign-in page

    // an unknown code: the server's message, and the previous answer is gone
    await code.fill('NO-SUCH-GOODS')
    await search.click()
    await expect
      .poll(() => page.locator('.ant-alert-error').innerText())
      .toBe("No goods with code or barcode 'NO-SUCH-GOODS': check the code printed on the label.")
    expect(await page.locator('.ant-card').count()).toBe(0)

    // the 404 of the unknown code is the expected answer; nothing else failed
    const expected = (p: string) =>
      /^http 404 GET .*\/stock-query\?code=NO-SUCH-GOODS$/.test(p) ||
      /^console: Failed to load resource: .* 404/.test(p)
    expect(problems.filter((p) => !expected(p))).toEqual([])
    await context.close()
  })
})
