/**
 * A MENU_LAYOUT profile changes the shell: a user whose profile says mixed gets the module rail, back to inline
 * the menu tree. (A user of its own, so the other files meet the seeded users' layout unchanged.)
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessToken, launch, openSession, signIn } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

describe('menu layout from the profiles', () => {
  it('a USER profile of mixed gives the module rail; inline gives the menu tree', async () => {
    const admin = await openSession(browser, 'en-US')
    await signIn(admin.page, 'admin', 'Admin@123', '/workplace')
    const headers = { authorization: `bearer ${await accessToken(admin.context)}` }
    const login = `e2e.layout.${String(Date.now()).slice(-6)}`
    const user = await admin.page.request.post('/api/iam/v1/1/users', {
      headers,
      data: { loginName: login, realName: 'Layout', password: 'Layout@2026x' },
    })
    expect(user.status(), await user.text()).toBe(200)
    const { userId } = (await user.json()) as { userId: number }
    const assigned = await admin.page.request.post(`/api/iam/v1/1/users/${userId}/roles/assign`, {
      headers,
      data: { roleId: 4 },
    })
    expect(assigned.status(), await assigned.text()).toBe(200)
    const refused = await admin.page.request.post('/api/hpfm/v1/1/profile-values', {
      headers,
      data: { profileName: 'MENU_LAYOUT', levelCode: 'USER', levelValue: login, profileValue: 'horizontal' },
    })
    expect(refused.status()).toBe(400)
    const profile = await admin.page.request.post('/api/hpfm/v1/1/profile-values', {
      headers,
      data: { profileName: 'MENU_LAYOUT', levelCode: 'USER', levelValue: login, profileValue: 'mixed' },
    })
    expect(profile.status(), await profile.text()).toBe(201)

    const { page, context } = await openSession(browser, 'en-US')
    await signIn(page, login, 'Layout@2026x', '/workplace')
    await page.getByTestId('mixed-menu').waitFor({ timeout: 30_000 })
    await expect.poll(() => page.getByRole('navigation', { name: 'Modules' }).count()).toBe(1)

    const saved = await admin.page.request.put('/api/hpfm/v1/1/profile-values', {
      headers,
      data: { ...((await profile.json()) as Record<string, unknown>), profileValue: 'inline' },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    await page.reload()
    await page.getByTestId('side-menu').waitFor({ timeout: 30_000 })
    await expect.poll(() => page.getByTestId('mixed-menu').count()).toBe(0)
    await context.close()
    await admin.context.close()
  }, 120_000)
})
