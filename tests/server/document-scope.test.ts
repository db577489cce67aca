/**
 * Lines and their documents, reads and their list's scope (issue 21, "Writes through a side door" and "Reads a
 * role may not make"). Generated from the model files, never a hand-picked list:
 *
 * - every line model (a model declaring `header`) × every route that writes it — its POST, PUT, DELETE,
 *   batch-save (create, update, delete rows), its own with-lines and the document's with-lines: against a
 *   document the caller cannot see → 404 and nothing written; against a document whose status takes no line
 *   changes → 409 and nothing written; as a user without the code → 403 first, whatever the body;
 * - every line list as a scoped user shows only lines of documents the user sees;
 * - every model list as a scoped user: its aggregate count and (where the scope hides rows) its export give the
 *   list's rows, no more;
 * - every SQL Lov view reading the table of a model whose scope hides rows gives only values the model's list
 *   shows the user.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import { lineStatuses } from '../../server/modules/models/model-documents.ts'
import { modelPath } from '../../server/modules/models/model-routes.ts'
import { ALL_DATA_PERMISSION, type Row } from '../../server/modules/models/model-scope.ts'
import { snakeCase } from '../../server/modules/models/naming.ts'
import { createTestApp, injectAs, signIn, type Method } from '../../server/testing.ts'
import { allPermissionCodes, models, signInMember, TENANT_A, TENANT_B } from './support/security.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.jxs = await signIn(app, 'jxs', 'Jxs@12345')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
  // every code but "all data", and no grant: every document scoped by a warehouse, owner … is out of sight
  const codes = (await allPermissionCodes(app)).filter((code) => code !== ALL_DATA_PERMISSION)
  tokens.member = (await signInMember(app, TENANT_A, codes)).token
  tokens.nobody = (await signInMember(app, TENANT_A, [])).token
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
const pathOf = (model: ModelSchema) => modelPath(model).replace(':tenantId', String(TENANT_A))
const byEntity = (service: string, entity: string) =>
  models.find((m) => m.service === service && m.entity === entity)!

const lineModels = models.filter((model) => model.header && !model.serverWritten)
const headerOf = (line: ModelSchema) => byEntity(line.service, line.header!.entity)
const parentField = (line: ModelSchema) => line.header!.field

/** Rows of a table straight from the database (camelCase), e.g. to find a document out of a user's sight. */
async function rows(model: ModelSchema, where = sql`true`, limit = 50): Promise<Row[]> {
  const found = await sql<Row>`select * from ${sql.table(model.table)} where ${where}
    order by ${sql.ref(snakeCase(model.primaryKey))} limit ${limit}`.execute(app.db)
  return found.rows
}
/**
 * A copy of a row of tenant A in tenant B (every column but the key; `set` overrides some), written with SQL into
 * the test's own database: a document no tenant-A user may see, for kinds the seed gives tenant B none of.
 */
async function copyToTenantB(model: ModelSchema, row: Row, set: Record<string, unknown> = {}): Promise<Row> {
  const key = snakeCase(model.primaryKey)
  const { rows: columns } = await sql<{
    columnName: string
  }>`select column_name from information_schema.columns
    where table_name = ${model.table} and column_name <> ${key} and is_generated = 'NEVER'
    order by ordinal_position`.execute(app.db)
  const values = columns.map(({ columnName }) => {
    const name = columnName.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
    if (columnName === 'tenant_id') return sql`${TENANT_B}`
    if (name in set) return sql`${set[name]}`
    return sql.ref(columnName)
  })
  const copied =
    await sql<Row>`insert into ${sql.table(model.table)} (${sql.join(columns.map((c) => sql.ref(c.columnName)))})
    select ${sql.join(values)} from ${sql.table(model.table)} where ${sql.ref(key)} = ${row[model.primaryKey] as number}
    returning *`.execute(app.db)
  return copied.rows[0]!
}

/** What a write would change in a table: its row count and the sum of its versions. */
async function fingerprint(model: ModelSchema): Promise<string> {
  const found = await sql<{ n: string; v: string }>`select count(*) as n,
    coalesce(sum(object_version_number), 0) as v from ${sql.table(model.table)}`.execute(app.db)
  return JSON.stringify(found.rows[0])
}

