/**
 * The schema language's action dialogs and fixed data-source filters: what a page file may declare, and the
 * mistakes the validator and the cross-check report with what to write instead.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import lineModel from '../../schemas/models/wms/inbound-order-line.model.json'
import { crossIssues } from './cross-check'
import { formatIssue } from './issue'
import type { ModelSchema } from './model'
import type { PageSchema } from './page'
import { validatePage } from './validate'

const file = 'schemas/pages/winv/inbound-order-line.page.json'
const source = readFileSync(file, 'utf8')
const widgetNames = ['Input', 'TextArea', 'InputNumber', 'Select', 'Lov', 'DatePicker']
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures are changed freely
type Json = Record<string, any>
const good = (): Json => JSON.parse(source) as Json
const receive = (page: Json): Json => page.table.rowActions.find((a: Json) => a.name === 'receive') as Json

function messages(change: (page: Json) => void): string[] {
  const page = good()
  change(page)
  return validatePage(page, { file, source: JSON.stringify(page, null, 2), widgetNames }).issues.map(
    (issue) => formatIssue(issue).replace(/^\S+ /, ''),
  )
}

const cross = (change: (page: Json) => void) => {
  const page = good()
  change(page)
  return crossIssues(page as PageSchema, {
    models: new Map([['wms/inbound-order-line', lineModel as ModelSchema]]),
    routes: new Set(),
    lookupCodes: new Set(['WINV.RECEIPT_TYPE']),
    lovCodes: new Set(['WMDM.WAREHOUSE']),
  }).map((issue) => `${issue.pointer}: ${issue.message}`)
}

describe('action dialogs', () => {
  it('accepts the inbound line page: receive asks for quantity, batch, lot dates and serial numbers', () => {
    expect(messages(() => undefined)).toEqual([])
    expect(cross(() => undefined)).toEqual([])
    expect(Object.keys(receive(good()).dialog.fields)).toEqual([
      'quantity',
      'batchCode',
      'productionDate',
      'expiryDate',
      'serialNumbers',
    ])
  })

  it('refuses a dialog on an action type that sends no body of its own', () => {
    const [message] = messages((p) => {
      p.table.rowActions[0].dialog = receive(p).dialog
    })
    expect(message).toMatch(/\/table\/rowActions\/0\/dialog: unknown property 'dialog'/)
  })

  it('reports dialog options naming fields the dialog does not have, and a list of a non-text field', () => {
    const result = messages((p) => {
      const dialog = receive(p).dialog
      dialog.lists = ['serialNumber', 'quantity']
      dialog.fromRow = { batch: 'batchCode' }
      dialog.sections = [{ title: 'winv.inboundOrderLine.dialog.receive', fields: ['quantity', 'qty'] }]
    })
    const at = '/table/rowActions/1/dialog'
    expect(result).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          `${at}/sections/0/fields/1: form section names the field 'qty', which is not in ${at}/fields`,
        ),
        expect.stringContaining(
          `${at}/lists/0: lists names 'serialNumber', which is not a field of the dialog (did you mean 'serialNumbers'?)`,
        ),
        expect.stringContaining(
          `${at}/lists/1: 'quantity' is a InputNumber: only Input and TextArea text is split into a list`,
        ),
        expect.stringContaining(
          `${at}/fromRow/batch: fromRow names 'batch', which is not a field of the dialog`,
        ),
      ]),
    )
    expect(result).toHaveLength(4)
  })

  it('checks the dialog fields like page fields: widgets, text keys, value bounds, Lov views', () => {
    const result = messages((p) => {
      const fields = receive(p).dialog.fields
      fields.quantity.widget = 'InputNumbr'
      fields.quantity.label = 'winv.inboundOrderLine.dialog.qty'
      fields.batchCode.widget = 'Lov'
    })
    expect(result).toEqual(
      expect.arrayContaining([
        expect.stringContaining("/dialog/fields/quantity/widget: unknown widget 'InputNumbr'"),
        expect.stringContaining(
          "/dialog/fields/quantity/label: text key 'winv.inboundOrderLine.dialog.qty' is not defined",
        ),
        expect.stringContaining('/dialog/fields/batchCode/widget: a Lov field needs "lovCode"'),
      ]),
    )
    expect(messages((p) => (receive(p).dialog.fields.quantity.min = 'one'))).toEqual([
      "/table/rowActions/1/dialog/fields/quantity/min: min must be number, not 'one'",
    ])
  })

  it('refuses a row field sent that is also a dialog field, and row options on a toolbar action', () => {
    const result = messages((p) => {
      receive(p).dialog.send = ['inboundLineId', 'batchCode']
      p.toolbar.actions.push({
        type: 'action',
        name: 'bulk',
        label: 'winv.inboundOrderLine.action.receive',
        path: '/v1/{tenantId}/inbound-orders/receive',
        permission: 'winv.inboundOrder.button.receive',
        dialog: { fields: {}, send: ['inboundLineId'] },
      })
    })
    expect(result).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          "/table/rowActions/1/dialog/send/1: 'batchCode' is both a dialog field and a row field sent",
        ),
        expect.stringContaining('/toolbar/actions/1/dialog/fields: a dialog needs at least one field'),
        expect.stringContaining(
          '/toolbar/actions/1/dialog/send: "send" reads the row, and a toolbar action has none',
        ),
      ]),
    )
  })

  it('cross-checks the row fields a dialog sends or reads, and its value sets and Lov views', () => {
    expect(
      cross((p) => {
        const dialog = receive(p).dialog
        dialog.send = ['inboundLineID']
        dialog.fromRow = { batchCode: 'batch' }
        dialog.fields.reason = { label: 'x', widget: 'Select', lookupCode: 'WINV.RETURN_REASN' }
      }),
    ).toEqual([
      "/table/rowActions/1/dialog/fields/reason/lookupCode: value set 'WINV.RETURN_REASN' is not in server/seed/data/lookups.json",
      "/table/rowActions/1/dialog/send/0: row field 'inboundLineID' is not in the model wms/inbound-order-line",
      "/table/rowActions/1/dialog/fromRow/batchCode: row field 'batch' is not in the model wms/inbound-order-line",
    ])
  })
})

describe('line tables in a dialog (LineTable fields)', () => {
  const table = (): Json => ({
    label: 'winv.inboundOrderLine.dialog.quantity',
    widget: 'LineTable',
    lines: {
      path: '/v1/{tenantId}/inbound-orders/{inboundOrderId}/receive-lines',
      rowKey: 'inboundLineId',
      columns: [{ field: 'lineNum', label: 'winv.inboundOrderLine.field.lineNum' }],
      inputs: [
        {
          field: 'quantity',
          label: 'winv.inboundOrderLine.dialog.quantity',
          widget: 'InputNumber',
          precision: 'warehouse',
          min: 0.001,
          max: 'openQuantity',
        },
      ],
    },
  })
  const widgets = [...widgetNames, 'LineTable']
  const check = (change: (field: Json) => void) => {
    const page = good()
    const dialog = receive(page).dialog
    const field = table()
    change(field)
    Object.assign(dialog, { fields: { lines: field }, send: [] })
    for (const key of ['fromRow', 'lists', 'wrap']) delete dialog[key]
    return validatePage(page, {
      file,
      source: JSON.stringify(page, null, 2),
      widgetNames: widgets,
    }).issues.map((issue) => formatIssue(issue).replace(/^\S+ /, ''))
  }

  it('accepts a line table with its path, row key, columns and inputs', () => {
    expect(check(() => undefined)).toEqual([])
  })

  it('refuses a LineTable without lines, lines on another widget, and options of the wrong input kind', () => {
    expect(check((f) => delete f.lines)).toEqual([
      expect.stringMatching(/fields\/lines\/widget: a LineTable field needs "lines"/),
    ])
    expect(check((f) => (f.widget = 'Input'))).toEqual([
      expect.stringMatching(/fields\/lines\/lines: "lines" belongs to LineTable fields, not Input/),
    ])
    expect(
      check((f) => {
        f.lines.inputs.push({
          field: 'quantity',
          label: 'winv.inboundOrderLine.field.batchCode',
          widget: 'Input',
          max: 3,
        })
      }),
    ).toEqual([
      expect.stringMatching(/inputs\/1\/field: the input 'quantity' appears twice/),
      expect.stringMatching(/inputs\/1\/max: "max" belongs to InputNumber inputs, not Input/),
    ])
  })

  it('refuses an unknown option and a path that is not a service path, naming the place', () => {
    const result = check((f) => {
      f.lines.path = 'inbound-orders/{inboundOrderId}/receive-lines'
      f.lines.inputs[0].maximum = 5
    })
    expect(result.join('\n')).toMatch(/\/lines\/path/)
    expect(result.join('\n')).toMatch(/inputs\/0.*maximum/)
  })
})

describe('fixed filters of a data source (dataSource.params)', () => {
  it('accepts a searchable model field and a scalar value', () => {
    expect(messages((p) => (p.dataSource.params = { warehouseId: 1 }))).toEqual([])
    expect(cross((p) => (p.dataSource.params = { warehouseId: 1 }))).toEqual([])
  })

  it('refuses a value that is not a scalar, a field the model does not search and one it does not have', () => {
    expect(messages((p) => (p.dataSource.params = { warehouseId: [1, 2] }))).toEqual([
      expect.stringContaining('/dataSource/params/warehouseId'),
    ])
    expect(cross((p) => (p.dataSource.params = { quantity: 5, orderType: 'ECO' }))).toEqual([
      "/dataSource/params/quantity: the model does not search by 'quantity': the fixed filter would be ignored",
      "/dataSource/params/orderType: fixed filter 'orderType' is not a field of the model wms/inbound-order-line",
    ])
  })
})
