import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkPageFiles, type PageCheckContext } from '../renderer/schema/check-page-files'
import type { IssueDraft } from '../renderer/schema/issue'
import { WIDGET_NAMES } from '../renderer/contract/widget-names'
import { checkModelFiles, readModelReferences } from './lib/model-check'
import { findFiles, readJsonFile, readLookupCodes, readLovViewCodes, readRoutes } from './lib/schema-files'
import { newPage } from './new-page'

const repo = resolve(import.meta.dirname, '..')
let root: string

/** A temp copy of what the checker reads: schemas/, the value-set and Lov seeds, the prettier config. */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'new-page-'))
  cpSync(join(repo, 'schemas'), join(root, 'schemas'), { recursive: true })
  for (const file of [
    'server/seed/data/lookups',
    'server/seed/data/lov-views',
    'server/seed/data/code-rules',
  ])
    for (const path of [`${file}.json`, file])
      if (existsSync(join(repo, path))) cpSync(join(repo, path), join(root, path), { recursive: true })
  cpSync(join(repo, '.prettierrc.json'), join(root, '.prettierrc.json'))
  // the repository has built /wmdm/carrier: the copy plays a project that has not yet
  for (const file of ['schemas/pages/wmdm/carrier.page.json', 'schemas/models/wms/carrier.model.json'])
    rmSync(join(root, file), { force: true })
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** What `npm run schemas:check` reports on the copy (scripts/schemas-check.ts, the same functions). */
function check(): { errors: string[]; warnings: string[] } {
  const issues: (IssueDraft & { file: string })[] = []
  const modelFiles = findFiles(root, 'schemas/models', '.model.json').map((f) => readJsonFile(root, f))
  const { drafts, models } = checkModelFiles(modelFiles, readModelReferences(root))
  for (const [file, found] of drafts) issues.push(...found.map((d) => ({ ...d, file: file.file })))
  const context: PageCheckContext = {
    widgetNames: WIDGET_NAMES,
    models,
    lookupCodes: readLookupCodes(root, 'server/seed/data/lookups.json'),
    lovCodes: readLovViewCodes(root, 'server/seed/data/lov-views.json'),
    routes: readRoutes(root, 'schemas/routes.tsv'),
  }
  const pages = findFiles(root, 'schemas/pages', '.page.json').map((f) => readJsonFile(root, f))
  for (const page of checkPageFiles(pages, context)) issues.push(...page.issues)
  const say = (i: IssueDraft & { file: string }) => `${i.file} ${i.pointer}: ${i.message}`
  return {
    errors: issues.filter((i) => i.severity !== 'warning').map(say),
    warnings: issues.filter((i) => i.severity === 'warning').map(say),
  }
}

const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>

describe('npm run new:page', () => {
  it('scaffolds a page and its model (--model) that pass schemas:check at once', async () => {
    const before = check()
    const result = await newPage({
      root,
      route: '/wmdm/carrier',
      model: true,
      service: 'wms',
      title: 'Carrier|承运商|承運商',
    })
    expect(result.written).toEqual([
      'schemas/models/wms/carrier.model.json',
      'schemas/pages/wmdm/carrier.page.json',
    ])
    expect(result.notes).toEqual([])
    expect(check()).toEqual(before)

    const page = read('schemas/pages/wmdm/carrier.page.json')
    const model = read('schemas/models/wms/carrier.model.json')
    expect(page).toMatchObject({
      kind: 'list',
      route: '/wmdm/carrier',
      dataSource: { model: 'wms/carrier', path: '/v1/{tenantId}/carriers' },
    })
    expect(page.search).toMatchObject({ fields: ['carrierCode', 'carrierName', 'enabledFlag'] })
    // The buttons carry the model's guards: what the page offers is what the server allows.
    expect(model.permissions).toEqual({
      create: 'wmdm.carrier.button.create',
      update: 'wmdm.carrier.button.edit',
      delete: 'wmdm.carrier.button.delete',
    })
    expect(JSON.stringify(page.toolbar)).toContain('wmdm.carrier.button.create')
    expect((page.table as { rowActions: unknown[] }).rowActions).toMatchObject([
      { type: 'edit', permission: 'wmdm.carrier.button.edit' },
      { type: 'delete', permission: 'wmdm.carrier.button.delete' },
    ])
    expect((page.texts as Record<string, unknown>)['wmdm.carrier.field.carrierName']).toEqual({
      zh_CN: '承运商名称',
      en_US: 'Carrier name',
      zh_TW: '承運商名稱',
    })
  })

  it('builds a page from an existing model, and says when the title still needs translating', async () => {
    const result = await newPage({ root, route: '/wmtk/warehouse', model: false, service: 'wms' })
    expect(result.notes.join()).toMatch(/--title/)
    expect(check().errors).toEqual([])
    expect(() => read('schemas/pages/wmtk/warehouse.page.json')).not.toThrow()
  })

  it('refuses what it cannot scaffold, saying why', async () => {
    const base = { root, model: false, service: 'wms' }
    await expect(newPage({ ...base, route: 'wmdm carrier' })).rejects.toThrow(
      /not a page route.*\/wmdm\/stockLocation/,
    )
    await expect(newPage({ ...base, route: '/wmdm/carrier' })).rejects.toThrow(/no model .*pass --model/)
    await expect(newPage({ ...base, route: '/wmdm/warehouse' })).rejects.toThrow(/already exists/)
    await expect(newPage({ ...base, route: '/wmdm/carrier', title: 'Carriers' })).rejects.toThrow(
      /three names/,
    )
  })
})