/** A body the line model's create accepts, copied from one of its rows when there is one. */
function createBody(line: ModelSchema, from: Row | undefined, documentId: unknown): Row {
  const body: Row = {}
  for (const field of line.fields) {
    if (field.readOnly || field.codeRule) continue
    const value = from?.[field.name]
    if (value !== undefined && value !== null && !(value instanceof Date) && field.type !== 'json')
      body[field.name] =
        ['decimal', 'integer'].includes(field.type) && typeof value === 'string' ? Number(value) : value
    else if (field.required)
      body[field.name] = {
        string: 'x',
        text: 'x',
        integer: field.min ?? 1,
        decimal: field.min ?? 1,
        flag: 1,
        boolean: true,
        date: '2026-01-01',
        datetime: '2026-01-01 00:00:00',
        json: {},
      }[field.type]
  }
  body[parentField(line)] = documentId
  return body
}
const updateBody = (line: ModelSchema, row: Row) => ({
  ...createBody(line, row, row[parentField(line)]),
  [line.primaryKey]: row[line.primaryKey],
  objectVersionNumber: row.objectVersionNumber,
})
const deleteBody = (line: ModelSchema, row: Row) => ({
  [line.primaryKey]: row[line.primaryKey],
  objectVersionNumber: row.objectVersionNumber,
})

interface Attempt {
  route: string
  method: Method
  url: string
  body: unknown
}
/** Every route kind writing `line` on `document` (create), or `existing` (a line on it: update, delete). */
function attempts(line: ModelSchema, document: Row, existing: Row | undefined, sample: Row | undefined) {
  const header = headerOf(line)
  const base = pathOf(line)
  const created = createBody(line, sample, document[header.primaryKey])
  const list: Attempt[] = [
    { route: 'create', method: 'POST', url: base, body: created },
    {
      route: 'batch-save create',
      method: 'POST',
      url: `${base}/batch-save`,
      body: [{ ...created, _status: 'create' }],
    },
    {
      route: 'with-lines of the line',
      method: 'POST',
      url: `${base}/with-lines`,
      body: { header: created, lines: [] },
    },
    {
      route: 'with-lines of the document',
      method: 'POST',
      url: `${pathOf(header)}/with-lines`,
      body: {
        header: {
          [header.primaryKey]: document[header.primaryKey],
          objectVersionNumber: document.objectVersionNumber,
        },
        lines: [
          {
            key: 'lines',
            resource: line.resource,
            parentField: parentField(line),
            rows: [{ ...created, _status: 'create' }],
          },
        ],
      },
    },
  ]
  // a line whose document field is read-only (count lines: made by the count's start) is no with-lines table
  if (line.fields.find((f) => f.name === parentField(line))?.readOnly)
    list.splice(
      list.findIndex((a) => a.route === 'with-lines of the document'),
      1,
    )
  if (existing) {
    const updated = updateBody(line, existing)
    list.push(
      { route: 'update', method: 'PUT', url: base, body: updated },
      { route: 'delete', method: 'DELETE', url: base, body: deleteBody(line, existing) },
      {
        route: 'batch-save update',
        method: 'POST',
        url: `${base}/batch-save`,
        body: [{ ...updated, _status: 'update' }],
      },
      {
        route: 'batch-save delete',
        method: 'POST',
        url: `${base}/batch-save`,
        body: [{ ...deleteBody(line, existing), _status: 'delete' }],
      },
      {
        route: 'with-lines of the line (update)',
        method: 'POST',
        url: `${base}/with-lines`,
        body: { header: updated, lines: [] },
      },
    )
  }
  return list
}

/** Sends each attempt as `user`; answers the ones not refused with `status` or that wrote anything. */
async function refusals(user: string, line: ModelSchema, list: Attempt[], status: number, message: RegExp) {
  const wrong: string[] = []
  for (const attempt of list) {
    const before = [await fingerprint(line), await fingerprint(headerOf(line))].join()
    const answer = await call(user, attempt.method, attempt.url, attempt.body)
    const after = [await fingerprint(line), await fingerprint(headerOf(line))].join()
    const ok = answer.statusCode === status && message.test(String(answer.json().message)) && before === after
    if (!ok)
      wrong.push(
        `${line.service}/${line.entity} ${attempt.route} (${attempt.method} ${attempt.url}): ${answer.statusCode} ${answer.body.slice(0, 200)}${before === after ? '' : ' — and it WROTE'}`,
      )
  }
  return wrong
}

