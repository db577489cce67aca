/**
 * The scan station's state machine: location, goods, quantity per line in walking order; a wrong scan stays on
 * its step with an error saying what was expected; the accepted scans are what the confirmation sends.
 */
import { describe, expect, test } from 'vitest'
import { isDone, leftOf, scan, startScan, type ScanLine, type ScanState } from './scan-machine'

const lines: ScanLine[] = [
  { key: 11, location: 'A03-02', codes: ['6900000000011', 'SOAP'], quantity: 4, title: 'Soap' },
  { key: 12, location: 'A03-02', codes: ['', 'BRUSH'], quantity: 1, title: 'Brush' },
  { key: 13, location: 'B01-01', codes: ['6900000000028', 'CUP'], quantity: 2, title: 'Cup' },
]

const run = (state: ScanState, ...inputs: string[]) => inputs.reduce(scan, state)

describe('scan machine', () => {
  test('walks location → goods → quantity per line; the next line at the same location skips the location', () => {
    let state = startScan(lines)
    expect(state.step).toBe('location')
    state = run(state, 'a03-02')
    expect([state.step, state.feedback]).toEqual([
      'goods',
      { tone: 'ok', text: 'scan.ok.location', vars: { location: 'A03-02' } },
    ])
    state = run(state, '6900000000011')
    expect([state.step, leftOf(state)]).toEqual(['quantity', 4])
    state = run(state, '4')
    expect([state.index, state.step, state.feedback?.text]).toEqual([1, 'goods', 'scan.ok.line'])
    state = run(state, 'BRUSH', '1')
    expect([state.index, state.step]).toEqual([2, 'location'])
    state = run(state, 'B01-01', 'CUP', '2')
    expect(isDone(state)).toBe(true)
    expect(state.feedback).toEqual({ tone: 'ok', text: 'scan.ok.done', vars: { lines: 3 } })
    expect(state.scans).toEqual([
      { key: 11, locationCode: 'A03-02', barcode: '6900000000011', quantity: 4 },
      { key: 12, locationCode: 'A03-02', barcode: 'BRUSH', quantity: 1 },
      { key: 13, locationCode: 'B01-01', barcode: 'CUP', quantity: 2 },
    ])
  })

  test('a wrong location stays on the location step and names the expected one', () => {
    const state = run(startScan(lines), 'B01-01')
    expect(state.step).toBe('location')
    expect(state.feedback).toEqual({
      tone: 'error',
      text: 'scan.error.location',
      vars: { scanned: 'B01-01', expected: 'A03-02' },
    })
    expect(state.scans).toEqual([])
  })

  test('wrong goods stay on the goods step and name the goods codes expected', () => {
    const state = run(startScan(lines), 'A03-02', '6900000000028')
    expect(state.step).toBe('goods')
    expect(state.feedback).toEqual({
      tone: 'error',
      text: 'scan.error.goods',
      vars: { scanned: '6900000000028', expected: '6900000000011 / SOAP', title: 'Soap' },
    })
  })

  test('more than is left, or no number, is refused; a part stays on the line for the rest', () => {
    let state = run(startScan(lines), 'A03-02', 'SOAP', '5')
    expect([state.step, state.feedback?.text, state.feedback?.vars]).toEqual([
      'quantity',
      'scan.error.over',
      { scanned: 5, left: 4 },
    ])
    state = run(state, 'abc')
    expect(state.feedback?.text).toBe('scan.error.quantity')
    state = run(state, '-1')
    expect(state.feedback?.text).toBe('scan.error.quantity')
    state = run(state, '3')
    expect([state.index, state.step, leftOf(state), state.feedback?.text]).toEqual([
      0,
      'goods',
      1,
      'scan.ok.partial',
    ])
    state = run(state, 'SOAP', '2')
    expect(state.feedback).toMatchObject({ tone: 'error', text: 'scan.error.over', vars: { left: 1 } })
    state = run(state, '1')
    expect(state.index).toBe(1)
    expect(state.scans.filter((s) => s.key === 11).map((s) => s.quantity)).toEqual([3, 1])
  })

  test('an empty scan and a scan after the last line are errors that change nothing', () => {
    expect(run(startScan(lines), '  ').feedback?.text).toBe('scan.error.empty')
    const done = run(startScan(lines.slice(0, 1)), 'A03-02', 'SOAP', '4')
    expect(isDone(done)).toBe(true)
    const after = run(done, 'SOAP')
    expect([after.feedback?.text, after.scans]).toEqual(['scan.error.done', done.scans])
  })

  test('without a quantity step each goods scan counts one; without a location step goods come first', () => {
    let state = startScan(lines.slice(2), ['goods'])
    expect(state.step).toBe('goods')
    state = run(state, 'CUP')
    expect([state.counted, state.feedback?.text]).toEqual([[1], 'scan.ok.partial'])
    state = run(state, '6900000000028')
    expect(isDone(state)).toBe(true)
    expect(state.scans.map((s) => s.quantity)).toEqual([1, 1])
  })

  test("steps run in the page's order: put-away scans goods, then any location (the server checks it), then quantity", () => {
    let state = startScan(lines.slice(0, 1), ['goods', 'location', 'quantity'], { anyLocation: true })
    expect(state.step).toBe('goods')
    state = run(state, 'A03-02')
    expect(state.feedback?.text).toBe('scan.error.goods')
    state = run(state, 'SOAP', 'C09-09')
    expect([state.step, state.feedback?.vars]).toEqual(['quantity', { location: 'C09-09' }])
    state = run(state, '1')
    // the rest of the line: goods and location again
    expect([state.step, leftOf(state)]).toEqual(['goods', 3])
    state = run(state, 'SOAP', 'A03-02', '3')
    expect(isDone(state)).toBe(true)
    expect(state.scans.map((s) => [s.locationCode, s.quantity])).toEqual([
      ['C09-09', 1],
      ['A03-02', 3],
    ])
  })

  test('a lot step takes the lot scanned and is skipped on a line without lot', () => {
    const receipt: ScanLine[] = [
      { key: 1, location: '', codes: ['SOAP'], quantity: 5, title: 'Soap', lot: false },
      { key: 2, location: '', codes: ['CUP'], quantity: 2, title: 'Cup', lot: true },
    ]
    let state = run(startScan(receipt, ['goods', 'lot', 'quantity']), 'SOAP')
    expect(state.step).toBe('quantity')
    state = run(state, '5', 'CUP')
    expect(state.step).toBe('lot')
    state = run(state, 'L-7')
    expect([state.step, state.feedback?.text]).toEqual(['quantity', 'scan.ok.lot'])
    state = run(state, '2')
    expect(isDone(state)).toBe(true)
    expect(state.scans).toEqual([
      { key: 1, locationCode: '', barcode: 'SOAP', quantity: 5 },
      { key: 2, locationCode: '', barcode: 'CUP', lotCode: 'L-7', quantity: 2 },
    ])
  })

  test('counting takes the quantity found once per line: 0 or more, whatever the book says', () => {
    let state = startScan(lines.slice(0, 2), ['location', 'goods', 'quantity'], { counting: true })
    state = run(state, 'A03-02', 'SOAP', '-1')
    expect(state.feedback?.text).toBe('scan.error.quantity')
    state = run(state, '9')
    expect([state.index, state.step]).toEqual([1, 'goods'])
    state = run(state, 'BRUSH', '0')
    expect(isDone(state)).toBe(true)
    expect(state.scans.map((s) => [s.key, s.quantity])).toEqual([
      [11, 9],
      [12, 0],
    ])
  })

  test('goods first: the goods of another unfinished line start that line; then the next unfinished one', () => {
    const receipt: ScanLine[] = [
      { key: 1, location: '', codes: ['SOAP'], quantity: 2, title: 'Soap' },
      { key: 2, location: '', codes: ['CUP'], quantity: 1, title: 'Cup' },
      { key: 3, location: '', codes: ['BRUSH'], quantity: 1, title: 'Brush' },
    ]
    let state = run(startScan(receipt, ['goods', 'quantity']), 'CUP')
    expect([state.index, state.step]).toEqual([1, 'quantity'])
    state = run(state, '1')
    // the line after the cup still open is the brush, then the soap again
    expect(state.index).toBe(2)
    state = run(state, 'SOAP', '1')
    expect([state.index, leftOf(state)]).toEqual([0, 1])
    state = run(state, 'BRUSH', '1', 'SOAP', '1')
    expect(isDone(state)).toBe(true)
    expect(state.scans.map((s) => [s.key, s.quantity])).toEqual([
      [2, 1],
      [1, 1],
      [3, 1],
      [1, 1],
    ])
    // a finished line's goods are wrong goods
    const finished = run(startScan(receipt, ['goods', 'quantity']), 'CUP', '1', 'CUP')
    expect(finished.feedback?.text).toBe('scan.error.goods')
  })
})
