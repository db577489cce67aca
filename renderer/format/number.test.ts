import { expect, test } from 'vitest'
import { formatNumber, stepFor, trimNumberText } from './number'

test('empty, infinite or non-numeric input formats as empty text', () => {
  for (const value of ['', null, undefined, Infinity, 'abc']) expect(formatNumber(value, 2)).toBe('')
})

test('thousands separators and the given decimals', () => {
  expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89')
  expect(formatNumber(-1234, 0)).toBe('-1,234')
})

test('inputs trim trailing zeros and a trailing point; the step follows the precision', () => {
  expect(trimNumberText('1.500')).toBe('1.5')
  expect(trimNumberText('2.000')).toBe('2')
  expect(trimNumberText('100')).toBe('100')
  expect(stepFor(3)).toBe(0.001)
  expect(stepFor(undefined)).toBe(1)
})
