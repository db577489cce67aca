/**
 * MENU labels (/hiam/label-management type MENU) put on menu entries on the menu screen: the menu list shows
 * and filters by them, the side menu tree shows an entry's enabled labels as its badge; other types, unknown
 * and disabled labels are refused.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MenuNode } from '../../renderer/contract/wire.ts'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}
const CLERK_ROLE = 4

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
const menus = async (query: string) =>
  (await call('admin', 'GET', `/api/iam/v1/1/menus?size=50&${query}`)).json().content as Array<
    Record<string, unknown>
  >
function find(nodes: MenuNode[], code: string): MenuNode | undefined {
  for (const node of nodes) {
    if (node.code === code) return node
    const inner = find(node.subMenus ?? [], code)
    if (inner) return inner
  }
  return undefined
}
const treeNode = async (code: string) =>
  find((await call('clerk', 'GET', '/api/iam/hzero/v1/menus/tree?lang=en_US')).json(), code)

describe('MENU labels', () => {
  it('a menu entry carries MENU labels: listed, filtered, shown as its badge while enabled; others refused', async () => {
    const label = await call('admin', 'POST', '/api/iam/v1/1/labels', {
      labelCode: 'NEW_SCREEN',
      labelName: 'New',
      labelType: 'MENU',
      enabledFlag: 1,
    })
    expect(label.statusCode, label.body).toBe(201)
    const created = await call('admin', 'POST', '/api/iam/v1/1/menus', {
      code: 'wmdm.labelTest',
      name: 'Labelled screen',
      type: 'menu',
      parentId: 100,
      sort: 98,
      route: '/wmdm/label-test',
      labelCodes: 'NEW_SCREEN',
    })
    expect(created.statusCode, created.body).toBe(200)
    const { menuId } = created.json()
    const grant = await call('admin', 'POST', `/api/iam/v1/1/roles/${CLERK_ROLE}/authorities/grant`, {
      itemKey: `menu:${menuId}`,
    })
    expect(grant.statusCode).toBe(200)

    const labelled = await menus('labelCode=NEW_SCREEN')
    expect(labelled.map((m) => m.code)).toEqual(['wmdm.labelTest'])
    expect(labelled[0]!.labelCodes).toBe('NEW_SCREEN')
    expect((await menus('labelCode=VIP')).length).toBe(0)
    expect((await treeNode('wmdm.labelTest'))?.tag).toEqual({ content: 'New' })
    // An entry without labels has no badge.
    expect((await treeNode('wmdm.goods'))?.tag).toBeUndefined()

    // A ROLE label (WAREHOUSE, seeded) or an unknown code cannot be put on a menu; nothing changes.
    const row = labelled[0]!
    const edit = {
      menuId,
      code: row.code,
      name: row.name,
      type: row.type,
      parentId: row.parentId,
      sort: row.sort,
      route: row.route,
      objectVersionNumber: row.objectVersionNumber,
    }
    const wrongType = await call('admin', 'PUT', '/api/iam/v1/1/menus', { ...edit, labelCodes: 'WAREHOUSE' })
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json()).toMatchObject({ failed: true, fields: { labelCodes: 'unknown MENU label' } })
    expect(wrongType.json().message).toMatch(
      /WAREHOUSE: not enabled menu labels of this tenant: create or enable/,
    )
    expect((await menus('labelCode=NEW_SCREEN')).length).toBe(1)

    // Disabled, the label stops showing; enabled again, it shows.
    const labels = (await call('admin', 'GET', '/api/iam/v1/1/labels?labelCode=NEW_SCREEN')).json().content
    const off = await call('admin', 'PUT', '/api/iam/v1/1/labels', { ...labels[0], enabledFlag: 0 })
    expect(off.statusCode, off.body).toBe(200)
    expect((await treeNode('wmdm.labelTest'))?.tag).toBeUndefined()
    await call('admin', 'PUT', '/api/iam/v1/1/labels', { ...(off.json() as object), enabledFlag: 1 })
    expect((await treeNode('wmdm.labelTest'))?.tag).toEqual({ content: 'New' })

    // Edited without labelCodes: kept; with '' : removed.
    const kept = await call('admin', 'PUT', '/api/iam/v1/1/menus', { ...edit, sort: 97 })
    expect(kept.statusCode, kept.body).toBe(200)
    expect((await menus('labelCode=NEW_SCREEN')).length).toBe(1)
    const cleared = await call('admin', 'PUT', '/api/iam/v1/1/menus', {
      ...edit,
      objectVersionNumber: Number(edit.objectVersionNumber) + 1,
      labelCodes: '',
    })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect((await menus('labelCode=NEW_SCREEN')).length).toBe(0)
    expect((await treeNode('wmdm.labelTest'))?.tag).toBeUndefined()
  })
})
