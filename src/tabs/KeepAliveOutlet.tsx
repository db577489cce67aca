/**
 * A router outlet that keeps pages alive (PLAT-SHELL-12/13): each page shown under a key stays mounted,
 * hidden (HIDDEN_PAGE) until it is evicted (least recently shown beyond the cache's limit), its tab
 * closes, or a leave rule drops it. A page without a key (error pages) is shown plainly and not kept.
 */
import { useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react'
import { useLocation, useOutlet } from 'react-router-dom'
import {
  createPageShown,
  CurrentPage,
  PageActiveContext,
  PageAddressContext,
  PageShownContext,
  type PageAddress,
} from './kept-page'
import type { PageCache } from './page-cache'

/**
 * How a kept page is hidden. `content-visibility: hidden` skips its rendering but keeps its styles and layout,
 * so showing it again restyles and lays out nothing that did not change: with `display: none` every tab switch
 * restyled and laid out the whole page shown (~1,100 elements for the warehouse list; bench measure 4: a switch
 * took 2.8 times as long). `inert` and `aria-hidden` keep the skipped page out of the tab order and from
 * assistive technology, as display:none did. Browsers without content-visibility (and jsdom) get display:none.
 */
const HIDDEN_PAGE: { style: CSSProperties; inert?: ''; 'aria-hidden'?: true } =
  typeof CSS !== 'undefined' && CSS.supports?.('content-visibility', 'hidden')
    ? { style: { contentVisibility: 'hidden' }, inert: '', 'aria-hidden': true }
    : { style: { display: 'none' } }

export interface KeptEntry {
  element: ReactNode
  /** The address the page was first shown at: one object for its whole life, so its readers never re-render. */
  address: PageAddress
}

export interface KeepAliveOutletProps {
  /** Key of the page on screen (its tab's full path); undefined when it is not to be kept. */
  activeKey: string | undefined
  cache: PageCache<KeptEntry>
  /** Keys that may stay mounted (the open tabs); others are dropped. */
  isKept(key: string): boolean
  /** Whether leaving the page `from` for `to` drops `from` (keys are full paths). */
  dropsOnLeave?(from: string, to: string): boolean
}

export function KeepAliveOutlet({ activeKey, cache, isKept, dropsOnLeave }: KeepAliveOutletProps) {
  const outlet = useOutlet()
  const { pathname, search } = useLocation()
  const shown = useRef<string | undefined>(undefined)
  const containers = useRef(new Map<string, HTMLDivElement>())

  // The cache is brought up to date while rendering: every step is idempotent, so a repeated render
  // (StrictMode) changes nothing more.
  if (shown.current !== activeKey) {
    const left = shown.current
    if (left !== undefined && activeKey !== undefined && dropsOnLeave?.(left, activeKey)) cache.drop(left)
    shown.current = activeKey
  }
  cache.retain((key) => key === activeKey || isKept(key))
  if (activeKey !== undefined) {
    const address = cache.get(activeKey)?.address ?? { pathname, search }
    cache.visit(activeKey, { element: outlet, address })
  }

  // One "shown again" signal per kept page, for as long as it is kept.
  const signals = useRef(new Map<string, ReturnType<typeof createPageShown>>())
  const kept = cache.keys()
  for (const key of [...signals.current.keys()]) if (!kept.includes(key)) signals.current.delete(key)
  const signalOf = (key: string) => {
    let signal = signals.current.get(key)
    if (!signal) signals.current.set(key, (signal = createPageShown()))
    return signal
  }

  const hiddenBefore = useRef<string | undefined>(undefined)
  useLayoutEffect(() => {
    const hidden = hiddenBefore.current
    hiddenBefore.current = activeKey
    if (hidden === activeKey) return
    if (hidden !== undefined) closePopupsIn(containers.current.get(hidden))
    // A page mounted just now subscribes after this (its effects run later): only a page shown again hears it.
    if (activeKey !== undefined) signals.current.get(activeKey)?.fire()
  }, [activeKey])

  return (
    <>
      {kept.map((key) => {
        const entry = cache.get(key) as KeptEntry
        const active = key === activeKey
        return (
          <div
            key={key}
            data-page-key={key}
            {...(active ? {} : HIDDEN_PAGE)}
            ref={(node) => {
              if (node) containers.current.set(key, node)
              else containers.current.delete(key)
            }}
          >
            <PageAddressContext.Provider value={entry.address}>
              <PageShownContext.Provider value={signalOf(key)}>
                <PageActiveContext.Provider value={active}>{entry.element}</PageActiveContext.Provider>
              </PageShownContext.Provider>
            </PageAddressContext.Provider>
          </div>
        )
      })}
      {activeKey === undefined && <CurrentPage>{outlet}</CurrentPage>}
    </>
  )
}

// antd popups live in portals outside the hidden page: an open Select or DatePicker would stay on screen
// over the next page. They close on blur and on a mouse press outside them.
function closePopupsIn(container: HTMLElement | undefined): void {
  if (!container) return
  const focused = document.activeElement
  if (focused instanceof HTMLElement && container.contains(focused)) focused.blur()
  document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
}
