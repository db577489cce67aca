import { describe, expect, test } from 'vitest'
import { applyFrame } from './notice-counter'

const frame = (tenantId: number, number: number, key = 'hzero-web') => ({
  key,
  type: 'U' as const,
  message: JSON.stringify({ tenantId, number }),
})

describe('notice counter', () => {
  test('PLAT-SOCK-10: changes only for tenant 0 or the current tenant', () => {
    expect(applyFrame(2, frame(1, 1), 1)).toEqual({ count: 3, newMessage: true })
    expect(applyFrame(2, frame(0, 1), 1)).toEqual({ count: 3, newMessage: true })
    expect(applyFrame(2, frame(2, 1), 1)).toEqual({ count: 2, newMessage: false })
  })
  test('PLAT-SOCK-11/12 (X-25: number is a delta): never below 0', () => {
    expect(applyFrame(3, frame(1, -2), 1)).toEqual({ count: 1, newMessage: false })
    expect(applyFrame(1, frame(1, -5), 1)).toEqual({ count: 0, newMessage: false })
  })
  test('PLAT-SOCK-13: a new message only when number is above 0', () => {
    expect(applyFrame(0, frame(1, 0), 1).newMessage).toBe(false)
    expect(applyFrame(0, frame(1, 2), 1)).toEqual({ count: 2, newMessage: true })
  })
  test('other keys and unreadable messages leave the counter alone', () => {
    expect(applyFrame(4, frame(1, 1, 'other'), 1).count).toBe(4)
    expect(applyFrame(4, { key: 'hzero-web', message: 'oops' }, 1).count).toBe(4)
  })
})
