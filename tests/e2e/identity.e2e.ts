/**
 * Identity administration really configures the product (issue: platform screens): a menu given to a role
 * appears in that role's menu, and a permission code taken away hides the button and the server refuses the
 * call. The administrator changes the role through the same API its screens (/hiam/role) use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { accessToken, launch, openSession, signIn } from './browser'
import { openMenu } from './antd-locators'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const CLERK_ROLE = 4

/** Calls the API from the page with the signed-in user's token; answers status and body. */
async function api(page: Page, token: string, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body, token }) => {
      const response = await fetch(url, {
        method,
        headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown }
    },
    { method, url, body, token },
  )
}

/** Every route of the signed-in user's menu tree (what the shell builds its menu and routes from). */
async function menuRoutes(page: Page, token: string): Promise<string[]> {
  const tree = await api(page, token, 'GET', '/api/iam/hzero/v1/menus/tree?lang=en_US')
  type Node = { route?: string; subMenus?: Node[] }
  const walk = (nodes: Node[]): string[] =>
    nodes.flatMap((node) => [...(node.route ? [node.route] : []), ...walk(node.subMenus ?? [])])
  return walk(tree.body as Node[])
}

async function clerkSession() {
  const session = await openSession(browser, 'en-US')
  await signIn(session.page, 'clerk', 'Clerk@123')
  await session.page.waitForURL('**/workplace')
  return session
}

describe('roles configure what their users get', () => {
  it('a menu granted to the clerk role shows in the clerk’s menu and opens; revoked, it is gone', async () => {
    const admin = await openSession(browser, 'en-US')
    await signIn(admin.page, 'admin', 'Admin@123')
    await admin.page.waitForURL('**/workplace')
    const token = await accessToken(admin.context)
    const menus = await api(
      admin.page,
      token,
      'GET',
      `/api/iam/v1/1/roles/${CLERK_ROLE}/authorities?itemType=MENU&size=500`,
    )
    expect(menus.status).toBe(200)
    const item = (
      menus.body as { content: Array<{ itemKey: string; code: string; granted: number | boolean }> }
    ).content.find((entry) => entry.code === 'winv.functionParams')
    expect(item, 'the function parameters menu is listed for the role').toBeDefined()
    expect(Boolean(item!.granted)).toBe(false)

    const route = '/winv/functionParamsDefine'
    const before = await clerkSession()
    expect(await menuRoutes(before.page, await accessToken(before.context))).not.toContain(route)
    await before.page.goto(route)
    await expect.poll(() => before.page.locator('.ant-result-404').count()).toBe(1)
    await before.context.close()

    const grant = await api(
      admin.page,
      token,
      'POST',
      `/api/iam/v1/1/roles/${CLERK_ROLE}/authorities/grant`,
      {
        itemKey: item!.itemKey,
      },
    )
    expect(grant.status).toBe(200)
    const after = await clerkSession()
    expect(await menuRoutes(after.page, await accessToken(after.context))).toContain(route)
    await after.page.goto(route)
    await expect.poll(() => after.page.locator('.ant-table-row').count()).toBeGreaterThan(0)
    expect(await after.page.locator('.ant-result-404').count()).toBe(0)
    await after.context.close()

    const revoke = await api(
      admin.page,
      token,
      'POST',
      `/api/iam/v1/1/roles/${CLERK_ROLE}/authorities/revoke`,
      {
        itemKey: item!.itemKey,
      },
    )
    expect(revoke.status).toBe(200)
    const revoked = await clerkSession()
    expect(await menuRoutes(revoked.page, await accessToken(revoked.context))).not.toContain(route)
    await revoked.context.close()
    await admin.context.close()
  })

  it('a permission code taken from the clerk role hides the button and the server refuses the call', async () => {
    const admin = await openSession(browser, 'en-US')
    await signIn(admin.page, 'admin', 'Admin@123')
    await admin.page.waitForURL('**/workplace')
    const token = await accessToken(admin.context)
    const code = 'wmdm.warehouse.button.create'

    const holding = await clerkSession()
    await openMenu(holding.page, 'Master data', 'Warehouses')
    await holding.page.waitForURL('**/wmdm/warehouse')
    await expect
      .poll(() => holding.page.getByRole('button', { name: 'Create' }).count(), { timeout: 15_000 })
      .toBe(1)
    await holding.context.close()

    const revoke = await api(
      admin.page,
      token,
      'POST',
      `/api/iam/v1/1/roles/${CLERK_ROLE}/authorities/revoke`,
      {
        itemKey: `permission:${code}`,
      },
    )
    expect(revoke.status).toBe(200)
    try {
      const clerk = await clerkSession()
      await openMenu(clerk.page, 'Master data', 'Warehouses')
      await clerk.page.waitForURL('**/wmdm/warehouse')
      await expect
        .poll(() => clerk.page.locator('.ant-table-row').count(), { timeout: 15_000 })
        .toBeGreaterThan(0)
      expect(await clerk.page.getByRole('button', { name: 'Create' }).count()).toBe(0)
      const refused = await api(
        clerk.page,
        await accessToken(clerk.context),
        'POST',
        '/api/wms/v1/1/warehouses',
        {
          warehouseCode: 'E2E-NOPE',
          warehouseName: 'Refused',
          warehouseType: 'NORMAL',
        },
      )
      expect(refused.status).toBe(403)
      expect(JSON.stringify(refused.body)).toContain(code)
      await clerk.context.close()
    } finally {
      await api(admin.page, token, 'POST', `/api/iam/v1/1/roles/${CLERK_ROLE}/authorities/grant`, {
        itemKey: `permission:${code}`,
      })
      await admin.context.close()
    }
  })
})
