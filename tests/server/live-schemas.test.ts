/**
 * Live page files (issue 22): a test app whose pages directory is a temporary folder (never the repository's
 * schemas/), with config.liveSchemas on. A page file written there is served without a restart, its menu entry
 * appears for the role it grants and not for another, a broken save is refused with file, line, pointer and
 * fix while the last good version keeps serving, the fix clears it, and open sockets hear each change.
 */
import { copyFile, mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MenuNode } from '../../renderer/contract/wire.ts'
import { applyPageMenu, removePageMenu } from '../../server/modules/lowcode/page-menu.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let dir: string
const tokens: Record<string, string> = {}

const ROUTE = '/live/carrier-board'
const EXPORT = 'wmdm.carrier.button.export'

/** A list page on the carrier model, with its menu entry under Master data and the clerk granted export. */
function page(overrides: Record<string, unknown> = {}) {
  return {
    $schema: '../../page.schema.json',
    kind: 'list',
    route: ROUTE,
    title: 'live.board.title',
    description: 'Carriers, as a configurator adds a screen while the server runs.',
    dataSource: {
      service: 'wms',
      path: '/v1/{tenantId}/carriers',
      model: 'wms/carrier',
      primaryKey: 'carrierId',
    },
    fields: {
      carrierCode: { label: 'live.board.code', widget: 'Input' },
      carrierName: { label: 'live.board.name', widget: 'Input' },
    },
    search: { fields: ['carrierCode'] },
    table: { columns: [{ field: 'carrierCode' }, { field: 'carrierName' }] },
    toolbar: { actions: [{ type: 'export', permission: EXPORT }] },
    texts: {
      'live.board.title': { zh_CN: '承运商看板', en_US: 'Carrier board', zh_TW: '承運商看板' },
      'live.board.code': { zh_CN: '编码', en_US: 'Code', zh_TW: '編碼' },
      'live.board.name': { zh_CN: '名称', en_US: 'Name', zh_TW: '名稱' },
    },
    menu: {
      parent: 'wmdm',
      order: 90,
      icon: 'car',
      title: { zh_CN: '承运商看板', en_US: 'Carrier board', zh_TW: '承運商看板' },
    },
    grants: { 'wh-clerk': [EXPORT] },
    ...overrides,
  }
}

const served = (route: string) =>
  injectAs(app, tokens.clerk!, 'GET', `/api/hpfm/v1/page-schemas/page?route=${encodeURIComponent(route)}`)

