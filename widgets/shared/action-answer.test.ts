import { describe, expect, it, vi } from 'vitest'
import { createTexts, type PageAction } from '../../renderer/index'
import { answerVars, notifyActed } from './action-answer'

const t = createTexts(
  { t: (key: string, fallback?: string) => fallback ?? key, user: { language: 'en_US' } } as never,
  { 'test.connected': { en_US: 'Connected: {message} ({outcome})' } } as never,
)
const action = {
  type: 'action',
  name: 'test',
  path: '/v1/x',
  label: 'test.label',
  successMessage: 'test.connected',
} as Extract<PageAction, { type: 'action' }>
const notifier = () => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() })

describe("a server action's answer in its message", () => {
  it('fills the success text with the answer fields and leaves unknown placeholders visible', () => {
    const notify = notifier()
    notifyActed(notify, t, action, { ok: true, message: 'SSH-2.0-OpenSSH_9.2', outcome: 'CONNECTED' })
    expect(notify.success).toHaveBeenCalledWith('Connected: SSH-2.0-OpenSSH_9.2 (CONNECTED)')
    notifyActed(notify, t, action, { message: 'up' })
    expect(notify.success).toHaveBeenLastCalledWith('Connected: up ({outcome})')
    expect(notify.warning).not.toHaveBeenCalled()
  })

  it("shows a test that reached its target and failed as a warning with the server's reason, never a success", () => {
    const notify = notifier()
    notifyActed(notify, t, action, {
      ok: false,
      message: 'Connection refused by 10.0.0.9:22: check the port.',
    })
    expect(notify.warning).toHaveBeenCalledWith('Connection refused by 10.0.0.9:22: check the port.')
    expect(notify.success).not.toHaveBeenCalled()
  })

  it('takes only top-level text, numbers and yes/no from the answer', () => {
    expect(answerVars({ a: 'x', n: 2, b: false, nested: { c: 1 }, list: [1], none: null })).toEqual({
      a: 'x',
      n: 2,
      b: 'false',
    })
    expect(answerVars(undefined)).toEqual({})
    expect(answerVars([1, 2])).toEqual({})
  })
})
