/**
 * A document print as the clerk does it: the Print action of an inbound order opens its print page, the sheet
 * shows the order under the tenant's print header and footer (general templates), its number as a barcode and
 * its lines; Print with two copies records the print on the
 * server (type, number, copies, who) before the browser's print dialog opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { accessToken, launch, openSession, signIn } from './browser'
import { rows } from './antd-locators'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('document print (schemas/pages/winv/inbound-order-print.page.json)', () => {
  it('the Print action opens the sheet; Print records type, number and copies, then opens the print dialog', async () => {
    const { page, context, problems } = await openSession(browser, 'en-US')
    try {
      // the print dialog is the browser's: counted instead of opened
      await context.addInitScript(() => {
        const counted = window as unknown as { printed: number }
        counted.printed = 0
        window.print = () => {
          counted.printed += 1
        }
      })
      await signIn(page, 'clerk', 'Clerk@123', '/winv/inboundOrder')
      await page.waitForURL('**/winv/inboundOrder')
      await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBeGreaterThan(0)
      await rows(page).first().getByRole('button', { name: 'Print', exact: true }).click()
      await page.waitForURL(/\/winv\/inboundOrder\/print\?inboundOrderId=\d+/)

      const sheet = page.getByTestId('document-sheet')
      await expect.poll(() => sheet.count(), { timeout: 15_000 }).toBe(1)
      const number = (await sheet.getByRole('img').getAttribute('aria-label')) ?? ''
      expect(number).toMatch(/\S/)
      // header and footer from the seeded general templates WMS.PRINT_HEADER / WMS.PRINT_FOOTER
      const token = await accessToken(context)
      const self = await context.request.get('/api/iam/hzero/v1/users/self', {
        headers: { authorization: `bearer ${token}` },
      })
      const { tenantName, realName } = (await self.json()) as { tenantName: string; realName: string }
      expect(tenantName).toMatch(/\S/)
      await expect
        .poll(() => sheet.getByTestId('document-header').textContent())
        .toBe(`${tenantName} · Inbound order ${number}`)
      expect(await sheet.getByTestId('document-footer').textContent()).toMatch(
        new RegExp(`^Printed by ${realName} at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} · copy 1 of 1$`),
      )
      const lineRows = sheet.getByRole('table', { name: 'Lines' }).locator('tbody tr')
      expect(await lineRows.count()).toBeGreaterThan(0)

      const copies = page.getByRole('spinbutton', { name: 'Copies' })
      await copies.fill('2')
      await expect.poll(() => sheet.count()).toBe(2)
      expect(await sheet.nth(1).getByTestId('document-footer').textContent()).toMatch(/ · copy 2 of 2$/)
      await page.getByRole('button', { name: 'Print', exact: true }).click()
      await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)

      const listed = await context.request.get(
        `/api/wms/v1/1/print-records?docNum=${encodeURIComponent(number)}`,
        { headers: { authorization: `bearer ${token}` } },
      )
      expect(listed.status()).toBe(200)
      const { content } = (await listed.json()) as { content: Array<Record<string, unknown>> }
      expect(content).toHaveLength(1)
      expect(content[0]).toMatchObject({
        printType: 'DOCUMENT',
        docType: 'INBOUND',
        docNum: number,
        copies: 2,
      })
      expect(content[0]!.operatorId).toBe(3)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