/** Polls until `check` holds (the watcher applies a save ~100 ms later); the test's own timeout bounds it. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read()
    if (check(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const menuTree = async (user: string, lang = 'en_US') =>
  (await injectAs(app, tokens[user]!, 'GET', `/api/iam/hzero/v1/menus/tree?lang=${lang}`)).json<MenuNode[]>()
const routesOf = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((node) => [...(node.route ? [node.route] : []), ...routesOf(node.subMenus ?? [])])

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wms-live-pages-'))
  // The menu screen's own file: reads need a screen of the role (read-guards.ts), and the administrator lists
  // the menus below through it.
  await mkdir(join(dir, 'hiam'), { recursive: true })
  await copyFile('schemas/pages/hiam/menu.page.json', join(dir, 'hiam', 'menu.page.json'))
  // Pages are named relative to the working directory when inside it; a temp folder is named whole.
  app = await createTestApp({ pagesDir: dir, liveSchemas: true })
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
  tokens.jxs = await signIn(app, 'jxs', 'Jxs@12345')
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  // File entries are site entries: the platform administrator's role edits them.
  expect((await injectAs(app, tokens.admin, 'PUT', '/api/iam/v1/users/roles?roleId=1')).statusCode).toBe(200)
}, 120_000)

afterAll(async () => {
  await app?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('a page file written while the server runs', () => {
  const file = () => join(dir, 'live', 'carrier-board.page.json')

  it('is served at its route, without a restart, and its menu entry appears for the granted role only', async () => {
    expect((await served(ROUTE)).statusCode).toBe(404)
    const frames: Array<{ key: string; message: string }> = []
    const ws = await app.injectWS(`/api/hmsg/websocket?access_token=${tokens.jxs}`)
    ws.on('message', (data: Buffer) => frames.push(JSON.parse(String(data)) as (typeof frames)[number]))

    await mkdir(join(dir, 'live'), { recursive: true })
    await writeFile(file(), JSON.stringify(page(), null, 2))

    const response = await until(
      () => served(ROUTE),
      (r) => r.statusCode === 200,
    )
    expect(response.json()).toMatchObject({ route: ROUTE, kind: 'list', issues: [] })
    // Every open browser hears of it (here the dealer's, whose menu does not show the page).
    await until(
      async () => frames,
      (list) => list.some((f) => f.key === 'page-schema-changed'),
    )
    const frame = frames.find((f) => f.key === 'page-schema-changed')!
    expect(JSON.parse(frame.message)).toMatchObject({
      type: 'page-schema-changed',
      route: ROUTE,
      outcome: 'applied',
      errors: 0,
    })
    ws.terminate()

    // The menu entry is in the database before the browsers are told: the granted role sees it, another not.
    expect(routesOf(await menuTree('clerk'))).toContain(ROUTE)
    expect(routesOf(await menuTree('jxs'))).not.toContain(ROUTE)
    const codes = await injectAs(app, tokens.clerk!, 'POST', '/api/iam/hzero/v1/menus/check-permissions', [
      EXPORT,
    ])
    expect(codes.json()).toEqual([expect.objectContaining({ code: EXPORT, approve: true })])
    // The menu screen says where the entry comes from.
    const listed = await injectAs(app, tokens.admin!, 'GET', `/api/iam/v1/menus?route=${ROUTE}`)
    // named relative to the pages directory (outside the working directory here), never by a server path
    expect(listed.json().content).toEqual([
      expect.objectContaining({ route: ROUTE, sourceFile: 'live/carrier-board.page.json' }),
    ])
  })

  it('refuses a broken save with file, line, pointer and fix, keeps serving the last good version, and clears when fixed', async () => {
    const good = (await served(ROUTE)).json<{ source: string; version: number }>()
    const broken = JSON.stringify(
      page({ table: { columns: [{ field: 'carrierCode' }, { field: 'carrierNmae' }] } }),
      null,
      2,
    )
    await writeFile(file(), broken)

    const refused = await until(
      async () =>
        (await served(ROUTE)).json<{
          source: string
          rejected?: { issues: Array<Record<string, unknown>> }
        }>(),
      (body) => !!body.rejected,
    )
    expect(refused.source).toBe(good.source) // the old version keeps serving
    expect(refused.rejected!.issues).toEqual([
      expect.objectContaining({
        file: expect.stringContaining('carrier-board.page.json'),
        line: expect.any(Number),
        pointer: '/table/columns/1/field',
        message: expect.stringContaining('carrierNmae'),
        suggestion: expect.stringContaining('carrierName'),
        severity: 'error',
      }),
    ])
    expect(refused.rejected!.issues[0]!.line).toBeGreaterThan(1)

    // Not JSON at all: refused the same way, the line of the syntax error named.
    await writeFile(file(), broken.replace('"kind": "list",', '"kind": "list"'))
    const syntax = await until(
      async () =>
        (await served(ROUTE)).json<{
          source: string
          rejected?: { issues: Array<{ line: number; message: string }> }
        }>(),
      (body) => !!body.rejected && body.rejected.issues.some((issue) => issue.line === 4),
    )
    expect(syntax.source).toBe(good.source)

    // Other pages keep working meanwhile: the index still lists the page as served without errors.
    const index = await injectAs(app, tokens.clerk!, 'GET', '/api/hpfm/v1/page-schemas')
    expect(index.json().filter((entry: { route: string }) => entry.route !== '/hiam/menu')).toEqual([
      expect.objectContaining({ route: ROUTE, errors: 0 }),
    ])

    const renamed = page({
      menu: { ...page().menu, title: { zh_CN: '看板', en_US: 'Board', zh_TW: '看板' } },
    })
    await writeFile(file(), JSON.stringify(renamed, null, 2))
    const fixed = await until(
      async () => (await served(ROUTE)).json<{ source: string; rejected?: unknown; version: number }>(),
      (body) => !body.rejected && body.source !== good.source,
    )
    expect(fixed.version).toBeGreaterThan(good.version)
    // The file's new title reaches its entry (nobody changed it in the menu screens).
    await until(
      () => menuTree('clerk'),
      (tree) => JSON.stringify(tree).includes('"Board"'),
    )
  })

  it("keeps an administrator's change of the entry over the file's later changes", async () => {
    const listed = await injectAs(app, tokens.admin!, 'GET', `/api/iam/v1/menus?route=${ROUTE}`)
    const entry = listed.json().content[0] as Record<string, unknown>
    const saved = await injectAs(app, tokens.admin!, 'PUT', '/api/iam/v1/menus', {
      menuId: entry.menuId,
      objectVersionNumber: entry.objectVersionNumber,
      code: entry.code,
      name: 'Carriers (ops)',
      type: 'menu',
      parentId: entry.parentId,
      sort: entry.sort,
      icon: entry.icon,
      route: ROUTE,
    })
    expect(saved.statusCode).toBe(200)
    const retitled = page({
      menu: { ...page().menu, title: { zh_CN: '新', en_US: 'From the file', zh_TW: '新' } },
    })
    await writeFile(file(), JSON.stringify(retitled, null, 2))
    await until(
      async () => (await served(ROUTE)).json<{ source: string }>(),
      (body) => body.source.includes('From the file'),
    )
    // The file's change of the page applies; its entry keeps the administrator's name.
    await app.livePages.database
    // (the administrator renamed it in their language, zh_CN; the file's other languages are not taken either)
    expect(JSON.stringify(await menuTree('clerk', 'zh_CN'))).toContain('Carriers (ops)')
    expect(JSON.stringify(await menuTree('clerk', 'en_US'))).not.toContain('From the file')
  })

  it("counts a new screen's reads at once for the roles its menu is granted to (read-guards.ts)", async () => {
    const rules = (user: string) => injectAs(app, tokens[user]!, 'GET', '/api/wms/v1/1/replenishment-rules')
    // Neither holds a screen or a code of the replenishment rules.
    expect((await rules('clerk')).statusCode).toBe(403)
    const path = join(dir, 'live', 'rule-board.page.json')
    await writeFile(
      path,
      JSON.stringify(
        page({
          route: '/live/rule-board',
          dataSource: {
            service: 'wms',
            path: '/v1/{tenantId}/replenishment-rules',
            model: 'wms/replenishment-rule',
            primaryKey: 'replenishmentRuleId',
          },
          fields: { warehouseCode: { label: 'live.board.code', widget: 'Input' } },
          search: { fields: ['warehouseCode'] },
          table: { columns: [{ field: 'warehouseCode' }] },
          toolbar: undefined,
          menu: { parent: 'wmdm', order: 91, title: { zh_CN: '补货', en_US: 'Rules', zh_TW: '補貨' } },
          grants: undefined,
        }),
      ),
    )
    // Its menu goes to the roles named in the file only; without grants, none: an administrator gives it.
    const change = app.livePages.reloadPageFile(path)
    expect(change).toMatchObject({ outcome: 'applied' })
    await app.livePages.database
    const menu = await app.db
      .selectFrom('iamMenu')
      .select('id')
      .where('route', '=', '/live/rule-board')
      .executeTakeFirstOrThrow()
    const clerkRole = await app.db
      .selectFrom('iamRole')
      .select('id')
      .where('code', '=', 'wh-clerk')
      .executeTakeFirstOrThrow()
    await app.db.insertInto('iamRoleMenu').values({ roleId: clerkRole.id, menuId: menu.id }).execute()
    expect((await rules('clerk')).statusCode).toBe(200)
    expect((await rules('jxs')).statusCode).toBe(403)
    await unlink(path)
    app.livePages.reloadPageFile(path)
  })

  it('stops serving a removed file', async () => {
    await unlink(file())
    await until(
      () => served(ROUTE),
      (r) => r.statusCode === 404,
    )
  })
})

describe("a menu entry written under an older spelling of its file's name", () => {
  it('is adopted under the name the server uses now: no clash with itself, no second entry, removed with the file', async () => {
    const data = page({ route: '/live/renamed', menu: { ...page().menu, code: 'live-renamed' } })
    const entries = async () =>
      (await injectAs(app, tokens.admin!, 'GET', '/api/iam/v1/menus?route=/live/renamed')).json().content
    // what an earlier version stored: the file's path as the server saw it
    const before = await applyPageMenu(app.db, '/srv/old-install/schemas/pages/live/renamed.page.json', data)
    expect(before).toMatchObject({ action: 'created' })
    const again = await applyPageMenu(app.db, 'live/renamed.page.json', data)
    expect(again).toMatchObject({ action: 'unchanged', menuId: before.menuId })
    expect(await entries()).toEqual([
      expect.objectContaining({ menuId: before.menuId, sourceFile: 'live/renamed.page.json' }),
    ])
    expect(await removePageMenu(app.db, 'live/renamed.page.json')).toMatchObject({ action: 'removed' })
    expect(await entries()).toEqual([])
  })
})

describe('reloadPageFile (what a designer calls after saving a file)', () => {
  it('applies one file at once, without waiting for the watcher', async () => {
    const path = join(dir, 'direct.page.json')
    await writeFile(path, JSON.stringify(page({ route: '/live/direct', menu: undefined, grants: undefined })))
    const change = app.livePages.reloadPageFile(path)
    expect(change).toMatchObject({ route: '/live/direct', outcome: 'applied', issues: [] })
    expect((await served('/live/direct')).statusCode).toBe(200)
  })

  it('keeps serving the last good version of a file whose save fails, and serves the fix', async () => {
    const path = join(dir, 'direct.page.json')
    const good = JSON.stringify(page({ route: '/live/direct', menu: undefined, grants: undefined }), null, 2)
    app.livePages.apply(path, good)
    const bad = good.replace('"kind": "list"', '"kind": "lsit"')
    expect(app.livePages.apply(path, bad)).toMatchObject({ outcome: 'rejected', route: '/live/direct' })
    const kept = (await served('/live/direct')).json()
    expect(kept.source).toBe(good)
    expect(kept.rejected.issues[0]).toMatchObject({ pointer: '/kind', severity: 'error' })
    const fixed = good.replace('a configurator adds', 'someone adds')
    expect(app.livePages.apply(path, fixed)).toMatchObject({ outcome: 'applied', issues: [] })
    const now = (await served('/live/direct')).json()
    expect(now.source).toBe(fixed)
    expect(now.rejected).toBeUndefined()
  })

  it('refuses grants of codes the page does not declare, naming the pointer and the codes it does', () => {
    const path = join(dir, 'bad-grants.page.json')
    const change = app.livePages.apply(
      path,
      JSON.stringify(
        page({ route: '/live/bad', grants: { 'wh-clerk': ['wmdm.carrier.button.delete'] } }),
        null,
        2,
      ),
    )
    expect(change.issues).toEqual([
      expect.objectContaining({
        pointer: '/grants/wh-clerk/0',
        message: expect.stringContaining('not a permission code of this page'),
        suggestion: expect.stringContaining(EXPORT),
      }),
    ])
  })
})
