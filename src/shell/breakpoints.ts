/**
 * The platform's breakpoints (PLAT-SHELL-15) and mobile mode (PLAT-SHELL-05): at widths up to 767 px the
 * side menu becomes a drawer and the content is Fluid.
 */
import { useEffect, useState } from 'react'

export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl'

/** Lower bound of each breakpoint in px: xs ≤ 575, sm 576–767, md 768–991, lg 992–1199, xl 1200–1599, xxl 1600+. */
export const BREAKPOINTS: Record<Breakpoint, number> = {
  xs: 0,
  sm: 576,
  md: 768,
  lg: 992,
  xl: 1200,
  xxl: 1600,
}

/** The widest width that is still mobile. */
export const MOBILE_MAX_WIDTH = 767

export function breakpointOf(width: number): Breakpoint {
  const order: Breakpoint[] = ['xxl', 'xl', 'lg', 'md', 'sm']
  return order.find((bp) => width >= BREAKPOINTS[bp]) ?? 'xs'
}

export const isMobileWidth = (width: number) => width <= MOBILE_MAX_WIDTH

/** True while the window is at most `max` px wide; follows resizes. */
function useMaxWidth(max: number): boolean {
  const query = `(max-width: ${max}px)`
  const read = () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : window.innerWidth <= max
  const [narrow, setNarrow] = useState(read)
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return
    const list = window.matchMedia(query)
    const onChange = () => setNarrow(list.matches)
    list.addEventListener('change', onChange)
    onChange()
    return () => list.removeEventListener('change', onChange)
  }, [query])
  return narrow
}

/** True while the window is at most 767 px wide; follows resizes. */
export const useIsMobile = (): boolean => useMaxWidth(MOBILE_MAX_WIDTH)

/**
 * True at a handheld's width (xs, ≤ 575 px: a scanner of 360–480 px): the header keeps its buttons as icons
 * only, so nothing is wider than the screen.
 */
export const useIsHandheld = (): boolean => useMaxWidth(BREAKPOINTS.sm - 1)
