/**
 * The public express query (/public/express, CORE-SES-04): with no session and no cookies, a seeded waybill
 * typed in and searched with Enter shows its status and tracking timeline, and never the receiver.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessToken, baseURL, launch, openSession, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('public express query', () => {
  it('finds a seeded waybill without signing in and shows its timeline', async () => {
    const admin = await openSession(browser)
    await signIn(admin.page, 'admin', 'Admin@123')
    const token = await accessToken(admin.context)
    const response = await fetch(`${baseURL()}/api/ets/v1/1/shipments?page=0&size=50`, {
      headers: { authorization: `bearer ${token}` },
    })
    const body = (await response.json()) as {
      content: Array<{ waybillNum: string; shipmentStatus: string; receiverName: string }>
    }
    const shipment = body.content.find((s) => s.shipmentStatus === 'SIGNED')!
    expect(shipment).toBeTruthy()
    await admin.context.close()

    const visitor = await openSession(browser, 'en-US')
    await visitor.page.goto('/public/express')
    const box = visitor.page.getByRole('textbox', { name: /waybill|运单号/i })
    await box.fill(`${shipment.waybillNum} NOPE0000`)
    await box.press('Enter')
    const card = visitor.page.locator(`[data-waybill="${shipment.waybillNum}"]`)
    await card.waitFor()
    await expect.poll(() => card.locator('.ant-timeline-item').count()).toBe(3)
    expect(await card.innerText()).not.toContain(shipment.receiverName)
    expect(await visitor.page.locator('[data-testid="ets-not-found"]').innerText()).toContain('NOPE0000')
    expect(await visitor.context.cookies()).toEqual([])
    expect(visitor.problems).toEqual([])
    await visitor.context.close()
  })
})
