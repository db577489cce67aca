import { expect, test } from 'vitest'
import { createRegistry } from '../renderer/index'
import { defaultWidgets } from './index'
import { WIDGET_NAMES } from './names'

test('widgets/names.ts lists exactly the registered widgets (the CLI checks pages against it)', () => {
  expect([...createRegistry(defaultWidgets).names()].sort()).toEqual([...WIDGET_NAMES].sort())
})

test('every field widget has a read-only rendering and a required message kind', () => {
  for (const widget of defaultWidgets.filter((w) => w.kind === 'field')) {
    expect(widget.readPretty, widget.name).toBeTypeOf('function')
    expect(['enter', 'select'], widget.name).toContain(widget.requiredMessage)
  }
})
