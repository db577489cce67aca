import { expect, test } from 'vitest'
import { DEFAULT_QUANTITY_PRECISION, resolvePrecision } from '../format/number'
import { compileField, type CompileContext } from './field-schema'

const context = (quantityPrecision?: number, mode: CompileContext['mode'] = 'edit'): CompileContext => ({
  t: (key) => key,
  mode,
  requiredMessage: () => 'enter',
  ...(quantityPrecision === undefined ? {} : { quantityPrecision }),
})
const quantity = { label: 'qty', widget: 'InputNumber', precision: 'warehouse' as const }
const propsOf = (schema: ReturnType<typeof compileField>) =>
  schema['x-component-props'] as Record<string, unknown>

test('"precision": "warehouse" is the quantity precision of the session, else the default', () => {
  expect(resolvePrecision('warehouse', 2)).toBe(2)
  expect(resolvePrecision('warehouse', 0)).toBe(0)
  expect(resolvePrecision('warehouse', undefined)).toBe(DEFAULT_QUANTITY_PRECISION)
  expect(resolvePrecision(4, 2)).toBe(4)
  expect(resolvePrecision(undefined, 2)).toBeUndefined()
})

test('a warehouse-precision field gets the number as its input precision, in forms and range searches', () => {
  expect(propsOf(compileField('quantity', quantity, context(2)))).toMatchObject({ precision: 2 })
  expect(propsOf(compileField('quantity', quantity, context()))).toMatchObject({ precision: 3 })
  const range = compileField('quantity', { ...quantity, search: 'range' }, context(1, 'search'))
  expect(propsOf(range)).toMatchObject({ kind: 'number', precision: 1 })
})
