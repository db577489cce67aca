/**
 * Issue 22, the designer's file access: GET answers a page file as it is on disk with its version and model;
 * PUT writes a designer's edit after the one page check (a bad text is a 400 naming file, line, pointer,
 * problem and fix, and nothing is written), refuses a file changed on disk since it was read, and says so with
 * a 409 when the server does not (or cannot) write page files. Runs on a temporary pages folder, never on
 * the repository's schemas/.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyPageEdit } from '../../renderer/page-document/index.ts'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

const ROUTE = '/wmdm/warehouse'
const original = readFileSync('schemas/pages/wmdm/warehouse.page.json', 'utf8')
const folders: string[] = []

/** A pages folder of its own with the warehouse page (and the playground page, another route). */
function pagesFolder(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'wms-pages-'))
  folders.push(dir)
  mkdirSync(join(dir, 'wmdm'))
  cpSync('schemas/pages/wmdm/warehouse.page.json', join(dir, 'wmdm/warehouse.page.json'))
  mkdirSync(join(dir, 'hpfm'))
  cpSync('schemas/pages/hpfm/schema-playground.page.json', join(dir, 'hpfm/schema-playground.page.json'))
  return { dir, file: join(dir, 'wmdm/warehouse.page.json') }
}

let app: FastifyInstance
let readOnlyApp: FastifyInstance
let admin: string
let readOnlyAdmin: string
let clerk: string
let manager: string
let pages: { dir: string; file: string }
let readOnlyPages: { dir: string; file: string }

beforeAll(async () => {
  pages = pagesFolder()
  app = await createTestApp({ pagesDir: pages.dir, pageDesignerWrites: true })
  readOnlyPages = pagesFolder()
  readOnlyApp = await createTestApp({ pagesDir: readOnlyPages.dir, pageDesignerWrites: false })
  // Page files are the installation's: the platform administrator's site role saves them.
  const siteRole = async (server: FastifyInstance, token: string) => {
    const switched = await injectAs(server, token, 'PUT', '/api/iam/v1/users/roles?roleId=1')
    expect(switched.statusCode, switched.body).toBe(200)
    return token
  }
  admin = await siteRole(app, await signIn(app, 'admin', 'Admin@123'))
  readOnlyAdmin = await siteRole(readOnlyApp, await signIn(readOnlyApp, 'admin', 'Admin@123'))
  clerk = await signIn(app, 'clerk', 'Clerk@123')
  manager = await signIn(app, 'manager', 'Manager@123')
})
afterAll(async () => {
  await app.close()
  await readOnlyApp.close()
  for (const dir of folders) {
    try {
      execFileSync('chattr', ['-R', '-i', dir], { stdio: 'ignore' })
    } catch {
      // chattr is not everywhere; chmod below is enough where it is missing
    }
    chmodSync(dir, 0o755)
    rmSync(dir, { recursive: true, force: true })
  }
})

const open = (server = app, token = admin) =>
  injectAs(server, token, 'GET', `/api/hpfm/v1/page-designer/file?route=${encodeURIComponent(ROUTE)}`)
const save = (body: { route?: string; source: string; version: string }, server = app, token = admin) =>
  injectAs(server, token, 'PUT', '/api/hpfm/v1/page-designer/file', { route: ROUTE, ...body })

