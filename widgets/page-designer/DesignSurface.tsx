import { useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { DESIGN_POINTER, DesignModeContext } from '../../renderer/index'

export interface DesignSurfaceProps {
  /** The design mark (entry pointer) of the selected element, outlined on the page. */
  selectedMark?: string
  /** A marked element was clicked: its mark. */
  onPick(mark: string): void
  /** Accessible name of the region. */
  label: string
  /** The designed page file: its widgets (not those of pages nested in it) mark their elements. */
  file: string
  children: ReactNode
}

interface Box {
  mark: string
  top: number
  left: number
  width: number
  height: number
}

const markedElement = (target: EventTarget | null, root: HTMLElement | null) => {
  const element = target instanceof Element ? target.closest(`[${DESIGN_POINTER}]`) : null
  return element && root?.contains(element) ? element : null
}

/** Every element of `root` marked `mark` (a column's header may be drawn twice by a fixed-header table). */
const elementsMarked = (root: HTMLElement, mark: string) =>
  [...root.querySelectorAll(`[${DESIGN_POINTER}]`)].filter((e) => e.getAttribute(DESIGN_POINTER) === mark)

/**
 * The page as it renders, in design mode (its widgets mark each element with its entry's pointer): hovering a
 * marked element outlines it, clicking it selects it instead of acting (a button does not run, a header does not
 * sort), and the selected element stays outlined. The outlines are boxes drawn over the page, so the page's own
 * DOM is not changed.
 */
export function DesignSurface({ selectedMark, onPick, label, file, children }: DesignSurfaceProps) {
  const root = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const [hover, setHover] = useState<Box>()
  const [selected, setSelected] = useState<Box>()
  const boxOf = (element: Element, mark: string): Box | undefined => {
    const outer = root.current?.getBoundingClientRect()
    if (!outer || !root.current) return undefined
    const rect = element.getBoundingClientRect()
    return {
      mark,
      top: rect.top - outer.top + root.current.scrollTop,
      left: rect.left - outer.left + root.current.scrollLeft,
      width: rect.width,
      height: rect.height,
    }
  }
  // The page renders in steps (widgets load, rows arrive): the selected box follows it.
  useLayoutEffect(() => {
    const container = content.current
    if (!container) return
    const place = () => {
      const element = selectedMark ? elementsMarked(container, selectedMark)[0] : undefined
      const box = element && selectedMark ? boxOf(element, selectedMark) : undefined
      setSelected((old) => (JSON.stringify(old) === JSON.stringify(box) ? old : box))
    }
    place()
    const observer = new MutationObserver(place)
    observer.observe(container, { subtree: true, childList: true, attributes: true })
    return () => observer.disconnect()
  }, [selectedMark])

  const pick = (event: MouseEvent) => {
    const element = markedElement(event.target, root.current)
    if (!element) return
    event.preventDefault()
    event.stopPropagation()
    onPick(element.getAttribute(DESIGN_POINTER)!)
  }
  const hovering = (event: MouseEvent) => {
    const element = markedElement(event.target, root.current)
    const mark = element?.getAttribute(DESIGN_POINTER)
    if (!element || !mark) return setHover(undefined)
    if (hover?.mark !== mark) setHover(boxOf(element, mark))
  }
  return (
    <div
      ref={root}
      role="region"
      aria-label={label}
      className="wms-design-surface"
      style={{ position: 'relative', overflow: 'auto', minHeight: 480 }}
      onClickCapture={pick}
      onMouseOver={hovering}
      onMouseLeave={() => setHover(undefined)}
    >
      {/* the overlays are outside the observed content: drawing them does not move the selected box again */}
      <div ref={content}>
        <DesignModeContext.Provider value={file}>{children}</DesignModeContext.Provider>
      </div>
      {hover && hover.mark !== selected?.mark ? <Outline box={hover} kind="hover" /> : null}
      {selected ? <Outline box={selected} kind="selected" /> : null}
    </div>
  )
}

function Outline({ box, kind }: { box: Box; kind: 'hover' | 'selected' }) {
  return (
    <div
      aria-hidden
      data-design-outline={kind}
      data-design-for={box.mark}
      style={{
        position: 'absolute',
        top: box.top - 2,
        left: box.left - 2,
        width: box.width + 4,
        height: box.height + 4,
        pointerEvents: 'none',
        border: `2px ${kind === 'hover' ? 'dashed' : 'solid'} #2f54eb`,
        borderRadius: 4,
        background: kind === 'selected' ? 'rgba(47, 84, 235, 0.06)' : undefined,
        zIndex: 10,
      }}
    />
  )
}
