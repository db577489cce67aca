import { expect, test } from 'vitest'
import { dateCell, datetimeCell, flagCell, lookupCell, numberCell, textCell } from './cell-texts'

const context = {
  meanings: (code: string) =>
    code === 'HPFM.ENABLED_FLAG'
      ? new Map([
          ['1', 'Enabled'],
          ['0', 'Disabled'],
        ])
      : code === 'WMDM.WAREHOUSE_TYPE'
        ? new Map([['BONDED', 'Bonded']])
        : undefined,
  dateFormat: 'DD/MM/YYYY',
  dateTimeFormat: 'DD/MM/YYYY HH:mm',
}

test('table cell texts show what the read-only components show', () => {
  expect(textCell(undefined, context)(null)).toBe('')
  expect(textCell(undefined, context)(12)).toBe('12')
  expect(numberCell({ precision: 2 } as never, context)(1250.5)).toBe('1,250.50')
  const type = lookupCell({ lookupCode: 'WMDM.WAREHOUSE_TYPE' } as never, context)
  expect(type('BONDED')).toBe('Bonded')
  expect(type('UNKNOWN')).toBe('UNKNOWN')
  // a value set still loading shows the raw value
  expect(lookupCell({ lookupCode: 'X.LOADING' } as never, context)('A')).toBe('A')
  expect(flagCell(undefined, context)(true)).toBe('Enabled')
  expect(flagCell(undefined, context)(0)).toBe('Disabled')
  expect(dateCell(undefined, context)('2024-03-15')).toBe('15/03/2024')
  expect(datetimeCell(undefined, context)('2024-03-15 08:30:00')).toBe('15/03/2024 08:30')
  expect(dateCell(undefined, context)('')).toBe('')
})
