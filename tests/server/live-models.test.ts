/**
 * Live model files (issue 22): a test app whose models directory is a temporary copy of schemas/models and
 * whose pages directory is a temporary folder, with config.liveSchemas on. A model file and a page file on it
 * written while the server runs give a working screen for the role the page grants (table created, list and
 * create answered, the route table showing the routes); a change that would lose data is refused saying what
 * to do instead; a broken model file leaves the rest working and says file, line, pointer, problem and fix; its
 * fix applies; removing the page removes its menu entry and tells the open browsers to fetch their menu again.
 */
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MenuNode } from '../../renderer/contract/wire.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { DOCK_CODES, dockModel, dockPage } from '../fixtures/live-dock-notes.ts'

let app: FastifyInstance
let models: string
let pages: string
const tokens: Record<string, string> = {}

const ROUTE = '/live/dock-notes'
const LIST = '/api/wms/v1/1/live-dock-notes'
const CODES = DOCK_CODES
const model = dockModel
const page = () => dockPage(ROUTE)

const modelFile = () => join(models, 'wms', 'live-dock-note.model.json')
const pageFile = () => join(pages, 'live', 'dock-notes.page.json')
const write = (path: string, data: unknown, text?: string) =>
  writeFile(path, text ?? JSON.stringify(data, null, 2))

