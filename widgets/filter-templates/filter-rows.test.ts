import { expect, test } from 'vitest'
import { operatorsFor, type FilterFieldConfig } from '../../renderer/index'
import { buildConditions, hasValue, rowsComplete, wireValue } from './filter-rows'

const field = (
  fieldType: FilterFieldConfig['fieldType'],
  widgetType: FilterFieldConfig['widgetType'] = 'Input',
) => ({
  fieldCode: 'f',
  fieldAlias: 'f',
  fieldLabel: 'F',
  fieldType,
  widgetType,
})

test('CORE-FLT-16/21: 0 counts as a value; empty, null, undefined and empty arrays do not', () => {
  expect([0, '0', 'a', ['a']].map(hasValue)).toEqual([true, true, true, true])
  expect(['', '  ', null, undefined, [], [''], [null]].map(hasValue)).toEqual([
    false,
    false,
    false,
    false,
    false,
    false,
    false,
  ])
})

test('CORE-FLT-16/22: only rows with an operator and a value are sent, field types lower-cased', () => {
  const fields = [
    { ...field('INTEGER'), fieldCode: 'qty' },
    { ...field('STRING'), fieldCode: 'name' },
  ]
  const conditions = buildConditions(
    [
      { fieldCode: 'qty', operateCode: 'EQUAL', fieldValue: 0 },
      { fieldCode: 'name', operateCode: 'LIKE', fieldValue: '' },
      { fieldCode: 'name', fieldValue: 'x' },
      { fieldCode: 'name', operateCode: 'LIKE', fieldValue: null },
    ],
    fields,
  )
  expect(conditions).toEqual([
    { fieldCode: 'qty', fieldType: 'integer', operateCode: 'EQUAL', fieldValue: '0' },
  ])
})

test('CORE-FLT-17/18/19/20: integers 0 decimals, floats 3, dates as text, lists comma-joined', () => {
  expect(wireValue(field('INTEGER'), 1.5)).toBe('2')
  expect(wireValue(field('FLOAT'), 1.23456)).toBe('1.235')
  expect(wireValue(field('DATE', 'DatePicker'), '2026-11-21')).toBe('2026-11-21')
  expect(wireValue(field('DATETIME', 'DatetimePicker'), '2026-11-21 08:30:00')).toBe('2026-11-21 08:30:00')
  expect(wireValue(field('STRING', 'MulLov'), ['a', 'b'])).toBe('a,b')
})

test('CORE-FLT-23: every row needs a field and an operator to be saved', () => {
  expect(rowsComplete([{ fieldCode: 'a', operateCode: 'EQUAL' }])).toBe(true)
  expect(rowsComplete([{ fieldCode: 'a' }])).toBe(false)
  expect(rowsComplete([{ operateCode: 'EQUAL' }])).toBe(false)
})

test('CORE-FLT-12…15 with X-16: widget rules first, then type rules, else all operators', () => {
  expect(operatorsFor('Select', 'INTEGER')).toEqual(['EQUAL', 'NOT_EQUAL'])
  expect(operatorsFor('Lov', 'STRING')).toEqual(['EQUAL', 'NOT_EQUAL'])
  expect(operatorsFor('MulSelect', 'STRING')).toEqual(['IN', 'NOT_IN'])
  expect(operatorsFor('MulLov', 'DATE')).toEqual(['IN', 'NOT_IN'])
  for (const type of ['INTEGER', 'DATE', 'FLOAT']) {
    expect(operatorsFor('InputNumber', type)).toEqual([
      'EQUAL',
      'NOT_EQUAL',
      'GREATER_THAN',
      'GREATER_THAN_OR_EQUAL_TO',
      'LESS_THAN',
      'LESS_THAN_OR_EQUAL_TO',
    ])
  }
  expect(operatorsFor('Input', 'STRING')).toHaveLength(12)
  expect(operatorsFor('DatetimePicker', 'DATETIME')).toHaveLength(12)
})
