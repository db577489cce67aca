import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessToken, baseURL, launch, openSession, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

/** The header bell's unread count, read from its accessible name '消息（N 条未读）'. */
const bellCount = async (page: Page) =>
  Number((await page.locator('[data-socket-state]').getAttribute('aria-label'))?.match(/(\d+)/)?.[1])

/** Calls the API as the holder of `token`, as another program (or a second browser) would. */
async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: {
      authorization: `bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(json)}`)
  return json
}

describe('live notices (PLAT-SOCK, PLAT-HDR-13)', () => {
  it('a notice published from another session reaches the open page at once and counts', async () => {
    const clerk = await openSession(browser)
    await signIn(clerk.page, 'clerk', 'Clerk@123')
    const bell = clerk.page.locator('[data-socket-state]')
    await expect.poll(() => bell.getAttribute('data-socket-state')).toBe('open')
    // The counter starts from the unread count, read once the socket is open: wait until it shows it.
    const before = Number(
      (await api(await accessToken(clerk.context), 'GET', '/hmsg/v1/1/messages/user/count'))
        .unreadMessageCount,
    )
    await expect.poll(() => bellCount(clerk.page)).toBe(before)

    // The administrator, in a session of their own, writes and publishes a notice to everyone in 华东仓储.
    const admin = await openSession(browser)
    await signIn(admin.page, 'admin', 'Admin@123')
    const token = await accessToken(admin.context)
    const draft = await api(token, 'POST', '/hmsg/v1/1/notices', {
      title: '周六全天盘点',
      noticeBody: '请提前安排',
    })
    await api(token, 'POST', `/hmsg/v1/1/notices/${String(draft.noticeId)}/publish`)

    await expect.poll(() => bellCount(clerk.page)).toBe(before + 1)
    await expect.poll(() => clerk.page.getByText('您有新的消息').count()).toBeGreaterThan(0)
    // The notification closes by itself after 2.5 s (or by its close button); until then it covers the dropdown.
    await clerk.page
      .locator('.ant-notification-notice-close')
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined)
    await expect.poll(() => clerk.page.getByText('您有新的消息').count(), { timeout: 10_000 }).toBe(0)
    // The dropdown lists it; marking it read brings the counter back down.
    await bell.click()
    await clerk.page.getByText('周六全天盘点').waitFor()
    await clerk.page.getByRole('button', { name: '标为已读', exact: true }).first().click()
    await expect.poll(() => bellCount(clerk.page)).toBe(before)
    expect(clerk.problems).toEqual([])
    await admin.context.close()
    await clerk.context.close()
  })

  it('a message to one user reaches each of that user’s windows, and no one else’s', async () => {
    const first = await openSession(browser)
    await signIn(first.page, 'clerk', 'Clerk@123')
    const second = await first.context.newPage()
    await second.goto('/workplace')
    const other = await openSession(browser)
    await signIn(other.page, 'jxs', 'Jxs@12345')
    for (const page of [first.page, second, other.page])
      await expect
        .poll(() => page.locator('[data-socket-state]').getAttribute('data-socket-state'))
        .toBe('open')
    // The counters start from each user's unread count, read once the socket is open: wait for them to show it.
    const unread = async (context: BrowserContext) =>
      Number(
        (await api(await accessToken(context), 'GET', '/hmsg/v1/1/messages/user/count')).unreadMessageCount,
      )
    const clerkUnread = await unread(first.context)
    const jxsUnread = await unread(other.context)
    for (const [page, expected] of [
      [first.page, clerkUnread],
      [second, clerkUnread],
      [other.page, jxsUnread],
    ] as const)
      await expect.poll(() => bellCount(page)).toBe(expected)
    const counts = [clerkUnread, clerkUnread, jxsUnread]

    const admin = await openSession(browser)
    await signIn(admin.page, 'admin', 'Admin@123')
    await api(await accessToken(admin.context), 'POST', '/hmsg/v1/1/messages/user/send', {
      userIds: [3],
      subject: '请核对 3 号库位',
    })
    await expect.poll(() => bellCount(first.page)).toBe(counts[0]! + 1)
    await expect.poll(() => bellCount(second)).toBe(counts[1]! + 1)
    expect(await bellCount(other.page)).toBe(counts[2])
    for (const session of [first, other, admin]) await session.context.close()
  })
})
