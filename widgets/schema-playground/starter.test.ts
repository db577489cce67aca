import { expect, test } from 'vitest'
import { validatePage } from '../../renderer/validation'
import { widgetEntries } from '../index'
import starter from './starter.page.json?raw'

test('the playground opens on a page that passes every stage of the page check (no error panel to start from)', () => {
  const checked = validatePage(JSON.parse(starter), {
    file: 'playground.page.json',
    source: starter,
    widgetNames: widgetEntries.map((entry) => entry.name),
    allStages: true,
  })
  expect(checked.issues).toEqual([])
})
