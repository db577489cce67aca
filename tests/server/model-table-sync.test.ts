/**
 * The model's table follows the model file, or the start says why (issue 20). On the real test database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): a table made as an older model file made it, then synced with
 * a newer one — a raised maxLength widens the column, changed uniqueKeys replace the index — and changes that
 * would lose data are refused with a message naming the file, the field, the database's state and the
 * migration to write. Then every model file against the prepared database, and the pure planner alone.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import type { Db } from '../../server/db/schema.ts'
import { loadModelFiles } from '../../server/bootstrap.ts'
import { isWidening } from '../../server/modules/models/column-types.ts'
import { ModelTableError } from '../../server/modules/models/model-table-apply.ts'
import { readModelTableFacts } from '../../server/modules/models/model-table-facts.ts'
import {
  dataQuestions,
  planModelTable,
  type TableFacts,
} from '../../server/modules/models/model-table-plan.ts'
import { syncModelTables } from '../../server/modules/models/model-table.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

/** The probe model as an older file declared it: names of 30, unique per code. */
const older: ModelSchema = {
  service: 'wms',
  entity: 'syncProbe',
  resource: 'sync-probes',
  table: 'zz_sync_probe',
  primaryKey: 'syncProbeId',
  uniqueKeys: [{ fields: ['probeCode'] }],
  fields: [
    { name: 'probeCode', type: 'string', maxLength: 30, required: true },
    { name: 'probeName', type: 'string', maxLength: 30 },
    { name: 'siteCode', type: 'string', maxLength: 30 },
    { name: 'amount', type: 'decimal', precision: 10, scale: 2 },
  ],
}

/** The newer file: names of 80, a code unique per site, a wider amount. */
const newer: ModelSchema = {
  ...older,
  uniqueKeys: [
    { fields: ['siteCode', 'probeCode'], message: 'Probe {probeCode} already exists at {siteCode}' },
  ],
  fields: older.fields.map((field) =>
    field.name === 'probeName'
      ? { ...field, maxLength: 80 }
      : field.name === 'amount'
        ? { ...field, precision: 14, scale: 4 }
        : field,
  ),
}

const withField = (model: ModelSchema, name: string, change: Partial<ModelSchema['fields'][number]>) => ({
  ...model,
  fields: model.fields.map((field) => (field.name === name ? { ...field, ...change } : field)),
})

let app: FastifyInstance
let db: Db
let token: string
let modelsDir: string
const probes = '/api/wms/v1/1/sync-probes'
const longName = 'A probe name longer than the thirty characters of old' // 53 characters

const columnType = async (column: string) =>
  (
    await sql<{ type: string }>`select format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = 'zz_sync_probe'::regclass and attname = ${column}`.execute(db)
  ).rows[0]?.type
