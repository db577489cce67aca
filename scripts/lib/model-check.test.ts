/**
 * schemas:check runs the server's model checker: every problem that stops the server's start (load-models.ts)
 * is reported by the check, in the same words (pointer, what is wrong, how to fix it). One case per rule.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadModels } from '../../server/modules/models/load-models.ts'
import { ModelLoadError } from '../../server/modules/models/model-errors.ts'
import { checkModelFiles, readModelReferences } from './model-check'
import { readJsonFile } from './schema-files'

const repo = resolve(import.meta.dirname, '../..')
const refs = readModelReferences(repo)
type Model = Record<string, unknown> & { fields: Array<Record<string, unknown>> }
const warehouse = JSON.parse(
  readFileSync(join(repo, 'schemas/models/wms/warehouse.model.json'), 'utf8'),
) as Model
const withField = (index: number, change: Record<string, unknown>): Model => ({
  ...warehouse,
  fields: warehouse.fields.map((field, i) => (i === index ? { ...field, ...change } : field)),
})
const lifecycle = (change: Record<string, unknown>) => ({
  field: 'warehouseType',
  initial: 'NORMAL',
  transitions: [
    { action: 'close', from: ['NORMAL'], to: 'CLOSED', permission: 'wmdm.warehouse.button.close' },
  ],
  ...change,
})

let root = ''
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** The files written under a temp root's schemas/models: what schemas:check says, and what the server says. */
function bothCheckers(files: Record<string, unknown>): { check: string[]; server: string[] } {
  root = mkdtempSync(join(tmpdir(), 'model-check-'))
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(root, 'schemas/models/wms'), { recursive: true })
    writeFileSync(join(root, 'schemas/models/wms', name), JSON.stringify(body, null, 2))
  }
  const jsonFiles = Object.keys(files)
    .sort()
    .map((name) => readJsonFile(root, `schemas/models/wms/${name}`))
  // paths as under schemas/models/ (the server names files from its working directory, the check from root)
  const under = (text: string) => text.replace(/\S*schemas\/models\//g, '')
  const check = [...checkModelFiles(jsonFiles, refs).drafts].flatMap(([file, drafts]) =>
    drafts.map((d) => under(`${file.file} ${d.pointer}: ${d.message} — ${d.suggestion}`)),
  )
  let server: string[] = []
  try {
    loadModels(join(root, 'schemas/models'), refs)
  } catch (error) {
    if (!(error instanceof ModelLoadError)) throw error
    server = error.problems.map((p) => under(`${p.file} ${p.pointer}: ${p.message} — ${p.fix}`))
  }
  return { check, server }
}

