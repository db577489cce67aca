/**
 * Issue 22, "add a new model field, which edits the model file": POST /api/hpfm/v1/page-designer/model-field
 * appends the field to the model file (the rest of the file as it was), checks it with the start's model check
 * and table plan, writes it, and applies it in the running server (column added, list and create answer with
 * it), with live files off (applied at once) and on (the watcher finds nothing more). Refused with a 400 naming
 * problem and fix and nothing written: a bad name, a name taken, an unknown type, a required field on a table
 * with rows. The page file's guard: a tenant administrator holding the code (manager) 403, a role without the code 403, a server that does
 * not write the designer's files 409. Runs on temporary copies of schemas/models, never on the repository's.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyPageEdit } from '../../renderer/page-document/index.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

const folders: string[] = []
function modelsFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wms-model-field-'))
  folders.push(dir)
  cpSync('schemas/models', dir, { recursive: true })
  return dir
}

let app: FastifyInstance
let liveApp: FastifyInstance
let readOnlyApp: FastifyInstance
let models: string
let liveModels: string
let readOnlyModels: string
const tokens: Record<string, string> = {}

const siteRole = async (server: FastifyInstance, token: string) => {
  const switched = await injectAs(server, token, 'PUT', '/api/iam/v1/users/roles?roleId=1')
  expect(switched.statusCode, switched.body).toBe(200)
  return token
}

beforeAll(async () => {
  models = modelsFolder()
  liveModels = modelsFolder()
  readOnlyModels = modelsFolder()
  // The warehouse page in a folder of its own: the test saves it with the new field.
  const pages = mkdtempSync(join(tmpdir(), 'wms-model-field-pages-'))
  folders.push(pages)
  cpSync('schemas/pages/wmdm/warehouse.page.json', join(pages, 'wmdm', 'warehouse.page.json'))
  app = await createTestApp({
    modelsDir: models,
    pagesDir: pages,
    pageDesignerWrites: true,
    liveSchemas: false,
  })
  liveApp = await createTestApp({ modelsDir: liveModels, pageDesignerWrites: true, liveSchemas: true })
  readOnlyApp = await createTestApp({ modelsDir: readOnlyModels, pageDesignerWrites: false })
  tokens.admin = await siteRole(app, await signIn(app, 'admin', 'Admin@123'))
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
  tokens.manager = await signIn(app, 'manager', 'Manager@123')
  tokens.live = await siteRole(liveApp, await signIn(liveApp, 'admin', 'Admin@123'))
  tokens.readOnly = await siteRole(readOnlyApp, await signIn(readOnlyApp, 'admin', 'Admin@123'))
}, 180_000)

afterAll(async () => {
  await app?.close()
  await liveApp?.close()
  await readOnlyApp?.close()
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

const addField = (
  field: Record<string, unknown>,
  server = app,
  token = tokens.admin!,
  model = 'wms/warehouse',
) => injectAs(server, token, 'POST', '/api/hpfm/v1/page-designer/model-field', { model, field })
const warehouseFile = (dir: string) => join(dir, 'wms', 'warehouse.model.json')
const columnExists = async (server: FastifyInstance, table: string, column: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
      where table_name = ${table} and column_name = ${column}`.execute(server.db)
  ).rows[0]!.n === 1

describe('a new model field from the designer', () => {
  it('is appended to the model file, its column added, and list and create answer with it (live files off)', async () => {
    const before = readFileSync(warehouseFile(models), 'utf8')
    const answer = await addField({ name: 'dockCount', type: 'integer', label: 'Docks' })
    expect(answer.statusCode, answer.body).toBe(200)
    const body = answer.json()
    expect(body.field).toEqual({ name: 'dockCount', type: 'integer', label: 'Docks' })
    expect(body.model.fields.map((f: { name: string }) => f.name)).toContain('dockCount')
    // the file: the old text with one field added at the end of `fields`, nothing else
    const after = readFileSync(warehouseFile(models), 'utf8')
    expect(body.diff).toEqual(
      expect.arrayContaining(['+    { "name": "dockCount", "type": "integer", "label": "Docks" }']),
    )
    expect(body.diff.filter((line: string) => line.startsWith('-'))).toHaveLength(1)
    expect(body.diff.length).toBe(3)
    const parsedBefore = JSON.parse(before)
    const parsedAfter = JSON.parse(after)
    expect(Object.keys(parsedAfter)).toEqual(Object.keys(parsedBefore))
    expect(parsedAfter.fields).toEqual([...parsedBefore.fields, body.field])
    expect(await columnExists(app, 'wmdm_warehouse', 'dock_count')).toBe(true)

    const created = await injectAs(app, tokens.manager!, 'POST', '/api/wms/v1/2/warehouses', {
      warehouseCode: 'MF-DOCKS',
      warehouseName: 'Model field docks',
      warehouseType: 'NORMAL',
      dockCount: 7,
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().dockCount).toBe(7)
    const listed = await injectAs(
      app,
      tokens.manager!,
      'GET',
      '/api/wms/v1/2/warehouses?warehouseCode=MF-DOCKS',
    )
    expect(listed.statusCode, listed.body).toBe(200)
    expect(listed.json().content[0].dockCount).toBe(7)
    // the designer's GET answers the model as served now
    const opened = await injectAs(
      app,
      tokens.admin!,
      'GET',
      '/api/hpfm/v1/page-designer/file?route=/wmdm/warehouse',
    )
    const { source, version, model } = opened.json()
    expect(model.fields.map((f: { name: string }) => f.name)).toContain('dockCount')
    // and the page check of its save knows the field: the page shows it as a column
    const edited = applyPageEdit(source, { op: 'addColumn', field: 'dockCount' }, { model })
    const saved = await injectAs(app, tokens.admin!, 'PUT', '/api/hpfm/v1/page-designer/file', {
      route: '/wmdm/warehouse',
      source: edited,
      version,
    })
    expect(saved.statusCode, saved.body).toBe(200)
  })

  it('applies through the live models when live files are on', async () => {
    const answer = await addField(
      { name: 'gateNote', type: 'string', maxLength: 40, label: 'Gate note' },
      liveApp,
      tokens.live!,
    )
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json().version).toBeGreaterThan(0)
    expect(await columnExists(liveApp, 'wmdm_warehouse', 'gate_note')).toBe(true)
    expect(liveApp.liveModels.byKey('wms/warehouse')?.fields.at(-1)?.name).toBe('gateNote')
    expect(readFileSync(warehouseFile(liveModels), 'utf8')).toContain('"name": "gateNote"')
  })

  it('refuses a bad name, a name taken, an unknown type, a required field on rows, naming the fix; nothing written', async () => {
    const before = readFileSync(warehouseFile(models), 'utf8')
    const bad = await addField({ name: 'Dock Count', type: 'integer' })
    expect(bad.statusCode, bad.body).toBe(400)
    expect(bad.json().message).toMatch(/\/fields\/\d+\/name/)
    expect(bad.json().message).toMatch(/Nothing was written/)

    const twice = await addField({ name: 'warehouseName', type: 'string', maxLength: 30 })
    expect(twice.statusCode, twice.body).toBe(400)
    expect(twice.json().message).toMatch(/already has a field 'warehouseName'.*choose another name/)

    const type = await addField({ name: 'dockKind', type: 'strng' })
    expect(type.statusCode, type.body).toBe(400)
    expect(type.json().message).toMatch(/"strng" is not allowed.*string/)

    const required = await addField({ name: 'dockOwner', type: 'string', maxLength: 30, required: true })
    expect(required.statusCode, required.body).toBe(400)
    expect(required.json().message).toMatch(
      /row\(s\), which would have no value .*add the field without required/,
    )

    expect(readFileSync(warehouseFile(models), 'utf8')).toBe(before)
    expect(await columnExists(app, 'wmdm_warehouse', 'dock_owner')).toBe(false)
  })

  it('is the page file guard: a tenant administrator and a role without the code are refused', async () => {
    const before = readFileSync(warehouseFile(models), 'utf8')
    const tenant = await addField(
      { name: 'tenantField', type: 'string', maxLength: 10 },
      app,
      tokens.manager!,
    )
    expect(tenant.statusCode, tenant.body).toBe(403)
    expect(tenant.json().message).toMatch(/only a site-level role/)
    const clerk = await addField({ name: 'clerkField', type: 'string', maxLength: 10 }, app, tokens.clerk!)
    expect(clerk.statusCode, clerk.body).toBe(403)
    expect(clerk.json().message).toContain('hpfm.page-designer.save')
    expect(readFileSync(warehouseFile(models), 'utf8')).toBe(before)
  })

  it('answers 409 where the server does not write the designer files, and 404 for a model without a file', async () => {
    const before = readFileSync(warehouseFile(readOnlyModels), 'utf8')
    const answer = await addField({ name: 'dockCount', type: 'integer' }, readOnlyApp, tokens.readOnly!)
    expect(answer.statusCode, answer.body).toBe(409)
    expect(answer.json().message).toMatch(/does not write model files .*download the file/)
    expect(readFileSync(warehouseFile(readOnlyModels), 'utf8')).toBe(before)

    const missing = await addField({ name: 'x', type: 'integer' }, app, tokens.admin!, 'wms/nothing-here')
    expect(missing.statusCode).toBe(404)
    const path = await addField({ name: 'x', type: 'integer' }, app, tokens.admin!, '../../etc/passwd')
    expect(path.statusCode).toBe(400)
  })
})
