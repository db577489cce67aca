/**
 * The benchmark's schema pages are shown as a served page is, with the server's verdict (none: the page is valid),
 * so the validators stay off their path as they do in the app. That verdict holds only if the pages are valid:
 * checked here with the validators the server and `schemas:check` use.
 */
import { expect, test } from 'vitest'
import { formPage, listPage } from '../../bench/browser/fixtures'
import { validatePage } from '../../renderer/schema/validate'
import { WIDGET_NAMES } from '../../renderer/index'

test.each([
  ['list', listPage()],
  ['form', formPage()],
])('the benchmark %s page is valid, as its empty verdict says', (_kind, page) => {
  const result = validatePage(page, { file: `bench/${_kind}.page.json`, widgetNames: [...WIDGET_NAMES] })
  expect(result.issues.filter((issue) => issue.severity === 'error')).toEqual([])
})
