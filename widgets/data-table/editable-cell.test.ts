import { expect, test } from 'vitest'
import type { ColumnModel } from '../../renderer/index'
import { cellError, invalidCells } from './editable-cell'

const t = (key: string, vars?: Record<string, string | number>) =>
  `${key === 'common.validation.select' ? 'Please select' : 'Please enter'} ${String(vars?.name)}`
const column = (field: string, widget: string, required = true): ColumnModel => ({
  field,
  title: field,
  width: 200,
  sortable: false,
  ellipsis: false,
  widget,
  spec: { label: field, widget, required } as ColumnModel['spec'],
})

test('CORE-TBL-13/14: typed fields say enter, picked fields say select; filled or optional cells pass', () => {
  expect(cellError(column('code', 'Input'), '  ', t)).toBe('Please enter code')
  expect(cellError(column('qty', 'InputNumber'), null, t)).toBe('Please enter qty')
  expect(cellError(column('type', 'Select'), undefined, t)).toBe('Please select type')
  expect(cellError(column('items', 'MulLov'), [], t)).toBe('Please select items')
  expect(cellError(column('qty', 'InputNumber'), 0, t)).toBeUndefined()
  expect(cellError(column('note', 'Input', false), '', t)).toBeUndefined()
})

test('invalidCells lists every failing cell by row key and field', () => {
  const rows = [
    { id: 1, code: '', type: 'A' },
    { id: 2, code: 'X', type: null },
  ]
  const errors = invalidCells([column('code', 'Input'), column('type', 'Select')], rows, 'id', t)
  expect([...errors]).toEqual([
    ['1:code', 'Please enter code'],
    ['2:type', 'Please select type'],
  ])
})
