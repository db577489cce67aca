import { describe, expect, it } from 'vitest'
import { addLine, batchOf, changeLine, isDirty, LINE_KEY, loadedLines, removeLine } from './line-changes'

const saved = loadedLines(
  [
    { lineId: 1, itemCode: 'A', quantity: 2, objectVersionNumber: 1 },
    { lineId: 2, itemCode: 'B', quantity: 5, objectVersionNumber: 3 },
  ],
  'lineId',
)

describe('line changes → one batch-save body with _status', () => {
  it('sends nothing while nothing changed', () => {
    expect(isDirty(saved)).toBe(false)
    expect(batchOf(saved, 'orderId', 7)).toEqual([])
  })

  it('marks new, changed and removed lines; new lines get the header id', () => {
    let state = addLine(saved, { itemCode: 'C', quantity: 1 })
    state = changeLine(state, { ...state.rows[0]!, quantity: 4 })
    state = removeLine(state, state.rows[1]!)
    expect(batchOf(state, 'orderId', 7)).toEqual([
      { lineId: 1, itemCode: 'A', quantity: 4, objectVersionNumber: 1, _status: 'update' },
      { itemCode: 'C', quantity: 1, _status: 'create', orderId: 7 },
      { lineId: 2, itemCode: 'B', quantity: 5, objectVersionNumber: 3, _status: 'delete' },
    ])
  })

  it('a new line edited stays a create; a new line removed is simply dropped', () => {
    let state = addLine(saved, { itemCode: 'C', quantity: 1 })
    const added = state.rows[2]!
    state = changeLine(state, { ...added, quantity: 9 })
    expect(state.rows[2]).toMatchObject({ quantity: 9, _status: 'create', [LINE_KEY]: added[LINE_KEY] })
    state = removeLine(state, state.rows[2]!)
    expect(batchOf(state, 'orderId', 7)).toEqual([])
  })
})
