/** React binding of the tab store: re-renders when the tabs or the active tab change. */
import { useSyncExternalStore } from 'react'
import type { TabState, TabStore } from './tab-store'

export function useTabState(store: TabStore): TabState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState)
}