describe('a line is written only on a document the caller sees and may still change', () => {
  it('the dealer cannot put a line on another dealer’s order (the reproduction)', async () => {
    const orders = byEntity('wms', 'jxsOutboundOrder')
    let hidden: number | undefined
    for (const row of await rows(orders, sql`tenant_id = ${TENANT_A}`)) {
      const id = Number(row.outboundOrderId)
      if ((await call('jxs', 'GET', `/api/wms/v1/1/jxs-outbound-orders/${id}`)).statusCode === 404) {
        hidden = id
        break
      }
    }
    expect(hidden, 'a dealer order of another dealer').toBeDefined()
    const line = byEntity('wms', 'jxsOutboundLine')
    const before = await fingerprint(line)
    const added = await call('jxs', 'POST', '/api/wms/v1/1/jxs-outbound-lines', {
      outboundOrderId: hidden,
      lineNum: 77,
      itemCode: 'X-1',
      quantity: 1,
    })
    expect(added.statusCode, added.body).toBe(404)
    expect(added.json().message).toMatch(
      new RegExp(`jxsOutboundOrder ${hidden} does not exist \\(or is not yours\\)`),
    )
    expect(await fingerprint(line)).toBe(before)
  })

  it('every line route refuses a document out of the caller’s sight with 404 and writes nothing', async () => {
    const wrong: string[] = []
    const unseen: string[] = []
    let tried = 0
    for (const line of lineModels) {
      const header = headerOf(line)
      // a document of tenant A the member may not see (scoped by grants they lack), else one of tenant B
      const candidates = [
        ...(header.tenantScoped !== false ? await rows(header, sql`tenant_id = ${TENANT_A}`, 20) : []),
        ...(header.tenantScoped !== false ? await rows(header, sql`tenant_id <> ${TENANT_A}`, 5) : []),
      ]
      let hidden: Row | undefined
      for (const row of candidates) {
        const seen = await call('member', 'GET', `${pathOf(header)}/${String(row[header.primaryKey])}`)
        if (seen.statusCode === 404) {
          hidden = row
          break
        }
      }
      const [sample] = await rows(line, sql`tenant_id = ${TENANT_A}`, 1)
      if (!hidden && candidates[0] && header.tenantScoped !== false && line.tenantScoped !== false) {
        // every document of this kind is visible to a tenant member: take one of tenant B, with a line
        hidden = await copyToTenantB(header, candidates[0])
        if (sample) await copyToTenantB(line, sample, { [parentField(line)]: hidden[header.primaryKey] })
      }
      if (!hidden) {
        unseen.push(`${line.service}/${line.entity}`)
        continue
      }
      const id = hidden[header.primaryKey]
      const [existing] = await rows(line, sql`${sql.ref(snakeCase(parentField(line)))} = ${id as number}`, 1)
      const list = attempts(line, hidden, existing, existing ?? sample)
      tried += list.length
      wrong.push(...(await refusals('member', line, list, 404, /does not exist \(or is not yours\)/)))
    }
    console.log(
      `document-scope: ${tried} line writes on hidden documents over ${lineModels.length} line models; no hidden document for ${unseen.join(', ') || 'none'}`,
    )
    expect(tried).toBeGreaterThan(150)
    expect(unseen).toEqual([])
    expect(wrong).toEqual([])
  })

  it('every line route refuses a document whose status takes no line changes with 409 and writes nothing', async () => {
    const wrong: string[] = []
    let tried = 0
    const closing = lineModels.filter((line) => lineStatuses(headerOf(line)))
    expect(closing.map((line) => line.entity)).toEqual(
      expect.arrayContaining(['outboundLine', 'jxsOutboundLine', 'inboundOrderLine', 'stockAdjustLine']),
    )
    for (const line of closing) {
      const header = headerOf(line)
      const statuses = lineStatuses(header)!
      const status = snakeCase(header.lifecycle!.field)
      // a document of tenant A with lines; put it in a status its lines may not change in
      const existing = (await rows(line, sql`tenant_id = ${TENANT_A}`, 1))[0] ?? (await addLine(line))
      const id = existing![parentField(line)] as number
      const closed = header.lifecycle!.transitions.map((t) => t.to).find((to) => !statuses.includes(to))!
      await sql`update ${sql.table(header.table)} set ${sql.ref(status)} = ${closed}
        where ${sql.ref(snakeCase(header.primaryKey))} = ${id}`.execute(app.db)
      const [document] = await rows(header, sql`${sql.ref(snakeCase(header.primaryKey))} = ${id}`, 1)
      const list = attempts(line, document!, existing, existing)
      tried += list.length
      wrong.push(...(await refusals('admin', line, list, 409, new RegExp(`is ${closed}: `))))
      // and as a user without the codes: 403 before the status (or the body) is looked at
      const refused = await refusals('nobody', line, [...list, ...badBodies(line)], 403, /No permission/)
      wrong.push(...refused)
    }
    console.log(`document-scope: ${tried} line writes on closed documents over ${closing.length} line models`)
    expect(wrong).toEqual([])
  })

  it('the closed outbound order and the submitted dealer order of the issue keep their lines', async () => {
    const order = (await rows(byEntity('wms', 'outboundOrder'), sql`order_status = 'RETURNED'`, 1))[0]
    const line = byEntity('wms', 'outboundLine')
    const [existing] = await rows(line, sql`outbound_order_id = ${order!.outboundOrderId as number}`, 1)
    const before = await fingerprint(line)
    const answer = await call('admin', 'POST', `${pathOf(line)}/with-lines`, {
      header: { ...updateBody(line, existing!), quantity: 500 },
      lines: [],
    })
    expect(answer.statusCode, answer.body).toBe(409)
    expect(answer.json().message).toMatch(/is RETURNED: its lines can be changed only while NEW/)
    expect(await fingerprint(line)).toBe(before)
  })
})

