/**
 * What a kept-alive page knows about itself: whether it is on screen, and the address it was opened at.
 * Hidden pages must not read the router's current location (it belongs to the page on screen), so route
 * wrappers read this instead (FIELD-NOTES "Keep-alive tabs").
 */
import { createContext, useContext } from 'react'
import { useLocation } from 'react-router-dom'

export interface KeptPage {
  active: boolean
  pathname: string
  search: string
}

export const KeptPageContext = createContext<KeptPage | null>(null)

/** The page's own address and visibility; outside the keep-alive outlet, the current location (always active). */
export function useKeptPage(): KeptPage {
  const kept = useContext(KeptPageContext)
  const { pathname, search } = useLocation()
  return kept ?? { active: true, pathname, search }
}
