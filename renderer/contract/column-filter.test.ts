import { expect, test } from 'vitest'
import warehouseModel from '../../schemas/models/wms/warehouse.model.json'
import warehousePage from '../../schemas/pages/wmdm/warehouse.page.json'
import { crossIssues } from '../schema/cross-check'
import type { ModelSchema } from '../schema/model'
import type { PageSchema } from '../schema/page'
import { columnFilterCondition, columnFilterModes, filterTypeOfField } from './column-filter'

test('CORE-TBL-07: fuzzy (1) → LIKE with one text, exact (2) → IN, exclude (3) → NOT_IN with an array', () => {
  expect(columnFilterCondition('warehouseName', 'STRING', { mode: 1, values: [' dock '] })).toEqual({
    fieldCode: 'warehouseName',
    fieldType: 'string',
    operateCode: 'LIKE',
    fieldValue: 'dock',
  })
  expect(columnFilterCondition('area', 'FLOAT', { mode: 2, values: ['10', '10', '20.5'] })).toMatchObject({
    fieldType: 'float',
    operateCode: 'IN',
    fieldValue: ['10', '20.5'],
  })
  expect(columnFilterCondition('enabledFlag', 'FLAG', { mode: 3, values: ['0'] })).toMatchObject({
    operateCode: 'NOT_IN',
    fieldValue: ['0'],
  })
})

test('CORE-TBL-08: values with commas and spaces round-trip through the JSON conditions parameter', () => {
  const condition = columnFilterCondition('warehouseName', 'STRING', { mode: 3, values: ['A, B', 'C D'] })
  expect(JSON.parse(JSON.stringify([condition]))[0].fieldValue).toEqual(['A, B', 'C D'])
})

test('blank values filter nothing; fuzzy is offered only for text types', () => {
  expect(columnFilterCondition('warehouseName', 'STRING', { mode: 2, values: ['', '  '] })).toBeUndefined()
  expect(columnFilterModes('STRING')).toEqual([1, 2, 3])
  expect(columnFilterModes('INTEGER')).toEqual([2, 3])
})

test('a field is filterable when marked so, or searchable or sortable; json never', () => {
  expect(filterTypeOfField({ type: 'string', searchable: 'like' })).toBe('STRING')
  expect(filterTypeOfField({ type: 'decimal', filterable: true })).toBe('FLOAT')
  expect(filterTypeOfField({ type: 'string' })).toBeUndefined()
  expect(filterTypeOfField({ type: 'json', filterable: true })).toBeUndefined()
})

test('the schema check refuses a header filter on a field the model does not allow, or of the wrong type', () => {
  const page = structuredClone(warehousePage) as unknown as PageSchema & {
    table: { columns: { field: string; filter?: string }[] }
  }
  const context = {
    models: new Map([['wms/warehouse', warehouseModel as unknown as ModelSchema]]),
    routes: new Set([page.route]),
  }
  expect(crossIssues(page, context).filter((i) => i.pointer.endsWith('/filter'))).toEqual([])
  page.table.columns.push({ field: 'contactName', filter: 'string' }, { field: 'area', filter: 'integer' })
  const issues = crossIssues(page, context).filter((i) => i.pointer.endsWith('/filter'))
  expect(issues.map((i) => i.message)).toEqual([
    "the model does not allow filtering by 'contactName'",
    "'area' filters as float in the model, not integer",
  ])
})