/** A line the administrator adds to a document of tenant A whose status takes line changes (no seed line). */
async function addLine(line: ModelSchema): Promise<Row> {
  const header = headerOf(line)
  const statuses = lineStatuses(header)!
  const [document] = await rows(
    header,
    sql`tenant_id = ${TENANT_A} and ${sql.ref(snakeCase(header.lifecycle!.field))} in (${sql.join([...statuses])})`,
    1,
  )
  expect(document, `a ${header.entity} whose lines may change`).toBeDefined()
  const added = await call(
    'admin',
    'POST',
    pathOf(line),
    createBody(line, undefined, document![header.primaryKey]),
  )
  expect(added.statusCode, added.body).toBe(201)
  return (
    await rows(
      line,
      sql`${sql.ref(snakeCase(line.primaryKey))} = ${added.json()[line.primaryKey] as number}`,
      1,
    )
  )[0]!
}

/** Bodies a validation would refuse (400): a user without the code must get 403 all the same. */
function badBodies(line: ModelSchema): Attempt[] {
  const base = pathOf(line)
  return [
    {
      route: 'batch-save, bad body',
      method: 'POST',
      url: `${base}/batch-save`,
      body: [{ _status: 'create', [parentField(line)]: 'x' }],
    },
    {
      route: 'batch-save, bad delete',
      method: 'POST',
      url: `${base}/batch-save`,
      body: [{ _status: 'delete' }],
    },
  ].filter(() => line.permissions?.create && line.permissions.delete) as Attempt[]
}

/** Every row of a list as `user` (paged); undefined when the list is not the user's to read. */
async function listAll(user: string, model: ModelSchema, max = 20_000): Promise<Row[] | undefined> {
  const all: Row[] = []
  for (let page = 0; all.length < max; page++) {
    const answer = await call(user, 'GET', `${pathOf(model)}?page=${page}&size=1000`)
    if (answer.statusCode === 403) return undefined
    expect(answer.statusCode, `${model.entity}: ${answer.body}`).toBe(200)
    const { content, totalElements } = answer.json() as { content: Row[]; totalElements: number }
    all.push(...content)
    if (all.length >= totalElements || !content.length) break
  }
  return all
}
const totalOf = async (user: string, model: ModelSchema) => {
  const answer = await call(user, 'GET', `${pathOf(model)}?page=0&size=1`)
  return answer.statusCode === 200 ? Number(answer.json().totalElements) : undefined
}

