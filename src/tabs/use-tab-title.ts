/**
 * Lets a page name its own tab (CORE-TAB-04: a custom title wins over the menu title and the `title` query),
 * e.g. "Warehouse WH-E001" on a detail page. Outside the tabbed shell it does nothing.
 */
import { createContext, useContext, useEffect } from 'react'
import { usePageAddress } from './kept-page'

/** Provided by the tabbed content: sets (or, with undefined, clears) the custom title of a tab by key. */
export const TabTitleContext = createContext<((key: string, title: string | undefined) => void) | null>(null)

/** Sets the custom title of the calling page's tab while the page is mounted. */
export function useTabTitle(title: string | undefined): void {
  const setTitle = useContext(TabTitleContext)
  const { pathname, search } = usePageAddress()
  const key = `${pathname}${search}`
  useEffect(() => {
    if (!setTitle) return
    setTitle(key, title)
    return () => setTitle(key, undefined)
  }, [setTitle, key, title])
}
