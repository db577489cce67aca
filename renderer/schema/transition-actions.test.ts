/**
 * Issue 20, "a row action that names a transition": `{"transition": "handle", "label": …}` takes its path,
 * permission code and visibleWhen from the model's lifecycle (the page gives only its own label, confirmation,
 * success message, dialog), in the browser (served model facts) as in schemas:check; an unknown transition is
 * refused naming the closest one and the model's transitions.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it, test } from 'vitest'
import { WIDGET_NAMES } from '../contract/widget-names'
import { checkPageFile, type PageCheckContext } from './check-page-files'
import { formatIssue } from './issue'
import type { ModelSchema } from './model'
import { TransitionAction } from './page-actions'
import { OWN } from './transition-actions'
import { inheritModel, pageModelFacts } from './model-inheritance'
import { validatePage } from './validate'

const read = (file: string) => readFileSync(file, 'utf8')
const model = JSON.parse(read('schemas/models/wms/stock-replacement.model.json')) as ModelSchema
const models = new Map([['wms/stock-replacement', model]])
const context: PageCheckContext = { widgetNames: WIDGET_NAMES, models, routes: new Set() }
const file = 'schemas/pages/winv/stock-replacement-handle.page.json'
type Json = Record<string, unknown>
const page = JSON.parse(read(file)) as { table: { rowActions: Json[] } }

const full = {
  type: 'action',
  name: 'cancel',
  label: 'winv.stockReplacementHandle.action.handle',
  path: '/v1/{tenantId}/stock-replacements/{stockReplacementId}/cancel',
  permission: 'winv.stockReplacement.button.cancel',
  visibleWhen: { field: 'replenishStatus', op: 'in', value: ['NEW'] },
  confirm: { title: 'winv.stockReplacementHandle.dialog.handle' },
}
const short = {
  transition: 'cancel',
  label: 'winv.stockReplacementHandle.action.handle',
  confirm: { title: 'winv.stockReplacementHandle.dialog.handle' },
}
const withRowAction = (action: Json) =>
  JSON.stringify(
    { ...page, table: { ...page.table, rowActions: [...page.table.rowActions, action] } },
    null,
    2,
  )
const errorsOf = (text: string) =>
  checkPageFile(file, text, context)
    .issues.filter((issue) => issue.severity === 'error')
    .map(formatIssue)

describe('a row action naming a transition', () => {
  it('takes path, permission and visibleWhen from the lifecycle: the same action as written in full', () => {
    const checked = checkPageFile(file, withRowAction(short), context)
    expect(checked.issues.filter((i) => i.severity === 'error')).toEqual([])
    const actions = (checked.page as unknown as { table: { rowActions: Json[] } }).table.rowActions
    expect(actions.at(-1)).toEqual(full)
    expect(checkPageFile(file, withRowAction(full), context).page).toEqual(checked.page)
  })

  it('is completed in the browser from the model facts served with the page', () => {
    const raw = JSON.parse(withRowAction(short)) as unknown
    const served = JSON.parse(JSON.stringify(pageModelFacts(raw, models))) as Record<string, never>
    const result = validatePage(inheritModel(raw, served), { file })
    expect(result.issues).toEqual([])
    expect((result.page as unknown as { table: { rowActions: Json[] } }).table.rowActions.at(-1)).toEqual(
      full,
    )
  })

  it("refuses an unknown transition, naming the closest and the model's transitions", () => {
    const errors = errorsOf(withRowAction({ ...short, transition: 'cancl' }))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('/table/rowActions/')
    expect(errors[0]).toContain("/transition: unknown transition 'cancl' of the model wms/stock-replacement")
    expect(errors[0]).toContain('whose transitions are: handle, cancel')
    expect(errors[0]).toContain("did you mean 'cancel'?")
  })

  it('refuses a transition on a model without a lifecycle, and one the browser could not complete', () => {
    const plain = { ...model, lifecycle: undefined }
    const issues = checkPageFile(file, withRowAction(short), {
      ...context,
      models: new Map([['wms/stock-replacement', plain]]),
    }).issues.map(formatIssue)
    expect(issues.join('\n')).toContain(
      "transition: row action names transition 'cancel', but the model wms/stock-replacement has no lifecycle",
    )
    // served without its model's facts: the page is refused rather than rendering a button with no path
    const result = validatePage(inheritModel(JSON.parse(withRowAction(short)), {}), { file })
    expect(result.issues.map((i) => `${i.pointer}: ${i.message}`).join('\n')).toMatch(
      /rowActions\/\d+\/transition: row action names transition 'cancel'/,
    )
  })

  it('keeps a page override and refuses what a transition takes from its model', () => {
    expect(
      errorsOf(withRowAction({ ...short, successMessage: 'winv.stockReplacementHandle.action.handle' })),
    ).toEqual([])
    const errors = errorsOf(withRowAction({ ...short, permission: 'winv.stockReplacement.button.cancel' }))
    expect(errors.join('\n')).toContain(
      "/permission: 'permission' of a row action naming a transition comes from the model's lifecycle",
    )
  })
})

test("the page's own properties of a transition action are the schema's (the plain list keeps TypeBox off the boot path)", () => {
  expect([...OWN].sort()).toEqual(Object.keys(TransitionAction.properties).sort())
})
