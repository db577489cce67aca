import { readFileSync } from 'node:fs'
import { format } from 'prettier'
import { describe, expect, test } from 'vitest'
import type { ModelSchema } from '../schema/model'
import { changedLines } from './line-diff'
import {
  canRedo,
  currentText,
  editPageDocument,
  isDirty,
  openPageDocument,
  redoPageDocument,
  undoPageDocument,
} from './page-document'
import { applyPageEdit, PageEditError, type PageEdit } from './page-edits'

const FILE = 'schemas/pages/wmdm/warehouse.page.json'
const text = readFileSync(FILE, 'utf8')
const model = JSON.parse(readFileSync('schemas/models/wms/warehouse.model.json', 'utf8')) as ModelSchema
// The warehouse model with one field the page does not define yet.
const grown: ModelSchema = {
  ...model,
  fields: [
    ...model.fields,
    { name: 'managerName', type: 'string', label: 'Manager', maxLength: 60, sortable: true },
  ],
}
const diff = (edit: PageEdit, context = { model: grown }) =>
  changedLines(text, applyPageEdit(text, edit, context))

describe('page edits on a real page file change exactly their lines', () => {
  test('moving a search field', () => {
    expect(diff({ op: 'move', list: '/search/fields', from: 3, to: 0 })).toEqual([
      '-    "fields": ["warehouseCode", "warehouseName", "warehouseType", "enabledFlag"],',
      '+    "fields": ["enabledFlag", "warehouseCode", "warehouseName", "warehouseType"],',
    ])
  })

  test('moving a column', () => {
    expect(diff({ op: 'move', list: '/table/columns', from: 4, to: 3 })).toEqual([
      '-      { "field": "address", "width": 240, "ellipsis": true },',
      '+      { "field": "address", "width": 240, "ellipsis": true },',
    ])
  })

  test('moving a form field within a section written one per line', () => {
    expect(diff({ op: 'move', list: '/form/sections/0/fields', from: 1, to: 0 })).toEqual([
      '-          "warehouseCode",',
      '+          "warehouseCode",',
    ])
  })

  test('adding a search field that the page already defines', () => {
    expect(diff({ op: 'addSearchField', field: 'regionCode' })).toEqual([
      '-    "fields": ["warehouseCode", "warehouseName", "warehouseType", "enabledFlag"],',
      '+    "fields": ["warehouseCode", "warehouseName", "warehouseType", "enabledFlag", "regionCode"],',
    ])
  })

  test('adding a column of a model field new to the page defines the field (label and widget: the rest it inherits) and its label texts', () => {
    expect(diff({ op: 'addColumn', field: 'managerName' })).toEqual([
      '-    }',
      '+    },',
      '+    "managerName": { "label": "wmdm.warehouse.field.managerName", "widget": "Input" }',
      '-      { "field": "remark", "width": 200, "ellipsis": true }',
      '+      { "field": "remark", "width": 200, "ellipsis": true },',
      '+      { "field": "managerName", "sortable": true }',
      '-    }',
      '+    },',
      '+    "wmdm.warehouse.field.managerName": { "zh_CN": "Manager", "en_US": "Manager", "zh_TW": "Manager" }',
    ])
  })

  test('adding a form field to a section', () => {
    expect(diff({ op: 'addFormField', section: 1, field: 'regionName' })).toEqual([
      '-        "fields": ["contactName", "contactPhone", "regionCode", "address", "remark"]',
      '+        "fields": ["contactName", "contactPhone", "regionCode", "address", "remark", "regionName"]',
    ])
  })

  test('renaming a text in one language', () => {
    expect(
      diff({ op: 'setText', key: 'wmdm.warehouse.field.address', language: 'en_US', text: 'Street address' }),
    ).toEqual([
      '-    "wmdm.warehouse.field.address": { "zh_CN": "地址", "en_US": "Address", "zh_TW": "地址" },',
      '+    "wmdm.warehouse.field.address": { "zh_CN": "地址", "en_US": "Street address", "zh_TW": "地址" },',
    ])
  })

  test('setting and removing a property', () => {
    expect(diff({ op: 'set', pointer: '/table/columns/4/width', value: 160 })).toEqual([
      '-      { "field": "regionName", "width": 120 },',
      '+      { "field": "regionName", "width": 160 },',
    ])
    expect(diff({ op: 'set', pointer: '/table/columns/1/ellipsis', value: undefined })).toEqual([
      '-      { "field": "warehouseName", "width": 200, "sortable": true, "ellipsis": true },',
      '+      { "field": "warehouseName", "width": 200, "sortable": true },',
    ])
  })

  test('a line grown past 110 characters breaks as prettier breaks it', () => {
    expect(diff({ op: 'set', pointer: '/table/columns/0/align', value: 'center' })).toEqual([
      '-      { "field": "warehouseCode", "width": 160, "fixed": "left", "sortable": true, "filter": "string" },',
      '+      {',
      '+        "field": "warehouseCode",',
      '+        "width": 160,',
      '+        "fixed": "left",',
      '+        "sortable": true,',
      '+        "filter": "string",',
      '+        "align": "center"',
      '+      },',
    ])
  })

  test('refuses what does not fit, saying what to do', () => {
    expect(() => applyPageEdit(text, { op: 'addColumn', field: 'warehouseCode' }, { model })).toThrow(
      /already a column: move it instead/,
    )
    expect(() => applyPageEdit(text, { op: 'addColumn', field: 'nope' }, { model })).toThrow(PageEditError)
    expect(() => applyPageEdit(text, { op: 'move', list: '/table/columns', from: 0, to: 99 })).toThrow(
      /move within 0–9/,
    )
  })
})

test('every edit leaves a file prettier --check accepts', async () => {
  const edits: PageEdit[] = [
    { op: 'move', list: '/table/columns', from: 0, to: 9 },
    { op: 'addColumn', field: 'managerName' },
    { op: 'addSearchField', field: 'managerName' },
    { op: 'addFormField', section: 2, field: 'managerName' },
    { op: 'setText', key: 'wmdm.warehouse.title', language: 'zh_TW', text: '倉庫'.repeat(30) },
    { op: 'set', pointer: '/table/columns/0/align', value: 'center' },
    { op: 'remove', list: '/form/sections/2/fields', index: 0 },
  ]
  let current = text
  for (const edit of edits) {
    current = applyPageEdit(current, edit, { model: grown })
    expect(await format(current, { parser: 'json', printWidth: 110 })).toBe(current)
  }
})

describe('page document history', () => {
  test('undo and redo walk the versions; a new edit drops redo', () => {
    let doc = openPageDocument(FILE, text)
    doc = editPageDocument(doc, { op: 'move', list: '/search/fields', from: 0, to: 1 })
    doc = editPageDocument(doc, { op: 'set', pointer: '/search/rows', value: 2 })
    expect(isDirty(doc)).toBe(true)
    doc = undoPageDocument(undoPageDocument(doc))
    expect(currentText(doc)).toBe(text)
    expect(isDirty(doc)).toBe(false)
    doc = redoPageDocument(doc)
    expect(changedLines(text, currentText(doc))).toHaveLength(2)
    doc = editPageDocument(doc, { op: 'set', pointer: '/search/columns', value: 3 })
    expect(canRedo(doc)).toBe(false)
    expect(currentText(doc)).toContain('"columns": 3')
    expect(currentText(doc)).not.toContain('"rows": 2')
  })
})
