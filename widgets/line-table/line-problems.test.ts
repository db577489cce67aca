import { expect, test } from 'vitest'
import { createTexts } from '../../renderer/index'
import {
  lineValue,
  refusedRows,
  rowProblems,
  startEntries,
  tableProblem,
  type ResolvedLineTable,
} from './line-problems'

const spec: ResolvedLineTable = {
  path: '/v1/{tenantId}/inbound-orders/{inboundOrderId}/receive-lines',
  rowKey: 'inboundLineId',
  columns: [{ field: 'lineNum', label: 'Line' }],
  inputs: [
    { field: 'quantity', label: 'Quantity', widget: 'InputNumber', min: 0.001, max: 'openQuantity' },
    { field: 'batchCode', label: 'Batch', widget: 'Input', fromLine: 'batchCode', required: 'batchManaged' },
    { field: 'serialNumbers', label: 'Serials', widget: 'TextArea', list: true },
  ],
}
const lines = [
  { inboundLineId: 1, lineNum: 1, openQuantity: 5, batchCode: 'B1', batchManaged: true },
  { inboundLineId: 2, lineNum: 2, openQuantity: 2, batchCode: null, batchManaged: true },
  { inboundLineId: 3, lineNum: 3, openQuantity: null, batchCode: null, batchManaged: false },
]
const t = createTexts(
  { user: { language: 'en_US' }, t: (_key: string, fallback: string) => fallback } as never,
  {},
)

test('only rows with an own input filled are sent; started values alone do not send a row', () => {
  const entries = startEntries(spec, lines)
  expect(entries['1']).toEqual({ batchCode: 'B1' })
  expect(lineValue(spec, lines, entries)).toEqual([])
  const typed = { ...entries, '2': { quantity: 2, batchCode: ' B2 ' }, '3': { serialNumbers: 'S1\nS2, S3' } }
  expect(lineValue(spec, lines, typed)).toEqual([
    { inboundLineId: 2, quantity: 2, batchCode: 'B2' },
    { inboundLineId: 3, serialNumbers: ['S1', 'S2', 'S3'] },
  ])
})

test('rows are checked against their own line: max from a line field, required by a line flag', () => {
  const entries = { '1': { quantity: 6, batchCode: 'B1' }, '2': { quantity: 0 }, '3': { quantity: 99 } }
  expect(rowProblems(spec, lines, entries, t)).toEqual({
    '1': { quantity: 'enter at most 5 for Quantity' },
    '2': { quantity: 'enter at least 0.001 for Quantity', batchCode: 'enter Batch' },
  })
  expect(tableProblem(spec, lines, entries, t)).toBe(
    'Line 1: enter at most 5 for Quantity Line 2: enter at least 0.001 for Quantity; enter Batch',
  )
  expect(tableProblem(spec, lines, startEntries(spec, lines), t)).toBe('Enter Quantity on at least one line.')
  expect(tableProblem(spec, [], {}, t)).toBeUndefined()
})

test("a server's refusal lands on the row of the element it names", () => {
  const sent = [{ inboundLineId: 2 }, { inboundLineId: 3 }]
  expect(
    refusedRows(spec, 'lines', sent, {
      'lines[1].quantity': 'at most 1',
      '/lines/0/batchCode': 'required for batch-tracked goods',
      'lines[0]': 'inboundLineId missing',
      'lines[7].quantity': 'no such element',
      quantity: 'not a line',
    }),
  ).toEqual({
    '3': { quantity: 'at most 1' },
    '2': { batchCode: 'required for batch-tracked goods', quantity: 'inboundLineId missing' },
  })
})
