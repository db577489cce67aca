import { expect, test } from 'vitest'
import { largeSeedScale } from '../../server/seed/large-seed.ts'

test('SEED_SCALE: 1 when unset, the number when it is above 0 and at most 10', () => {
  expect(largeSeedScale(undefined)).toBe(1)
  expect(largeSeedScale(' ')).toBe(1)
  expect(largeSeedScale('0.5')).toBe(0.5)
  expect(largeSeedScale('10')).toBe(10)
})

test('SEED_SCALE: anything else stops the start with what is accepted', () => {
  for (const bad of ['0', '-1', '11', 'half', 'NaN'])
    expect(() => largeSeedScale(bad)).toThrow(
      `SEED_SCALE must be a number above 0 and at most 10 (e.g. 0.5 or 2), got '${bad}'.`,
    )
})
