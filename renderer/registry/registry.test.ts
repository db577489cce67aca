import { expect, test } from 'vitest'
import { createRegistry } from './registry'

const Nothing = () => null
const input = { name: 'Input', kind: 'field' as const, component: Nothing }

test('a name registered twice throws, naming it', () => {
  expect(() => createRegistry([input, { ...input }])).toThrow("widget 'Input' is registered twice")
})

test('an unknown name throws loudly with the closest registered name', () => {
  const registry = createRegistry([input, { name: 'Lov', kind: 'field', component: Nothing }])
  expect(() => registry.get('Lvo')).toThrow("unknown widget 'Lvo' (did you mean 'Lov'?)")
  expect(registry.get('Input').component).toBe(Nothing)
  expect(registry.components('field')).toEqual({ Input: Nothing, Lov: Nothing })
})
