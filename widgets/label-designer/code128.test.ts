import { expect, test } from 'vitest'
import { code128B, PATTERNS, STOP } from './code128'

test('every Code 128 symbol is 11 modules wide (the stop 13) and the table has the 106 symbols', () => {
  expect(PATTERNS).toHaveLength(106)
  for (const pattern of PATTERNS) expect([...pattern].reduce((s, d) => s + Number(d), 0)).toBe(11)
  expect([...STOP].reduce((s, d) => s + Number(d), 0)).toBe(13)
})

test('a text becomes start + data + check + stop, and non-ASCII text is refused', () => {
  // start, 6 symbols, check: 8 × 11 + 13
  expect(code128B('WH-001').modules).toBe(8 * 11 + 13)
  expect(() => code128B('仓库')).toThrow(/Code 128 B/)
})