describe('the page designer file endpoints', () => {
  it('answer the file as it is on disk, its version and its model fields', async () => {
    const answer = await open()
    expect(answer.statusCode).toBe(200)
    const body = answer.json()
    expect(body.source).toBe(readFileSync(pages.file, 'utf8'))
    expect(body.file).toMatch(/wmdm\/warehouse\.page\.json$/)
    expect(body.version).toMatch(/^[0-9a-f]{64}$/)
    expect(body.writable).toBe(true)
    expect(body.model.key).toBe('wms/warehouse')
    expect(body.model.fields.map((f: { name: string }) => f.name)).toContain('warehouseCode')
  })

  it("write the designer's edit exactly, and answer the new version", async () => {
    const { source, version } = (await open()).json()
    const model = (await open()).json().model as { fields: ModelSchema['fields'] }
    let edited = applyPageEdit(source, { op: 'move', list: '/table/columns', from: 1, to: 0 })
    edited = applyPageEdit(
      edited,
      { op: 'addSearchField', field: 'regionCode' },
      { model: model as ModelSchema },
    )
    edited = applyPageEdit(edited, {
      op: 'setText',
      key: 'wmdm.warehouse.field.address',
      language: 'en_US',
      text: 'Street address',
    })
    const answer = await save({ source: edited, version })
    expect(answer.statusCode).toBe(200)
    expect(readFileSync(pages.file, 'utf8')).toBe(edited)
    const again = (await open()).json()
    expect(again.source).toBe(edited)
    expect(answer.json().version).toBe(again.version)
    // the running server serves the saved page at once
    const served = await injectAs(app, admin, 'GET', `/api/hpfm/v1/page-schemas/page?route=${ROUTE}`)
    expect(served.json().source).toBe(edited)
  })

  it('refuse a text that fails the page check with file, line, pointer, problem and fix; nothing is written', async () => {
    const { source, version } = (await open()).json()
    // (the address takes its length from the model: the misspelt override is added)
    const bad = source.replace(
      '"label": "wmdm.warehouse.field.address",',
      '"label": "wmdm.warehouse.field.address", "maxLenght": 240,',
    )
    const answer = await save({ source: bad, version })
    expect(answer.statusCode).toBe(400)
    const { message, fields } = answer.json()
    expect(message).toMatch(
      /^Fix the page before saving: .*wmdm\/warehouse\.page\.json:\d+:\d+ \/fields\/address\/maxLenght: unknown property 'maxLenght'.*\(.*maxLength.*\)/,
    )
    expect(message).toContain('Nothing was written')
    expect(Object.keys(fields)).toContain('/fields/address/maxLenght')
    expect(readFileSync(pages.file, 'utf8')).toBe(source)

    const broken = await save({ source: source.replace('"kind": "list",', '"kind": "list"'), version })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().message).toMatch(/warehouse\.page\.json:4:3 \/: not valid JSON.*add a comma/)
    expect(readFileSync(pages.file, 'utf8')).toBe(source)
  })

  it('refuse to move the page to another route, or a route another file declares', async () => {
    const { source, version } = (await open()).json()
    const moved = await save({
      source: source.replace(`"route": "${ROUTE}"`, '"route": "/wmdm/elsewhere"'),
      version,
    })
    expect(moved.statusCode).toBe(400)
    expect(moved.json().message).toMatch(/Keep the route \/wmdm\/warehouse/)
    const clash = await save({
      source: source.replace(`"route": "${ROUTE}"`, '"route": "/hpfm/schema-playground"'),
      version,
    })
    expect(clash.statusCode).toBe(400)
    expect(clash.json().message).toMatch(/also declared by .*schema-playground\.page\.json/)
    expect(readFileSync(pages.file, 'utf8')).toBe(source)
  })

  it('refuse to overwrite a file changed on disk since it was opened', async () => {
    const { source, version } = (await open()).json()
    const theirs = source.replace('"pageSize": 10', '"pageSize": 20')
    writeFileSync(pages.file, theirs)
    const answer = await save({ source: source.replace('"rows": 1', '"rows": 2'), version })
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toMatch(/changed on disk since you opened it: reload/)
    expect(readFileSync(pages.file, 'utf8')).toBe(theirs)
    writeFileSync(pages.file, source)
  })

  it('say when the server does not write page files, so the designer offers a download', async () => {
    const opened = (await open(readOnlyApp, readOnlyAdmin)).json()
    expect(opened.writable).toBe(false)
    expect(opened.writableReason).toMatch(/download the file/)
    const answer = await save(
      { source: opened.source.replace('"rows": 1', '"rows": 2'), version: opened.version },
      readOnlyApp,
      readOnlyAdmin,
    )
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toMatch(/does not write page files .*download the file/)
    expect(readFileSync(readOnlyPages.file, 'utf8')).toBe(original)
  })

  it('answer 409, not 500, when the pages folder cannot be written', async (context) => {
    const { source, version } = (await open()).json()
    const dir = join(pages.dir, 'wmdm')
    chmodSync(dir, 0o555)
    try {
      execFileSync('chattr', ['+i', dir], { stdio: 'ignore' })
    } catch {
      // not available here: chmod is enough unless the tests run as root
    }
    try {
      writeFileSync(join(dir, 'probe.txt'), 'x')
      rmSync(join(dir, 'probe.txt'))
      context.skip('this machine lets the tests write a read-only folder (root without chattr)')
    } catch {
      // read-only indeed
    }
    const answer = await save({ source: source.replace('"rows": 1', '"rows": 2'), version })
    expect(answer.statusCode).toBe(409)
    expect(answer.json().message).toMatch(/is not writable on this server .*download the file/)
    expect(readFileSync(pages.file, 'utf8')).toBe(source)
  })

  it('are for configurators: a role without the designer code is refused', async () => {
    const opened = await open(app, clerk)
    expect(opened.statusCode).toBe(403)
    expect(opened.json().message).toContain('hpfm.page-designer.save')
    const saved = await save({ source: original, version: '0'.repeat(64) }, app, clerk)
    expect(saved.statusCode).toBe(403)
  })

  it("are the installation's: a tenant administrator holding the code cannot save one for every tenant", async () => {
    const before = readFileSync(pages.file, 'utf8')
    const saved = await save(
      { source: before.replace('"rows": 1', '"rows": 2'), version: '0'.repeat(64) },
      app,
      manager,
    )
    expect(saved.statusCode, saved.body).toBe(403)
    expect(saved.json().message).toMatch(/shared by every tenant .* only a site-level role/)
    expect(readFileSync(pages.file, 'utf8')).toBe(before)
  })

  it('answer 404 naming the route when no file declares it', async () => {
    const answer = await injectAs(app, admin, 'GET', '/api/hpfm/v1/page-designer/file?route=/wmdm/nothing')
    expect(answer.statusCode).toBe(404)
    expect(answer.json().message).toMatch(/No page file declares the route \/wmdm\/nothing/)
  })
})
