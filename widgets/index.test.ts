import { expect, test } from 'vitest'
import { createRegistry } from '../renderer/index'
import { WIDGET_NAMES } from '../renderer/index'
import { loadAllWidgets, widgetEntries } from './index'

test('every definition of renderer/contract/widget-definitions.ts has an entry whose loader gives its widget', async () => {
  expect(widgetEntries.map((entry) => entry.name).sort()).toEqual([...WIDGET_NAMES].sort())
  const registry = createRegistry(widgetEntries)
  await registry.load(WIDGET_NAMES)
  for (const entry of widgetEntries) {
    const definition = registry.get(entry.name)
    expect([definition.name, definition.kind], entry.name).toEqual([entry.name, entry.kind])
  }
})

test('every field widget has a read-only rendering and a required message kind', async () => {
  for (const widget of (await loadAllWidgets()).filter((w) => w.kind === 'field')) {
    expect(widget.readPretty, widget.name).toBeTypeOf('function')
    expect(['enter', 'select'], widget.name).toContain(widget.requiredMessage)
  }
})

test('the always-loaded field widgets with a cell text give it in their entry too (tables draw it before the chunk)', async () => {
  const definitions = new Map((await loadAllWidgets()).map((w) => [w.name, w]))
  const withCellText = widgetEntries.filter((entry) => entry.always && definitions.get(entry.name)?.cellText)
  expect(withCellText.map((entry) => entry.name)).toContain('Select')
  for (const entry of withCellText)
    expect(entry.cellText, entry.name).toBe(definitions.get(entry.name)!.cellText)
})
