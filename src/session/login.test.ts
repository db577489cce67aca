import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentDeviceKind, loginUrl } from './login'

/** The sign-in address declares the device kind (server/modules/oauth/devices.ts): handheld at a scanner's width. */
function widthQueryMatches(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: matches && query === '(max-width: 575px)', media: query })),
  )
}

describe('the sign-in address names the device kind', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('adds device=handheld at a handheld width, nothing on a desk', () => {
    widthQueryMatches(true)
    expect(currentDeviceKind()).toBe('handheld')
    expect(new URL(loginUrl('http://localhost/'), 'http://x').searchParams.get('device')).toBe('handheld')
    widthQueryMatches(false)
    expect(currentDeviceKind()).toBe('desk')
    expect(new URL(loginUrl('http://localhost/'), 'http://x').searchParams.has('device')).toBe(false)
  })
})
