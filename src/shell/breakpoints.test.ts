import { describe, expect, it } from 'vitest'
import { breakpointOf, isMobileWidth } from './breakpoints'

describe('breakpoints (PLAT-SHELL-15) and mobile mode (PLAT-SHELL-05)', () => {
  it.each([
    [0, 'xs'],
    [575, 'xs'],
    [576, 'sm'],
    [767, 'sm'],
    [768, 'md'],
    [991, 'md'],
    [992, 'lg'],
    [1199, 'lg'],
    [1200, 'xl'],
    [1599, 'xl'],
    [1600, 'xxl'],
  ])('%i px is %s', (width, breakpoint) => expect(breakpointOf(width)).toBe(breakpoint))

  it('mobile up to 767 px, not from 768 px', () => {
    expect(isMobileWidth(767)).toBe(true)
    expect(isMobileWidth(768)).toBe(false)
  })
})
