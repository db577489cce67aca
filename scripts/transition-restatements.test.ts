/**
 * The codemod's transition row actions change no page (issue 20): for every page file, the page with each
 * transition row action written in full (path, permission, visibleWhen, as the corpus was before the codemod,
 * in both ways it wrote visibleWhen: `in` and, for one status, `eq`) and the same page after the codemod
 * compile to the same Formily schemas and complete to the same row actions; and no page restates a transition
 * any more.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileField, type FormMode } from '../renderer/compile/field-schema'
import { inheritModel } from '../renderer/schema/model-inheritance'
import type { FieldSpec } from '../renderer/schema/page'
import { readModelMap } from './lib/model-map'
import { findFiles } from './lib/schema-files'
import { restatedTransitions, sameRows } from './lib/transition-restatements'
import { stripRestatements } from './strip-model-restatements'

const root = resolve(import.meta.dirname, '..')
const { models } = readModelMap(root)
const files = findFiles(root, 'schemas/pages', '.page.json')
const MODES: FormMode[] = ['create', 'edit', 'view', 'search']

type Json = Record<string, unknown>
const blocksOf = (page: Json) => [page, ...((page.details as Json[] | undefined) ?? [])]
const rowActionsOf = (page: Json) =>
  blocksOf(page).map((block) => ((block.table as Json | undefined)?.rowActions as Json[] | undefined) ?? [])

/** Every field compiled in every mode, and every row action, of the page as it renders. */
function compiled(page: unknown) {
  const complete = inheritModel(page, models) as Json
  const fields = blocksOf(complete).map((block) =>
    Object.entries((block.fields as Record<string, FieldSpec> | undefined) ?? {}).map(([name, spec]) =>
      MODES.map((mode) =>
        JSON.parse(
          JSON.stringify(
            compileField(name, spec, {
              t: (k) => k,
              mode,
              requiredMessage: () => 'enter',
              quantityPrecision: 3,
            }),
          ),
        ),
      ),
    ),
  )
  return { fields, rowActions: rowActionsOf(complete) }
}

/** The completed page with its one-status `visibleWhen`s written as `eq`, as 30 pages wrote them. */
function withEq(page: Json): Json {
  const copy = JSON.parse(JSON.stringify(page)) as Json
  for (const actions of rowActionsOf(copy))
    for (const action of actions) {
      const when = action.visibleWhen as Json | undefined
      if (when?.op === 'in' && Array.isArray(when.value) && when.value.length === 1)
        action.visibleWhen = { field: when.field, op: 'eq', value: when.value[0] }
    }
  return copy
}

describe('transition row actions (strip-model-restatements)', () => {
  it('no page restates a transition of its model (run npx tsx scripts/strip-model-restatements.ts)', () => {
    const restating = files.filter(
      (file) => restatedTransitions(JSON.parse(readFileSync(resolve(root, file), 'utf8')), models).length,
    )
    expect(restating).toEqual([])
  })

  it('every page compiles to the same Formily schemas and row actions with its transitions in full and short', async () => {
    let shortened = 0
    for (const file of files) {
      const page = JSON.parse(readFileSync(resolve(root, file), 'utf8')) as unknown
      const full = inheritModel(page, models) as Json
      if (!restatedTransitions(full, models).length) continue // no transition row action: fields are the other test's
      for (const before of [full, withEq(full)]) {
        const result = await stripRestatements(resolve(root, file), JSON.stringify(before, null, 2), models)
        shortened += result.transitions.length
        const after = JSON.parse(result.source) as unknown
        const [was, is] = [compiled(before), compiled(after)]
        expect(is.fields, file).toEqual(was.fields)
        if (before === full) expect(is.rowActions, file).toEqual(compiled(page).rowActions)
        // the same actions, an `eq` of one status read as `in` that status
        is.rowActions.forEach((actions, b) =>
          actions.forEach((action, i) => {
            const old = was.rowActions[b]![i]!
            expect(sameRows(action.visibleWhen, old.visibleWhen), `${file} ${b}/${i}`).toBe(true)
            expect({ ...action, visibleWhen: null }, file).toEqual({ ...old, visibleWhen: null })
          }),
        )
      }
    }
    // 102 row actions are written short, each shortened again from its full form in both spellings
    expect(shortened).toBeGreaterThanOrEqual(2 * 95)
  }, 60_000)
})
