/**
 * Page files outside the working directory (PAGES_DIR elsewhere, issue 22): the page index, a page and the
 * designer name each file relative to the pages directory (`wmdm/warehouse.page.json`), never by a path of the
 * server's disk; a file named by the client is resolved inside that directory, and a name escaping it is a 400
 * naming it (nothing read, nothing written).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

const ROUTE = '/wmdm/warehouse'
const NAME = 'wmdm/warehouse.page.json'
const dir = mkdtempSync(join(tmpdir(), 'wms-page-names-'))
let app: FastifyInstance
let admin: string

beforeAll(async () => {
  mkdirSync(join(dir, 'wmdm'))
  cpSync('schemas/pages/wmdm/warehouse.page.json', join(dir, NAME))
  app = await createTestApp({ pagesDir: dir, pageDesignerWrites: true })
  admin = await signIn(app, 'admin', 'Admin@123')
  // Page files are the installation's: the platform administrator's site role saves them.
  expect((await injectAs(app, admin, 'PUT', '/api/iam/v1/users/roles?roleId=1')).statusCode).toBe(200)
}, 120_000)
afterAll(async () => {
  await app?.close()
  rmSync(dir, { recursive: true, force: true })
})

const open = () =>
  injectAs(app, admin, 'GET', `/api/hpfm/v1/page-designer/file?route=${encodeURIComponent(ROUTE)}`)
const save = (body: Record<string, unknown>) =>
  injectAs(app, admin, 'PUT', '/api/hpfm/v1/page-designer/file', { route: ROUTE, ...body })

describe('page files outside the working directory', () => {
  it('are named relative to the pages directory in the index, the page and the designer', async () => {
    const index = await injectAs(app, admin, 'GET', '/api/hpfm/v1/page-schemas')
    expect(index.json<Array<{ file: string }>>().map((page) => page.file)).toEqual([NAME])
    const page = await injectAs(app, admin, 'GET', `/api/hpfm/v1/page-schemas/page?file=${NAME}`)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({ file: NAME, route: ROUTE })
    const opened = await open()
    expect(opened.json()).toMatchObject({ file: NAME })
    expect(opened.body).not.toContain(dir)
  })

  it('save by the name the designer was given, resolved inside the pages directory', async () => {
    const { source, version, file } = (await open()).json<{ source: string; version: string; file: string }>()
    const edited = source.replace('"en_US": "Warehouse name"', '"en_US": "Warehouse title"')
    expect(edited).not.toBe(source)
    const saved = await save({ source: edited, version, file })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ file: NAME })
    expect(readFileSync(join(dir, NAME), 'utf8')).toBe(edited)
  })

  it.each(['../outside.page.json', '../../etc/x.page.json', '/etc/x.page.json'])(
    'refuse a name escaping the pages directory (%s): 400 naming it, nothing written',
    async (name) => {
      const { source, version } = (await open()).json<{ source: string; version: string }>()
      const saved = await save({ source: `${source} `, version, file: name })
      expect(saved.statusCode, saved.body).toBe(400)
      expect(saved.json()).toMatchObject({
        message: expect.stringContaining(`'${name}' lies outside the pages directory`),
        fields: { file: expect.any(String) },
      })
      expect(readFileSync(join(dir, NAME), 'utf8')).toBe(source)
      const read = await injectAs(
        app,
        admin,
        'GET',
        `/api/hpfm/v1/page-schemas/page?file=${encodeURIComponent(name)}`,
      )
      expect(read.statusCode, read.body).toBe(400)
      expect(read.json().message).toContain(name)
    },
  )

  it("refuse a name that is not the route's file", async () => {
    const { source, version } = (await open()).json<{ source: string; version: string }>()
    const saved = await save({ source, version, file: 'wmdm/other.page.json' })
    expect(saved.statusCode, saved.body).toBe(400)
    expect(saved.json().message).toContain(`is not the file that declares ${ROUTE} (${NAME})`)
  })
})
