/**
 * Pages served at run time (GET /api/hpfm/v1/page-schemas…), permission codes registered at start, and menus
 * created without code (POST/PUT /api/iam/hzero/v1/menus).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerPermissionCodes } from '../../server/bootstrap.ts'
import { loadPages } from '../../server/modules/lowcode/load-pages.ts'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}
const pagesDir = mkdtempSync(join(tmpdir(), 'wms-pages-'))

const goodPage = {
  kind: 'custom',
  route: '/demo/hello',
  title: 'demo.hello',
  description: 'A page for the test.',
  widget: 'SchemaPlayground',
  texts: { 'demo.hello': { zh_CN: '你好', en_US: 'Hello', zh_TW: '你好' } },
}

beforeAll(async () => {
  mkdirSync(join(pagesDir, 'demo'))
  writeFileSync(join(pagesDir, 'demo/hello.page.json'), JSON.stringify(goodPage, null, 2))
  // `kind` misspelt on line 2: served anyway, with its problem, so the browser shows the error panel.
  writeFileSync(
    join(pagesDir, 'demo/broken.page.json'),
    '{\n  "kind": "lsit",\n  "route": "/demo/broken"\n}\n',
  )
  writeFileSync(join(pagesDir, 'demo/not-json.page.json'), '{ "kind": ')
  app = await createTestApp({ pagesDir })
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(async () => {
  await app.close()
  rmSync(pagesDir, { recursive: true, force: true })
})

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)

describe('page schemas at run time', () => {
  it('lists every page file with its route and how many errors the start found', async () => {
    const index = (await call('clerk', 'GET', '/api/hpfm/v1/page-schemas')).json()
    expect(index).toEqual(
      expect.arrayContaining([
        {
          file: expect.stringMatching(/demo\/hello\.page\.json$/),
          route: '/demo/hello',
          kind: 'custom',
          errors: 0,
        },
        {
          file: expect.stringMatching(/demo\/broken\.page\.json$/),
          route: '/demo/broken',
          kind: 'lsit',
          errors: 1,
        },
        { file: expect.stringMatching(/not-json\.page\.json$/), route: '', kind: '', errors: 1 },
      ]),
    )
  })

  it('serves a page by route with its text as written, and a bad page with its problems', async () => {
    const good = (await call('clerk', 'GET', '/api/hpfm/v1/page-schemas/page?route=/demo/hello')).json()
    expect(JSON.parse(good.source)).toEqual(goodPage)
    expect(good.issues).toEqual([])
    const bad = (await call('clerk', 'GET', '/api/hpfm/v1/page-schemas/page?route=/demo/broken')).json()
    expect(bad.issues).toEqual([
      expect.objectContaining({
        line: 2,
        pointer: '/kind',
        message: 'unknown page kind "lsit"',
        suggestion: expect.stringContaining("did you mean 'list'?"),
      }),
    ])
  })

  it('answers 404 naming the route when no file declares it, 400 when neither route nor file is given', async () => {
    const missing = await call('clerk', 'GET', '/api/hpfm/v1/page-schemas/page?route=/demo/nope')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe(
      'No page file declares the route /demo/nope: add one under the pages directory and restart the server.',
    )
    const neither = await call('clerk', 'GET', '/api/hpfm/v1/page-schemas/page')
    expect(neither.statusCode).toBe(400)
  })

  it('checks page fields against the models, like schemas:check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wms-pages-'))
    const page = {
      kind: 'list',
      route: '/x/thing',
      title: 'x.title',
      description: 'd',
      dataSource: {
        service: 'wms',
        path: '/v1/{tenantId}/things',
        model: 'wms/thing',
        primaryKey: 'thingId',
      },
      fields: { thingCode: { label: 'x.title', widget: 'Input' } },
      table: { columns: [{ field: 'thingCode' }] },
      texts: { 'x.title': { zh_CN: '物', en_US: 'Thing', zh_TW: '物' } },
    }
    writeFileSync(join(dir, 'thing.page.json'), JSON.stringify(page, null, 2))
    const [served] = loadPages(dir, { models: new Map(), lookupCodes: new Set() })
    rmSync(dir, { recursive: true, force: true })
    expect(served?.issues.map((i) => [i.pointer, i.message])).toEqual([
      ['/dataSource/model', "model 'wms/thing' not found (expected schemas/models/wms/thing.model.json)"],
    ])
  })

  it('registers the permission codes page files declare, once', async () => {
    const pages = [{ permissions: ['demo.hello.button.create'] }] as Parameters<
      typeof registerPermissionCodes
    >[2]
    expect(await registerPermissionCodes(app.db, [], pages)).toEqual(['demo.hello.button.create'])
    expect(await registerPermissionCodes(app.db, [], pages)).toEqual([])
  })
})

describe('menus without code', () => {
  const menu = {
    code: 'demo.hello',
    name: 'Hello',
    _tls: { name: { zh_CN: '你好', en_US: 'Hello', zh_TW: '你好' } },
    type: 'menu',
    parentId: 100,
    sort: 90,
    route: '/demo/hello',
    roleIds: [2],
    permissionCodes: ['demo.hello.button.create'],
  }

  it('creates a menu that the assigned role sees, and grants its permission set', async () => {
    const created = await call('admin', 'POST', '/api/iam/hzero/v1/menus', menu)
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      code: 'demo.hello',
      name: '你好',
      route: '/demo/hello',
      objectVersionNumber: 1,
      roleIds: [2],
      permissionCodes: ['demo.hello.button.create'],
    })
    const tree = JSON.stringify((await call('admin', 'GET', '/api/iam/hzero/v1/menus/tree')).json())
    expect(tree).toContain('"route":"/demo/hello"')
    const check = await call('admin', 'POST', '/api/iam/hzero/v1/menus/check-permissions', [
      'demo.hello.button.create',
    ])
    expect(check.json()).toEqual([
      { code: 'demo.hello.button.create', approve: true, controllerType: 'hidden' },
    ])
  })

  it('refuses a second menu with the same code (409) and unknown permission codes (400, naming them)', async () => {
    const again = await call('admin', 'POST', '/api/iam/hzero/v1/menus', menu)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/^Menu code 'demo.hello' is already used/)
    const unknown = await call('admin', 'POST', '/api/iam/hzero/v1/menus', {
      ...menu,
      code: 'demo.other',
      permissionCodes: ['demo.nope'],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toContain('Unknown permission code(s): demo.nope.')
  })

  it('needs a route for a menu entry and a dir as parent', async () => {
    const noRoute = await call('admin', 'POST', '/api/iam/hzero/v1/menus', {
      ...menu,
      code: 'demo.x',
      route: undefined,
    })
    expect(noRoute.json().message).toMatch(/needs a route starting with "\/"/)
    const underMenu = await call('admin', 'POST', '/api/iam/hzero/v1/menus', {
      ...menu,
      code: 'demo.y',
      parentId: 101,
    })
    expect(underMenu.json().message).toBe(
      'Parent menu 101 is a menu, not a dir: entries go under a dir. Pick a dir as the parent.',
    )
  })

  it('updates with the lock and refuses a stale objectVersionNumber (409)', async () => {
    const tree = (await call('admin', 'GET', '/api/iam/hzero/v1/menus/tree')).json()
    const id = JSON.stringify(tree).match(/"id":(\d+),"code":"demo.hello"/)?.[1]
    const update = {
      ...menu,
      _tls: undefined,
      id: Number(id),
      objectVersionNumber: 1,
      name: 'Hello again',
      sort: 91,
    }
    const saved = await call('admin', 'PUT', '/api/iam/hzero/v1/menus', update)
    expect(saved.json()).toMatchObject({ name: 'Hello again', objectVersionNumber: 2 })
    const stale = await call('admin', 'PUT', '/api/iam/hzero/v1/menus', update)
    expect(stale.statusCode).toBe(409)
    expect(stale.json().code).toBe('error.optimistic_lock')
  })

  it('is guarded by hiam.menu.button.create', async () => {
    const denied = await call('clerk', 'POST', '/api/iam/hzero/v1/menus', { ...menu, code: 'demo.z' })
    expect(denied.statusCode).toBe(403)
    expect(denied.json().message).toBe(
      'No permission (hiam.menu.button.create), contact the system administrator.',
    )
  })
})

describe('model aggregates for dashboards', () => {
  const url = '/api/wms/v1/1/warehouses/aggregate'

  it('counts rows, in total and per group of a whitelisted field, with the list filters', async () => {
    const [total] = (await call('admin', 'GET', `${url}?measure=count`)).json()
    expect(total).toEqual({ key: null, value: expect.any(Number) })
    const groups = (await call('admin', 'GET', `${url}?groupBy=warehouseType`)).json() as { value: number }[]
    expect(groups.length).toBeGreaterThan(0)
    expect(groups.reduce((sum, g) => sum + g.value, 0)).toBe(total.value)
    const enabled = (await call('admin', 'GET', `${url}?enabledFlag=1`)).json()
    expect(enabled[0].value).toBeLessThanOrEqual(total.value)
  })

  it('sums a number field', async () => {
    const [sum] = (await call('admin', 'GET', `${url}?measure=sum&field=area`)).json()
    expect(typeof sum.value).toBe('number')
  })

  it('refuses fields the model does not allow, saying which ones it does', async () => {
    const noField = await call('admin', 'GET', `${url}?measure=sum`)
    expect(noField.statusCode).toBe(400)
    expect(noField.json().message).toBe(
      "measure 'sum' needs field=<a number field of warehouse>: use one of area, enabledFlag, quantityPrecision.",
    )
    const badGroup = await call('admin', 'GET', `${url}?groupBy=remark`)
    expect(badGroup.statusCode).toBe(400)
    expect(badGroup.json().message).toMatch(/^Cannot group by 'remark': use a searchable or sortable field/)
  })
})
