import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { seedReferences } from '../../seed/data.ts'
import { findModelFiles, loadModels, readModels } from './load-models.ts'
import { formatProblem, ModelLoadError } from './model-errors.ts'

const warehouse = JSON.parse(readFileSync('schemas/models/wms/warehouse.model.json', 'utf8')) as Record<
  string,
  unknown
>
let dir = ''

function fixture(models: Record<string, unknown>): string {
  dir = mkdtempSync(join(tmpdir(), 'models-'))
  for (const [name, body] of Object.entries(models)) {
    mkdirSync(join(dir, 'wms'), { recursive: true })
    writeFileSync(join(dir, 'wms', name), typeof body === 'string' ? body : JSON.stringify(body, null, 2))
  }
  return dir
}
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function problemsOf(models: Record<string, unknown>): string {
  try {
    loadModels(fixture(models), seedReferences())
  } catch (error) {
    expect(error).toBeInstanceOf(ModelLoadError)
    return (error as Error).message
  }
  throw new Error('expected the models to be refused')
}

describe('model loader', () => {
  it('loads the repository models', () => {
    const loaded = loadModels('schemas/models', seedReferences())
    const files = findModelFiles('schemas/models')
    expect(loaded).toHaveLength(files.length)
    expect(loaded.map((m) => m.model.entity)).toEqual(
      expect.arrayContaining(['warehouse', 'jxsOutboundOrder']),
    )
  })

  it('names file, line, JSON pointer and a fix for a schema error', () => {
    const fields = [...(warehouse.fields as object[])]
    fields[2] = { ...fields[2], lookupCod: 'WMDM.WAREHOUSE_TYPE' }
    const message = problemsOf({ 'bad.model.json': { ...warehouse, fields } })
    expect(message).toMatch(/bad\.model\.json:\d+:\d+ \/fields\/2\/lookupCod: unknown property 'lookupCod'/)
    expect(message).toContain("did you mean 'lookupCode'")
  })

  it('checks meaning: value sets, code rules, field references, primary key clash', () => {
    const fields = [...(warehouse.fields as Array<Record<string, unknown>>)]
    fields[2] = { ...fields[2], lookupCode: 'WMDM.WAREHOUSE_TYP' }
    fields[3] = { ...fields[3], codeRule: 'NO.RULE' }
    fields.push({ name: 'warehouseId', type: 'integer' })
    const message = problemsOf({
      'bad.model.json': {
        ...warehouse,
        fields,
        defaultSort: 'warehouseKode,asc',
        uniqueKeys: [{ fields: ['code'] }],
      },
    })
    expect(message).toContain(
      "/fields/2/lookupCode: value set 'WMDM.WAREHOUSE_TYP' does not exist (did you mean 'WMDM.WAREHOUSE_TYPE'?)",
    )
    expect(message).toContain('server/seed/data/lookups.json')
    expect(message).toContain("/fields/3/codeRule: code rule 'NO.RULE' does not exist")
    expect(message).toContain(
      `/fields/${fields.length - 1}/name: field 'warehouseId' has the name of the primary key`,
    )
    expect(message).toContain(
      "/defaultSort: 'warehouseKode' is not a field of this model (did you mean 'warehouseCode'?)",
    )
    expect(message).toContain("/uniqueKeys/0/fields/0: 'code' is not a field")
  })

  it('reports broken JSON and two models on one table', () => {
    const message = problemsOf({
      'a.model.json': warehouse,
      'b.model.json': { ...warehouse, resource: 'other' },
      'c.model.json': '{ "service": ',
    })
    expect(message).toMatch(
      /b\.model\.json:\d+:\d+ \/table: table wmdm_warehouse is already used by .*a\.model\.json/,
    )
    expect(message).toMatch(/c\.model\.json:1:14 \/: not valid JSON: .* — the file ends too early/)
  })

  it('refuses the bad model but not the others (the server starts without it: tests/server/config-errors)', () => {
    const fields = [{ name: 'code', type: 'string', lookupCode: 'NO.SET' }]
    const modelsDir = fixture({
      'warehouse.model.json': warehouse,
      'x.model.json': { ...warehouse, fields, uniqueKeys: [], indexes: [], defaultSort: 'code,asc' },
    })
    const { loaded, refused } = readModels(modelsDir, seedReferences())
    expect(loaded.map((m) => m.model.entity)).toEqual(['warehouse'])
    expect(refused.map((m) => m.key)).toEqual(['wms/x'])
    expect(refused[0]?.problems.map(formatProblem).join('\n')).toMatch(
      /x\.model\.json:\d+:\d+ \/fields\/0\/lookupCode: value set 'NO.SET' does not exist/,
    )
  })
})