const indexDefinitions = async () =>
  (
    await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where tablename = 'zz_sync_probe' and indexname like 'zz_sync_probe_uk%' order by indexname`.execute(db)
  ).rows.map((row) => row.indexdef.replace(/^.* USING btree /, ''))

beforeAll(async () => {
  // The app serves the newer model file beside the real ones; the table is made by the older one first.
  modelsDir = mkdtempSync(join(tmpdir(), 'wms-sync-models-'))
  cpSync('schemas/models', modelsDir, { recursive: true })
  const file = join(modelsDir, 'wms/sync-probe.model.json')
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(newer, null, 2))
  app = await createTestApp({ modelsDir })
  db = app.db
  token = await signIn(app, 'admin', 'Admin@123')
  await syncModelTables(db, [older])
  await sql`insert into zz_sync_probe (tenant_id, probe_code, probe_name, site_code, amount)
    values (1, 'P1', 'First', 'S1', 12.5), (1, 'P2', 'Second', 'S1', 3)`.execute(db)
  await syncModelTables(db, [newer])
})
afterAll(async () => {
  await app?.close()
  rmSync(modelsDir, { recursive: true, force: true })
})

describe('a table made by an older model file, synced with a newer one', () => {
  it('widens the column of a raised maxLength, so a longer value is accepted through the API', async () => {
    const created = await injectAs(app, token, 'POST', probes, {
      probeCode: 'P3',
      probeName: longName,
      siteCode: 'S1',
      amount: 1.2345,
    })
    expect(created.statusCode, created.body).toBe(201)
    // Read back from the table (no screen reads the probe, so its API reads are closed: read-guards.ts).
    const stored = await sql<{ probeName: string; amount: string }>`select probe_name, amount
      from zz_sync_probe where sync_probe_id = ${created.json().syncProbeId}`.execute(db)
    expect(stored.rows[0]).toMatchObject({ probeName: longName })
    expect(Number(stored.rows[0]?.amount)).toBe(1.2345)
    expect(await columnType('probe_name')).toBe('character varying(80)')
    expect(await columnType('amount')).toBe('numeric(14,4)')
  })

  it('replaces the unique index of changed uniqueKeys: the old key is gone, the new one enforced', async () => {
    expect(await indexDefinitions()).toEqual(['(tenant_id, site_code, probe_code)'])
    const elsewhere = await injectAs(app, token, 'POST', probes, { probeCode: 'P1', siteCode: 'S2' })
    expect(elsewhere.statusCode, 'the old key (probeCode alone) no longer holds').toBe(201)
    const twice = await injectAs(app, token, 'POST', probes, { probeCode: 'P1', siteCode: 'S1' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toBe('Probe P1 already exists at S1')
  })

  it('makes a required field not null when no row lacks it, and leaves it when some do', async () => {
    const notNull = async (column: string) =>
      (
        await sql<{ attnotnull: boolean }>`select attnotnull from pg_attribute
          where attrelid = 'zz_sync_probe'::regclass and attname = ${column}`.execute(db)
      ).rows[0]?.attnotnull
    expect(await notNull('probe_code')).toBe(true)
    const requiredSite = withField(newer, 'siteCode', { required: true })
    await sql`insert into zz_sync_probe (tenant_id, probe_code) values (1, 'NO-SITE')`.execute(db)
    await syncModelTables(db, [requiredSite])
    expect(await notNull('site_code')).toBe(false)
    await sql`delete from zz_sync_probe where probe_code = 'NO-SITE'`.execute(db)
    await syncModelTables(db, [newer]) // another hash, so the next sync looks again
    await syncModelTables(db, [requiredSite])
    expect(await notNull('site_code')).toBe(true)
    await sql`alter table zz_sync_probe alter column site_code drop not null`.execute(db)
  })

  it('refuses to narrow a column below its longest value, naming the file, field, database and migration', async () => {
    const narrower = withField(newer, 'probeName', { maxLength: 20 })
    const error = await syncModelTables(db, [narrower]).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(ModelTableError)
    const message = (error as Error).message
    expect(message).toContain('wms/sync-probe.model.json')
    expect(message).toContain('field probeName')
    expect(message).toContain('character varying(80) in the database')
    expect(message).toContain(`up to ${longName.length} characters`)
    expect(message).toContain(`keep maxLength at ${longName.length} or more`)
    expect(message).toMatch(/write a migration \(server\/migrations\/00NN_<what>\.ts/)
    expect(message).toContain('npm run db:reset')
    expect(await columnType('probe_name'), 'nothing was changed').toBe('character varying(80)')
  })

  it('narrows a column when every value fits', async () => {
    await syncModelTables(db, [withField(newer, 'siteCode', { maxLength: 10 })])
    expect(await columnType('site_code')).toBe('character varying(10)')
    await syncModelTables(db, [newer])
    expect(await columnType('site_code')).toBe('character varying(30)')
  })

  it('refuses a unique key the rows break, and a type the values do not convert to', async () => {
    const byCode = await syncModelTables(db, [{ ...newer, uniqueKeys: [{ fields: ['probeCode'] }] }]).then(
      () => '',
      (caught: Error) => caught.message,
    )
    expect(byCode).toContain('wms/sync-probe.model.json: uniqueKeys[0] (probeCode)')
    expect(byCode).toContain('(tenant_id, probe_code) occur more than once')
    expect(byCode).toContain('(e.g. (1, P1))')
    const numeric = await syncModelTables(db, [withField(newer, 'probeCode', { type: 'integer' })]).then(
      () => '',
      (caught: Error) => caught.message,
    )
    expect(numeric).toContain('field probeCode: the column probe_code is character varying(30)')
    expect(numeric).toContain('the model asks for bigint')
    expect(await indexDefinitions(), 'nothing was changed').toEqual(['(tenant_id, site_code, probe_code)'])
  })
})

describe('every model file', () => {
  it('finds its table as it declares it on the prepared database: nothing left to change', async () => {
    const differences: string[] = []
    for (const model of loadModelFiles('schemas/models')) {
      if (model.view) continue
      const plan = planModelTable(model, await readModelTableFacts(db, model))
      for (const step of plan.steps)
        differences.push(`${plan.file}: ${step.status === 'safe' ? step.description : step.why}`)
    }
    expect(differences).toEqual([])
  })
})

describe('planModelTable (pure)', () => {
  const table = (facts: Partial<TableFacts>): TableFacts => ({
    exists: true,
    columns: [
      { name: 'probe_code', type: 'character varying(30)', notNull: true },
      { name: 'probe_name', type: 'character varying(30)', notNull: false },
      { name: 'site_code', type: 'character varying(30)', notNull: false },
      { name: 'amount', type: 'numeric(10,2)', notNull: false },
    ],
    indexes: [
      {
        name: 'zz_sync_probe_uk1',
        unique: true,
        columns: ['tenant_id', 'probe_code'],
        primary: false,
        partial: false,
        constraint: false,
      },
    ],
    ...facts,
  })
  const summary = (model: ModelSchema, facts: TableFacts) =>
    planModelTable(model, facts).steps.map((step) =>
      step.status === 'safe' ? `${step.kind}: ${step.sql.join('; ')}` : `refused ${step.kind}: ${step.why}`,
    )

  it('has nothing to do when the table matches', () => {
    expect(summary(older, table({}))).toEqual([])
    expect(dataQuestions(older, table({}))).toEqual([])
  })

  it('widens without reading rows, and asks for duplicates before a new unique index', () => {
    expect(dataQuestions(newer, table({}))).toEqual([
      {
        key: 'duplicates:tenant_id,site_code,probe_code',
        kind: 'duplicates',
        columns: ['tenant_id', 'site_code', 'probe_code'],
      },
    ])
    expect(
      summary(newer, table({ answers: { 'duplicates:tenant_id,site_code,probe_code': { count: 0 } } })),
    ).toEqual([
      'alter-type: alter table "zz_sync_probe" alter column "probe_name" type varchar(80)',
      'alter-type: alter table "zz_sync_probe" alter column "amount" type numeric(14, 4)',
      'drop-index: drop index "zz_sync_probe_uk1"',
      'create-index: create unique index "zz_sync_probe_uk1" on "zz_sync_probe" ("tenant_id", "site_code", "probe_code")',
    ])
  })

  it('keeps an index that moved and renames it; leaves a migration’s index alone', () => {
    const swapped = { ...older, uniqueKeys: [{ fields: ['siteCode'] }, { fields: ['probeCode'] }] }
    const migrations = {
      name: 'zz_probe_by_name',
      unique: false,
      columns: ['probe_name'],
      primary: false,
      partial: false,
      constraint: false,
    }
    const facts = table({ answers: { 'duplicates:tenant_id,site_code': { count: 0 } } })
    facts.indexes.push(migrations)
    expect(summary(swapped, facts)).toEqual([
      'rename-index: alter index "zz_sync_probe_uk1" rename to "zz_sync_probe_uk2_renamed"',
      'rename-index: alter index "zz_sync_probe_uk2_renamed" rename to "zz_sync_probe_uk2"',
      'create-index: create unique index "zz_sync_probe_uk1" on "zz_sync_probe" ("tenant_id", "site_code")',
    ])
  })

  it('refuses what the rows do not allow and says what to do', () => {
    const narrower = withField(older, 'probeName', { maxLength: 10 })
    expect(dataQuestions(narrower, table({}))).toEqual([
      {
        key: 'convert:probe_name',
        kind: 'convert',
        column: 'probe_name',
        from: 'character varying(30)',
        to: 'character varying(10)',
      },
    ])
    const [refused] = summary(
      narrower,
      table({
        answers: { 'convert:probe_name': { count: 2, longest: 25, example: 'Twenty-five characters..' } },
      }),
    )
    expect(refused).toMatch(
      /^refused alter-type: wms\/sync-probe\.model\.json: field probeName: the column probe_name is character varying\(30\) in the database, the model asks for character varying\(10\), but 2 row\(s\) hold longer values, up to 25 characters .*keep maxLength at 25 or more, or write a migration/,
    )
    const [unconverted] = summary(
      withField(older, 'siteCode', { type: 'integer' }),
      table({
        answers: { 'convert:site_code': { count: -1, error: 'invalid input syntax for type bigint: "S1"' } },
      }),
    )
    expect(unconverted).toContain('PostgreSQL cannot convert it (invalid input syntax for type bigint: "S1")')
    const [unasked] = summary(narrower, table({}))
    expect(unasked).toContain('its rows were not read')
  })

  it('narrows when every value fits; makes required columns not null only without nulls', () => {
    const narrower = withField(older, 'probeName', { maxLength: 10 })
    expect(summary(narrower, table({ answers: { 'convert:probe_name': { count: 0 } } }))).toEqual([
      'alter-type: alter table "zz_sync_probe" alter column "probe_name" type varchar(10) using "probe_name"::varchar(10)',
    ])
    const required = withField(older, 'siteCode', { required: true })
    expect(summary(required, table({ answers: { 'nulls:site_code': { count: 3 } } }))).toEqual([])
    expect(summary(required, table({ answers: { 'nulls:site_code': { count: 0 } } }))).toEqual([
      'set-not-null: alter table "zz_sync_probe" alter column "site_code" set not null',
    ])
  })

  it('creates a missing table with its indexes, and adds a missing column', () => {
    expect(summary(older, { exists: false, columns: [], indexes: [] })[0]).toMatch(
      /^create-table: create table "zz_sync_probe" \("sync_probe_id" bigint generated by default as identity primary key, "probe_code" varchar\(30\) not null, "probe_name" varchar\(30\),/,
    )
    const added = { ...older, fields: [...older.fields, { name: 'note', type: 'text' as const }] }
    expect(summary(added, table({}))).toEqual([
      'add-column: alter table "zz_sync_probe" add column "note" text',
    ])
  })
})

describe('isWidening: type changes that keep every value, whatever the rows', () => {
  it.each([
    ['character varying(30)', 'character varying(80)', true],
    ['character varying(80)', 'character varying(30)', false],
    ['character varying(30)', 'text', true],
    ['text', 'character varying(4000)', false],
    ['integer', 'bigint', true],
    ['bigint', 'smallint', false],
    ['numeric(10,2)', 'numeric(14,4)', true],
    ['numeric(10,2)', 'numeric(10,3)', false],
    ['integer', 'numeric(18,0)', true],
    ['bigint', 'numeric(18,0)', false],
    ['timestamp(0) without time zone', 'timestamp without time zone', true],
    ['timestamp without time zone', 'timestamp(0) without time zone', false],
    ['json', 'jsonb', true],
    ['character varying(10)', 'bigint', false],
  ])('%s → %s: %s', (from, to, widening) => {
    expect(isWidening(from, to)).toBe(widening)
  })
})
