/**
 * What a page knows about itself: the address it was opened at, and whether it is on screen. Hidden kept-alive
 * pages must not read the router's current location (it belongs to the page on screen), so route wrappers read
 * this instead (FIELD-NOTES "Keep-alive tabs").
 *
 * Two contexts, because they change at different times: the address never changes for a kept page, and
 * visibility flips on every tab switch. A page that reads only its address (the schema page host, its tab
 * title) does not re-render when it is shown or hidden, and no page re-renders when the router moves to
 * another page: a switch between ten kept pages re-renders two route wrappers, not ten pages (bench measure 4).
 */
import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'

export interface PageAddress {
  pathname: string
  search: string
}

export interface KeptPage extends PageAddress {
  active: boolean
}

export const PageAddressContext = createContext<PageAddress | null>(null)
export const PageActiveContext = createContext(true)

/**
 * Tells a kept page that it is shown again (its tab activated), without re-rendering it: a stable object per
 * kept page whose listeners the outlet calls. Data pages reload then if data was written meanwhile
 * (renderer/data/data-changes.ts). Undefined for a page that is not kept alive.
 */
export interface PageShown {
  subscribe(listener: () => void): () => void
}
export const PageShownContext = createContext<PageShown | undefined>(undefined)

export function createPageShown(): PageShown & { fire(): void } {
  const listeners = new Set<() => void>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    fire: () => [...listeners].forEach((listener) => listener()),
  }
}

/** The address the calling page was opened at (a kept-alive page keeps its own while others are shown). */
export function usePageAddress(): PageAddress {
  const address = useContext(PageAddressContext)
  if (!address) {
    throw new Error(
      'usePageAddress() was called outside a page outlet: render the page under <KeepAliveOutlet> or <CurrentPage>.',
    )
  }
  return address
}

/** The page's own address and visibility; re-renders the caller when the page is shown or hidden. */
export function useKeptPage(): KeptPage {
  const address = usePageAddress()
  const active = useContext(PageActiveContext)
  return { ...address, active }
}

/** Gives a page that is not kept alive the router's current location as its address (always on screen). */
export function CurrentPage({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation()
  const address = useMemo(() => ({ pathname, search }), [pathname, search])
  return createElement(PageAddressContext.Provider, { value: address }, children)
}
