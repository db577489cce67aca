import { expect, test } from 'vitest'
import { stripArrayIndex } from './strip-array-index'

test("Formily's array row index never reaches the server", () => {
  const values = {
    orderNum: 'JXS1',
    lines: [
      { __DO_NOT_USE_THIS_PROPERTY_index__: 0, itemCode: 'A', qty: 1 },
      { __DO_NOT_USE_THIS_PROPERTY_index__: 1, itemCode: 'B', qty: 2 },
    ],
  }
  expect(stripArrayIndex(values)).toEqual({
    orderNum: 'JXS1',
    lines: [
      { itemCode: 'A', qty: 1 },
      { itemCode: 'B', qty: 2 },
    ],
  })
})