const RULES: Array<[string, Record<string, unknown>, RegExp]> = [
  [
    'a model file not named after its entity',
    { 'store.model.json': warehouse },
    /store\.model\.json \/entity: the file of entity 'warehouse' of service 'wms' is wms\/store\.model\.json — name the file wms\/warehouse\.model\.json \(pages refer to the model by its file\)/,
  ],
  [
    'a lifecycle naming an unknown field',
    { 'warehouse.model.json': { ...warehouse, lifecycle: lifecycle({ field: 'warehouseStatus' }) } },
    /\/lifecycle\/field: 'warehouseStatus' is not a field of this model .*— name one of: warehouseCode/,
  ],
  [
    'a lifecycle action declared twice',
    {
      'warehouse.model.json': {
        ...warehouse,
        lifecycle: lifecycle({
          transitions: [
            { action: 'close', from: ['NORMAL'], to: 'CLOSED', permission: 'p.close' },
            { action: 'close', from: ['CLOSED'], to: 'NORMAL', permission: 'p.open' },
          ],
        }),
      },
    },
    /\/lifecycle\/transitions\/1\/action: action 'close' is declared twice — remove one/,
  ],
  [
    'a lifecycle action on a path the server uses',
    {
      'warehouse.model.json': {
        ...warehouse,
        lifecycle: lifecycle({
          transitions: [{ action: 'export', from: ['NORMAL'], to: 'CLOSED', permission: 'p.export' }],
        }),
      },
    },
    /\/lifecycle\/transitions\/0\/action: 'export' is a path the server uses — rename the action/,
  ],
  [
    'a view without serverWritten',
    { 'warehouse.model.json': { ...warehouse, view: 'select 1' } },
    /\/view: a model read from a view cannot be written through the API — add "serverWritten": true/,
  ],
  [
    'a defaultSort on the primary key (not a field)',
    { 'warehouse.model.json': { ...warehouse, defaultSort: 'warehouseId,desc' } },
    /\/defaultSort: 'warehouseId' is not a field of this model/,
  ],
  [
    'a defaultSort not "<field>,asc|desc"',
    { 'warehouse.model.json': { ...warehouse, defaultSort: 'warehouseCode,up' } },
    /\/defaultSort: 'warehouseCode,up' is not "<field>,asc\|desc" — e\.g\. "warehouseCode,asc"/,
  ],
  [
    'a field named like the primary key',
    {
      'warehouse.model.json': {
        ...warehouse,
        fields: [...warehouse.fields, { name: 'warehouseId', type: 'integer' }],
      },
    },
    /\/name: field 'warehouseId' has the name of the primary key — the server generates the primary key column/,
  ],
  [
    'a field the server maintains',
    {
      'warehouse.model.json': {
        ...warehouse,
        fields: [...warehouse.fields, { name: 'tenantId', type: 'integer' }],
      },
    },
    /\/name: 'tenantId' is a column the server maintains — remove the field/,
  ],
  [
    'an unknown value set',
    { 'warehouse.model.json': withField(2, { lookupCode: 'WMDM.WAREHOUSE_TYP' }) },
    /\/fields\/2\/lookupCode: value set 'WMDM\.WAREHOUSE_TYP' does not exist \(did you mean 'WMDM\.WAREHOUSE_TYPE'\?\) — use a code from server\/seed\/data\/lookups\.json/,
  ],
  [
    'an unknown code rule',
    { 'warehouse.model.json': withField(0, { codeRule: 'NO.RULE' }) },
    /\/fields\/0\/codeRule: code rule 'NO\.RULE' does not exist.* — use a rule from server\/seed\/data\/code-rules\.json/,
  ],
  [
    'a pattern that is not a regular expression',
    { 'warehouse.model.json': withField(0, { pattern: '^[A-Z' }) },
    /\/fields\/0\/pattern: not a regular expression: .* — correct the expression/,
  ],
  [
    'a decimal whose scale exceeds its precision',
    {
      'warehouse.model.json': withField(1, { type: 'decimal', precision: 4, scale: 6, maxLength: undefined }),
    },
    /\/fields\/1\/scale: scale is larger than precision — make scale ≤ precision/,
  ],
  [
    'an index on an unknown field',
    { 'warehouse.model.json': { ...warehouse, indexes: [['warehouseNam']] } },
    /\/indexes\/0\/0: 'warehouseNam' is not a field of this model \(did you mean 'warehouseName'\?\)/,
  ],
  [
    'a data scope on an unknown field',
    { 'warehouse.model.json': { ...warehouse, dataScope: { warehouse: 'warehouseKey' } } },
    /\/dataScope\/warehouse: 'warehouseKey' is not a field of this model/,
  ],
  [
    'two models on one table',
    {
      'warehouse.model.json': warehouse,
      'store.model.json': { ...warehouse, entity: 'store', resource: 'stores' },
    },
    /warehouse\.model\.json \/table: table wmdm_warehouse is already used by wms\/store\.model\.json — choose another name/,
  ],
  [
    'two models on one resource path',
    {
      'warehouse.model.json': warehouse,
      'store.model.json': { ...warehouse, entity: 'store', table: 'wmdm_store' },
    },
    /warehouse\.model\.json \/resource: resource wms\/warehouses is already used by wms\/store\.model\.json/,
  ],
  [
    'a wrong value, with the nearest allowed one',
    { 'warehouse.model.json': withField(0, { type: 'strng' }) },
    /\/fields\/0\/type: "strng" is not allowed — did you mean 'string'\?/,
  ],
]

describe('model check: schemas:check reports what the server refuses at start', () => {
  it('passes the repository models', () => {
    const files = ['wms/warehouse', 'ets/shipment', 'ets/shipment-warning'].map((name) =>
      readJsonFile(repo, `schemas/models/${name}.model.json`),
    )
    expect([...checkModelFiles(files, refs).drafts.values()].flat()).toEqual([])
  })

  it.each(RULES)('%s', (_rule, files, expected) => {
    const { check, server } = bothCheckers(files)
    expect(check.join('\n')).toMatch(expected)
    expect(check.slice().sort()).toEqual(server.slice().sort())
  })
})
