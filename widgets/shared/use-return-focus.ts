import { useEffect, useState } from 'react'

/**
 * For a drawer or dialog that is mounted while open and unmounted to close: gives the focus back, when it goes,
 * to what had it before it opened (the button that opened it), so a keyboard user goes on from where they were
 * instead of from the top of the page.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  )
  useEffect(
    () => () => {
      // after the unmount has removed the drawer (and its focus trap) from the page
      setTimeout(() => {
        const focus = document.activeElement
        const lost = !focus || focus === document.body || !focus.isConnected
        if (lost && opener?.isConnected && opener !== document.body) opener.focus({ preventScroll: true })
      })
    },
    [opener],
  )
}
