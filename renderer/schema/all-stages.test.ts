/**
 * Issue 22: the playground showed the first stage of errors only (shape errors hid every check of meaning).
 * With allStages the checks of meaning run too, leaving out what lies under a shape error.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { WIDGET_NAMES } from '../contract/widget-names'
import { validatePage } from './validate'

const page = JSON.parse(readFileSync('schemas/pages/hmsg/notice-create.page.json', 'utf8')) as {
  fields: Record<string, Record<string, unknown>>
  form: { sections: Array<{ fields: string[] }> }
}
page.fields.title = { ...page.fields.title, maxLenght: 10 } // shape: unknown property
page.form.sections[0]!.fields.push('subject') // meaning: no such field
page.fields.noticeBody = { ...page.fields.noticeBody, widget: 'Inptu' } // meaning: unknown widget

const messages = (allStages: boolean) =>
  validatePage(page, { file: 'a.page.json', widgetNames: WIDGET_NAMES, allStages }).issues.map(
    (issue) => `${issue.pointer}: ${issue.message}`,
  )

test('by default the shape errors stand alone (the checks of meaning assume a right shape)', () => {
  expect(messages(false)).toEqual([expect.stringMatching(/^\/fields\/title\/maxLenght: unknown property/)])
})

test('with allStages every stage is reported at once', () => {
  const found = messages(true)
  expect(found).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/fields\/title\/maxLenght: unknown property/),
      expect.stringMatching(/^\/form\/sections\/0\/fields\/4: form section names the field 'subject'/),
      expect.stringMatching(/^\/fields\/noticeBody\/widget: unknown widget 'Inptu'/),
    ]),
  )
})
