import { useEffect, useState, type RefObject } from 'react'

/** Table height is recalculated this long after window resizing stops (CORE-TBL-11). */
export const TABLE_RESIZE_DELAY_MS = 150
/** Room kept under the table body for its header, pagination and the page's padding. */
const RESERVED_PX = 160
const MIN_HEIGHT_PX = 240

/** The body height that fills the window below the table's top edge. */
export function tableBodyHeight(top: number, windowHeight: number): number {
  return Math.max(MIN_HEIGHT_PX, Math.round(windowHeight - top - RESERVED_PX))
}

/**
 * The scroll height of a table body: measured on mount, then again 150 ms after the last resize event, so a
 * window being dragged does not re-render the table on every frame.
 */
export function useTableHeight(ref: RefObject<HTMLElement | null>): number {
  const measure = () => tableBodyHeight(ref.current?.getBoundingClientRect().top ?? 0, window.innerHeight)
  const [height, setHeight] = useState(() => tableBodyHeight(0, window.innerHeight))
  useEffect(() => {
    setHeight(measure())
    let timer: ReturnType<typeof setTimeout> | undefined
    const onResize = () => {
      clearTimeout(timer)
      timer = setTimeout(() => setHeight(measure()), TABLE_RESIZE_DELAY_MS)
    }
    window.addEventListener('resize', onResize)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('resize', onResize)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measure reads the ref at call time
  }, [ref])
  return height
}
