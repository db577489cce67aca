/**
 * The codemod changes no page (issue 20): for every page file, the page with every value it inherits written
 * out (as the corpus was before the codemod) and the same page with the restated values stripped compile to the
 * same Formily schemas, field by field in every form mode, and complete to the same page object.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileField, type FormMode } from '../renderer/compile/field-schema'
import { inheritModel } from '../renderer/schema/model-inheritance'
import type { FieldSpec } from '../renderer/schema/page'
import { readModelMap } from './lib/model-map'
import { findFiles } from './lib/schema-files'
import { stripRestatements } from './strip-model-restatements'

const root = resolve(import.meta.dirname, '..')
const { models } = readModelMap(root)
const files = findFiles(root, 'schemas/pages', '.page.json')
const MODES: FormMode[] = ['create', 'edit', 'view', 'search']

type Json = Record<string, unknown>
/** Every field of the page and its details compiled in every mode, as data (validator functions dropped). */
function compiled(page: unknown) {
  const complete = inheritModel(page, models) as Json
  const blocks = [complete, ...((complete.details as Json[] | undefined) ?? [])]
  return blocks.map((block) =>
    Object.entries((block.fields as Record<string, FieldSpec> | undefined) ?? {}).map(([name, spec]) =>
      MODES.map((mode) =>
        JSON.parse(
          JSON.stringify(
            compileField(name, spec, {
              t: (key) => key,
              mode,
              requiredMessage: () => 'enter',
              quantityPrecision: 3,
            }),
          ),
        ),
      ),
    ),
  )
}

describe('strip-model-restatements', () => {
  it('finds pages to compile and values to strip', async () => {
    expect(files.length).toBeGreaterThan(400)
    const page = JSON.parse(readFileSync(resolve(root, 'schemas/pages/wmdm/location.page.json'), 'utf8'))
    const restated = JSON.stringify(inheritModel(page, models), null, 2)
    const { pointers } = await stripRestatements('a.page.json', restated, models)
    expect(pointers).toContain('/fields/locationCode/maxLength')
  })

  it('every page compiles to the same Formily schemas with its restated values and without them', async () => {
    let stripped = 0
    for (const file of files) {
      const page = JSON.parse(readFileSync(resolve(root, file), 'utf8')) as unknown
      const restated = inheritModel(page, models)
      const result = await stripRestatements(resolve(root, file), JSON.stringify(restated, null, 2), models)
      stripped += result.pointers.length
      const after = JSON.parse(result.source) as unknown
      expect(compiled(after), file).toEqual(compiled(restated))
      expect(compiled(after), file).toEqual(compiled(page))
      expect(inheritModel(after, models), file).toEqual(inheritModel(page, models))
    }
    expect(stripped).toBeGreaterThan(3000)
  }, 60_000)
})
