import { expect, test } from 'vitest'
import { removeProperties } from './json-remove'

test('removes properties and their commas, keeping the rest as written', () => {
  const text =
    '{\n  "$schema": "x",\n  "a": { "b": 1, "c": 2 },\n  "d": {\n    "e": true,\n    "f": 3\n  }\n}\n'
  expect(removeProperties(text, ['/a/b', '/d/e', '/d/f'])).toBe(
    '{\n  "$schema": "x",\n  "a": { "c": 2 },\n  "d": {\n  }\n}\n',
  )
  expect(removeProperties(text, ['/d/f'])).toBe(
    '{\n  "$schema": "x",\n  "a": { "b": 1, "c": 2 },\n  "d": {\n    "e": true\n  }\n}\n',
  )
  expect(removeProperties(text, ['/a/c'])).toBe(
    '{\n  "$schema": "x",\n  "a": { "b": 1 },\n  "d": {\n    "e": true,\n    "f": 3\n  }\n}\n',
  )
  expect(() => removeProperties(text, ['/z'])).toThrow('/z is not a property')
})
