/**
 * Platform screens that really configure the product: a tenant code rule numbers the next document created in
 * the browser, and a job scheduled on the server runs on its cron and its runs show in the job's log screen.
 * The administrator sets them up through the API their screens (/hpfm/code-rule, /hsdr/job-info) use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { accessToken, launch, openSession, signIn, type Session } from './browser'
import { field, rows } from './antd-locators'

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

async function api(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body, token }) => {
      const response = await fetch(url, {
        method,
        headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return {
        status: response.status,
        body: (await response.json().catch(() => null)) as Record<string, unknown>,
      }
    },
    { method, url, body, token },
  )
}

describe('platform configuration takes effect', () => {
  it('a tenant code rule numbers the next dealer order created on its screen', async () => {
    const { page } = admin
    const rule = await api(page, 'POST', '/api/hpfm/v1/1/code-rules', {
      ruleCode: 'WINV.JXS_OUTBOUND',
      ruleName: 'Dealer outbound (e2e)',
      prefix: 'E2E-',
      dateFormat: 'YYYYMM',
      sequenceLength: 4,
      resetPerDay: 0,
    })
    expect(rule.status).toBe(201)
    try {
      await page.goto('/winv/jxsOutboundOrder')
      await expect.poll(() => rows(page).count()).toBeGreaterThan(0)
      // a dealer's order is a page with goods lines (issue 19)
      await page.getByRole('button', { name: 'New order' }).click()
      const form = page.locator('.wms-master-detail-page')
      await field(form, 'Customer').fill('E2E code-rule customer')
      await field(form, 'Receiver').fill('Zhang')
      await field(form, 'Receiver phone').fill('13800000000')
      await field(form, 'Delivery address').fill('No. 1 Road')
      await form.getByRole('button', { name: 'Save' }).click()
      await page.waitForURL('**/winv/jxsOutboundOrder/create?outboundOrderId=*')
      await form.getByRole('button', { name: 'Back' }).click()
      await page.waitForURL('**/winv/jxsOutboundOrder')
      await page.waitForTimeout(1600) // the search button takes one click per 1500 ms
      await field(page.locator('form').first(), 'Customer').fill('E2E code-rule customer')
      await page.getByRole('button', { name: 'Search' }).click()
      await expect.poll(() => rows(page).count()).toBe(1)
      expect(await rows(page).first().innerText()).toMatch(/E2E-\d{6}\d{4}/)
    } finally {
      await api(page, 'DELETE', '/api/hpfm/v1/1/code-rules', rule.body)
    }
  })

  it('a job scheduled every second runs on the server and its runs show on its log screen', async () => {
    const { page } = admin
    const job = await api(page, 'POST', '/api/hsdr/v1/1/job-infos', {
      jobCode: 'E2E_SNAPSHOT',
      jobName: 'E2E snapshot',
      jobType: 'MODEL_SNAPSHOT',
      cronExpression: '* * * * * ? *',
      jobParams: '{"models": ["wms/warehouse"]}',
      enabledFlag: 1,
    })
    expect(job.status, JSON.stringify(job.body)).toBe(201)
    const jobId = job.body.jobId as number
    try {
      await page.goto(`/hsdr/job-info/log/${jobId}`)
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: 'Search' }).click()
            await page.waitForTimeout(1600)
            return rows(page).count()
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0)
      expect(await rows(page).first().innerText()).toMatch(/SUCCESS|成功/i)
    } finally {
      const current = await api(page, 'GET', `/api/hsdr/v1/1/job-infos/${jobId}`)
      await api(page, 'PUT', '/api/hsdr/v1/1/job-infos', { ...current.body, enabledFlag: 0 })
    }
  })
})