const SCOPED = ['jxs', 'clerk', 'member']
const tenantModels = models.filter((model) => model.tenantScoped !== false)

describe('reads get the data scope of the list they come from', () => {
  it('every line list shows a scoped user only lines of documents they see', async () => {
    const wrong: string[] = []
    for (const line of models.filter((model) => model.header))
      for (const user of SCOPED) {
        const lines = await listAll(user, line)
        const documents = lines && (await listAll(user, headerOf(line)))
        if (!lines || !documents) continue
        const seen = new Set(documents.map((row) => String(row[headerOf(line).primaryKey])))
        const foreign = lines.filter(
          (row) => row[parentField(line)] != null && !seen.has(String(row[parentField(line)])),
        )
        if (foreign.length)
          wrong.push(
            `${user} sees ${foreign.length} ${line.entity} rows of ${headerOf(line).entity} rows they cannot see`,
          )
      }
    expect(wrong).toEqual([])
  })

  it('every list’s aggregate count and export give a scoped user the rows of the list, no more', async () => {
    const wrong: string[] = []
    let exported = 0
    for (const model of tenantModels) {
      const all = await totalOf('admin', model)
      for (const user of SCOPED) {
        const total = await totalOf(user, model)
        if (total === undefined || all === undefined) continue
        const counted = await call(user, 'GET', `${pathOf(model)}/aggregate?measure=count`)
        if (counted.statusCode === 200 && Number(counted.json()[0]?.value ?? 0) !== total)
          wrong.push(
            `${user} ${model.entity}: aggregate count ${String(counted.json()[0]?.value)}, list ${total}`,
          )
        if (total >= all) continue // the scope hides nothing here
        const file = await call(user, 'GET', `${pathOf(model)}?exportType=DATA&ids=2&fileType=CSV`)
        if (file.statusCode !== 200) continue
        exported++
        const lines =
          file.body
            .replace(/^\uFEFF/, '')
            .trim()
            .split(/\r?\n/).length - 1
        if (lines !== total) wrong.push(`${user} ${model.entity}: export ${lines} rows, list ${total}`)
      }
    }
    console.log(`document-scope: ${exported} exports of lists a scope narrows`)
    expect(exported).toBeGreaterThan(5)
    expect(wrong).toEqual([])
  })

  it('every SQL Lov reading a scoped model’s table gives only values that model’s list shows', async () => {
    const views = await sql<{
      lovCode: string
      sqlText: string
      valueField: string
    }>`select distinct on (lov_code)
        lov_code, sql_text, value_field from hpfm_lov_view
      where lov_type_code = 'SQL' and enabled_flag = 1 and tenant_id in (0, ${TENANT_A})
      order by lov_code, tenant_id desc`.execute(app.db)
    const wrong: string[] = []
    let checked = 0
    for (const view of views.rows)
      for (const model of tenantModels) {
        if (!new RegExp(`\\b${model.table}\\b`, 'i').test(view.sqlText)) continue
        const field = view.valueField
        if (field !== model.primaryKey && !model.fields.some((f) => f.name === field)) continue
        const all = await totalOf('admin', model)
        for (const user of SCOPED) {
          const total = await totalOf(user, model)
          if (total === undefined || all === undefined || total >= all) continue
          const listed = new Set((await listAll(user, model))!.map((row) => String(row[field])))
          const answer = await call(
            user,
            'GET',
            `/api/hpfm/v1/${TENANT_A}/lovs/data?lovCode=${view.lovCode}&size=1000`,
          )
          if (answer.statusCode === 403) continue
          expect(answer.statusCode, `${view.lovCode}: ${answer.body}`).toBe(200)
          checked++
          const offered = (answer.json().content as Row[]).map((row) => String(row[field]))
          const extra = offered.filter((value) => !listed.has(value))
          if (extra.length)
            wrong.push(
              `${user} gets ${extra.length} ${field} values from ${view.lovCode} that the ${model.entity} list hides`,
            )
        }
      }
    console.log(`document-scope: ${checked} Lov × model × user checks`)
    expect(checked).toBeGreaterThan(5)
    expect(wrong).toEqual([])
  })
})
