/**
 * The expiry step of scan receiving (issue 19): asked only on a line whose goods track expiry, a scanned or
 * typed date (YYYY-MM-DD or YYYYMMDD) is sent with the line's scan; anything else stays on the step in red.
 */
import { expect, test } from 'vitest'
import { scan, startScan, type ScanLine, type ScanState } from './scan-machine'

const lines: ScanLine[] = [
  { key: 1, location: '', codes: ['MILK'], quantity: 2, title: 'Milk', lot: true, expiry: true },
  { key: 2, location: '', codes: ['SOAP'], quantity: 1, title: 'Soap', lot: false, expiry: false },
]
const run = (state: ScanState, ...inputs: string[]) => inputs.reduce(scan, state)

test('asks the expiry date only where the goods track expiry, and sends it with the scan', () => {
  let state = run(startScan(lines, ['goods', 'lot', 'expiry', 'quantity']), 'MILK', 'L1')
  expect(state.step).toBe('expiry')
  state = run(state, '2027-02-30')
  expect([state.step, state.feedback]).toEqual([
    'expiry',
    { tone: 'error', text: 'scan.error.expiry', vars: { scanned: '2027-02-30' } },
  ])
  state = run(state, '20270228', '2')
  // soap takes neither lot nor expiry: goods, then quantity
  expect(state.step).toBe('goods')
  state = run(state, 'SOAP')
  expect(state.step).toBe('quantity')
  state = run(state, '1')
  expect(state.scans).toEqual([
    { key: 1, locationCode: '', barcode: 'MILK', lotCode: 'L1', expiryDate: '2027-02-28', quantity: 2 },
    { key: 2, locationCode: '', barcode: 'SOAP', quantity: 1 },
  ])
})
