/**
 * Issue 22: the playground's editor did not complete widget names (the page schema gives only their pattern).
 * With the registry's names as the WidgetName choices, typing a widget's value offers them.
 */
import { CompletionContext } from '@codemirror/autocomplete'
import { json } from '@codemirror/lang-json'
import { EditorState } from '@codemirror/state'
import { jsonCompletion, stateExtensions } from 'codemirror-json-schema'
import { expect, test } from 'vitest'
import pageSchema from '../../schemas/page.schema.json'
import { WIDGET_NAMES } from '../../renderer/index'
import { withWidgetNames } from './widget-completion'

type Schema = Parameters<typeof stateExtensions>[0]

/** Completion labels at the `|` of `marked`. */
const labelsAt = (schema: object, marked: string) => {
  const doc = marked.replace('|', '')
  const state = EditorState.create({ doc, extensions: [json(), stateExtensions(schema as Schema)] })
  const result = jsonCompletion()(new CompletionContext(state, marked.indexOf('|'), true))
  return 'options' in result ? result.options.map((option) => option.label) : []
}
const doc = '{\n  "kind": "custom",\n  "route": "/x",\n  "title": "x",\n  "widget": "|"\n}'

test('completes the registered widget names where a page names its widget', () => {
  const labels = labelsAt(withWidgetNames(pageSchema, WIDGET_NAMES), doc)
  expect(labels.map((label) => label.replace(/"/g, ''))).toEqual(
    expect.arrayContaining(['Input', 'Lov', 'SchemaPlayground']),
  )
})

test('the generated schema alone offers none (what the playground had)', () => {
  expect(labelsAt(pageSchema, doc)).not.toEqual(expect.arrayContaining(['"Input"']))
})

test('leaves the schema it was given unchanged', () => {
  const before = JSON.stringify(pageSchema)
  withWidgetNames(pageSchema, ['Input'])
  expect(JSON.stringify(pageSchema)).toBe(before)
})