/** Polls until `check` holds (the watcher applies a save ~100 ms later); fails naming the last value read. */
async function until<T>(
  read: () => Promise<T> | T,
  check: (value: T) => boolean,
  what = 'the change',
): Promise<T> {
  const end = Date.now() + 20_000
  for (;;) {
    const value = await read()
    if (check(value)) return value
    if (Date.now() > end)
      throw new Error(
        `${what} did not happen; last read ${JSON.stringify(value)?.slice(0, 400)}; broken: ${JSON.stringify([...app.liveModels.broken])}; page issues: ${JSON.stringify(app.livePages.byRoute(ROUTE)?.issues)}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const menuRoutes = async (user: string) => {
  const tree = (await injectAs(app, tokens[user]!, 'GET', '/api/iam/hzero/v1/menus/tree?lang=en_US')).json<
    MenuNode[]
  >()
  const routes = (nodes: MenuNode[]): string[] =>
    nodes.flatMap((node) => [...(node.route ? [node.route] : []), ...routes(node.subMenus ?? [])])
  return routes(tree)
}
const tableExists = async () =>
  (
    await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
      where table_name = 'wmdm_live_dock_note'`.execute(app.db)
  ).rows[0]!.n === 1

beforeAll(async () => {
  models = await mkdtemp(join(tmpdir(), 'wms-live-models-'))
  pages = await mkdtemp(join(tmpdir(), 'wms-live-model-pages-'))
  await cp('schemas/models', models, { recursive: true })
  await mkdir(join(pages, 'hiam'), { recursive: true })
  await copyFile('schemas/pages/hiam/menu.page.json', join(pages, 'hiam', 'menu.page.json'))
  // A built app to serve, as the built server has: its catch-all GET route must not swallow a live model's list.
  const built = join(pages, '..', `${basename(pages)}-app`)
  await mkdir(built, { recursive: true })
  await writeFile(join(built, 'index.html'), '<!doctype html><title>app</title>')
  app = await createTestApp({ modelsDir: models, pagesDir: pages, liveSchemas: true, staticDir: built })
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
  tokens.jxs = await signIn(app, 'jxs', 'Jxs@12345')
}, 120_000)

afterAll(async () => {
  await app?.close()
  await rm(models, { recursive: true, force: true })
  await rm(pages, { recursive: true, force: true })
  await rm(join(pages, '..', `${basename(pages)}-app`), { recursive: true, force: true })
})

describe('a model file written while the server runs', () => {
  it('gets its table, routes and codes, and its page works for the role the page grants', async () => {
    expect(await tableExists()).toBe(false)
    await write(modelFile(), model())
    await until(
      () => app.liveModels.byKey('wms/live-dock-note'),
      (found) => !!found,
    )
    expect(await tableExists()).toBe(true)
    // The route table the generated checks iterate shows the new routes, with their codes and read guard.
    const list = app.routeTable.find(
      (r) => r.method === 'GET' && r.url === '/api/wms/v1/:tenantId/live-dock-notes',
    )
    expect(list).toMatchObject({ public: false, readGuard: { kind: 'screens' } })
    const create = app.routeTable.find(
      (r) => r.method === 'POST' && r.url === '/api/wms/v1/:tenantId/live-dock-notes',
    )
    expect(create).toMatchObject({ public: false, permissionCodes: [CODES.create] })

    await mkdir(join(pages, 'live'), { recursive: true })
    await write(pageFile(), page())
    await until(
      () => menuRoutes('clerk'),
      (routes) => routes.includes(ROUTE),
    )
    await app.livePages.database
    expect(await menuRoutes('jxs')).not.toContain(ROUTE)

    const created = await injectAs(app, tokens.clerk!, 'POST', LIST, { noteCode: 'N-1', noteType: 'blocked' })
    expect(created.statusCode).toBe(201)
    const listed = await injectAs(app, tokens.clerk!, 'GET', `${LIST}?noteCode=N-1`)
    expect(listed.statusCode, listed.body).toBe(200)
    expect(listed.json().content).toEqual([expect.objectContaining({ noteCode: 'N-1', noteType: 'blocked' })])
    // Another role has neither the screen nor the codes.
    const other = await injectAs(app, tokens.jxs!, 'GET', LIST)
    expect(other.statusCode).toBe(403)
    // A bad body gets the envelope of the model's own validation, never a 500.
    const bad = await injectAs(app, tokens.clerk!, 'POST', LIST, { noteType: 'x' })
    expect(bad.statusCode).toBe(400)
  })

  it('refuses a change that would lose data, saying what to do instead, and keeps serving the last version', async () => {
    const before = app.liveModels.version
    await write(modelFile(), model({ type: 'integer' }))
    const broken = await until(
      () => app.liveModels.broken.get('wms/live-dock-note'),
      (entry) => !!entry,
    )
    expect(broken!.problems).toEqual([
      expect.objectContaining({
        file: expect.stringContaining('live-dock-note.model.json'),
        pointer: '/fields/1',
        line: expect.any(Number),
        message: expect.stringContaining('noteType'),
        fix: expect.stringContaining('migration'),
      }),
    ])
    expect(app.liveModels.version).toBe(before)
    const listed = await injectAs(app, tokens.clerk!, 'GET', `${LIST}?noteCode=N-1`)
    expect(listed.json().content).toEqual([expect.objectContaining({ noteType: 'blocked' })])
  })

  it('leaves the rest working when a model file is broken, names file, line, pointer and fix, and applies the fix', async () => {
    const text = JSON.stringify(model(), null, 2).replace(
      '"type": "string",\n      "maxLength": 30,\n      "label": "Type"',
      '"type": "strng",\n      "maxLength": 30,\n      "label": "Type"',
    )
    expect(text).toContain('strng')
    await write(modelFile(), undefined, text)
    const broken = await until(
      () => app.liveModels.broken.get('wms/live-dock-note'),
      (entry) => !!entry?.problems.some((p) => p.pointer === '/fields/1/type'),
    )
    const problem = broken!.problems.find((p) => p.pointer === '/fields/1/type')!
    expect(problem.line).toBeGreaterThan(1)
    expect(problem.fix).toBeTruthy()
    // The screen and the other models keep working.
    expect((await injectAs(app, tokens.clerk!, 'GET', LIST)).statusCode).toBe(200)
    expect((await injectAs(app, tokens.clerk!, 'GET', '/api/wms/v1/1/carriers')).statusCode).toBe(200)

    // Fixed, with a new field: applied, the column added, the broken mark gone.
    const fixed = model()
    fixed.fields.push({ name: 'remark', type: 'string', maxLength: 120, label: 'Remark' } as never)
    await write(modelFile(), fixed)
    await until(
      () => app.liveModels.broken.has('wms/live-dock-note'),
      (still) => !still,
    )
    const saved = await injectAs(app, tokens.clerk!, 'POST', LIST, { noteCode: 'N-2', remark: 'live' })
    expect(saved.statusCode).toBe(201)
    expect(saved.json()).toMatchObject({ noteCode: 'N-2', remark: 'live' })
  })

  it("exports a model saved live with its new field, through the app's export worker", async () => {
    // The column tree and the async export read the model as it is now: `remark` came with the fix above.
    const tree = await injectAs(app, tokens.clerk!, 'GET', `${LIST}?exportType=COLUMN`)
    expect(tree.statusCode, tree.body).toBe(200)
    const columns = tree.json<{ children: Array<{ id: number; name: string }> }>().children
    const ids = ['noteCode', 'remark'].map((name) => columns.find((c) => c.name === name)?.id)
    expect(ids).toEqual([expect.any(Number), expect.any(Number)])
    const query = `exportType=DATA&async=true&fileType=CSV&fileName=live-notes&noteCode=N-2&${ids.map((id) => `ids=${id}`).join('&')}`
    const submitted = await injectAs(app, tokens.clerk!, 'GET', `${LIST}?${query}`)
    expect(submitted.statusCode, submitted.body).toBe(200)
    await app.exportWorker.whenIdle()
    const tasks = await injectAs(
      app,
      tokens.clerk!,
      'GET',
      '/api/hpfm/v1/1/self/export-task?taskName=live-notes',
    )
    const task = tasks.json<{ content: Array<Record<string, unknown>> }>().content[0]
    expect(task).toMatchObject({ state: 'DONE', errorInfo: null })
    const file = await injectAs(app, tokens.clerk!, 'GET', `/api${String(task!.downloadUrl)}`)
    expect(file.body).toContain('N-2')
    expect(file.body).toContain('live')
  })

  it("applies a model whose saves a module checks (hsdr's job rows), and its live routes run that check", async () => {
    tokens.admin ??= await signIn(app, 'admin', 'Admin@123')
    const file = join(models, 'hsdr', 'job-info.model.json')
    const text = await readFile(file, 'utf8')
    const changed = JSON.parse(text) as { fields: unknown[] }
    changed.fields.push({ name: 'liveNote', type: 'string', maxLength: 60, label: 'Note' })
    await writeFile(file, JSON.stringify(changed, null, 2))
    await until(
      () => app.liveModels.changedSinceStart.has('hsdr/job-info'),
      (applied) => applied,
      'the job model applied',
    )
    expect(app.liveModels.broken.has('hsdr/job-info')).toBe(false)
    const job = (jobParams: string) => ({
      jobCode: `LIVE.${jobParams.length}`,
      jobName: 'Live check',
      jobType: 'MODEL_SNAPSHOT',
      cronExpression: '0 0 1 * * ? *',
      jobParams,
      enabledFlag: 1,
      liveNote: 'saved live',
    })
    // hsdr's check of job rows (plugins/model-save-checks.ts) runs on the live route too.
    const bad = await injectAs(app, tokens.admin, 'POST', '/api/hsdr/v1/1/job-infos', job('{not json'))
    expect(bad.statusCode, bad.body).toBe(400)
    expect(bad.json<{ fields: Record<string, string> }>().fields).toHaveProperty('jobParams')
    const good = await injectAs(
      app,
      tokens.admin,
      'POST',
      '/api/hsdr/v1/1/job-infos',
      job('{"models": ["wms/warehouse"]}'),
    )
    expect(good.statusCode, good.body).toBe(201)
    expect(good.json()).toMatchObject({ liveNote: 'saved live' })
  })

  it('removes the menu entry of a removed page file and tells the open browsers', async () => {
    const frames: Array<{ key: string; message: string }> = []
    const ws = await app.injectWS(`/api/hmsg/websocket?access_token=${tokens.clerk}`)
    ws.on('message', (data: Buffer) => frames.push(JSON.parse(String(data)) as (typeof frames)[number]))
    await unlink(pageFile())
    await until(
      () => menuRoutes('clerk'),
      (routes) => !routes.includes(ROUTE),
    )
    await until(
      () => frames,
      (list) => list.some((f) => f.key === 'menu-changed'),
    )
    expect(JSON.parse(frames.find((f) => f.key === 'menu-changed')!.message)).toMatchObject({
      type: 'menu-changed',
      action: 'removed',
    })
    ws.terminate()
  })

  it("answers 404 for a removed model's routes, the start's too, saying to put its file back, and serves them again when it is", async () => {
    tokens.admin ??= await signIn(app, 'admin', 'Admin@123')
    const file = join(models, 'wms', 'ecommerce-platform.model.json')
    const list = () => injectAs(app, tokens.admin!, 'GET', '/api/wms/v1/1/ecommerce-platforms')
    expect((await list()).statusCode).toBe(200)
    await unlink(file)
    const gone = await until(list, (reply) => reply.statusCode === 404, 'the removal')
    expect(gone.json<{ message: string }>().message).toContain('put the file back')
    const row = await injectAs(app, tokens.admin!, 'GET', '/api/wms/v1/1/ecommerce-platforms/1')
    expect(row.statusCode).toBe(404)
    await copyFile(join('schemas', 'models', 'wms', 'ecommerce-platform.model.json'), file)
    await until(list, (reply) => reply.statusCode === 200, 'the file back')
  })
})
