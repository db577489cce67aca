/**
 * The layout settings of the signed-in user as a small store (the antd theme above the router and the
 * shell below it both follow it), with its React binding.
 */
import { useSyncExternalStore } from 'react'
import {
  changeSettings,
  DEFAULT_LAYOUT_SETTINGS,
  readLayoutSettings,
  writeLayoutSettings,
  type LayoutSettings,
} from './layout-settings'

export interface SettingsStore {
  get(): LayoutSettings
  subscribe(listener: () => void): () => void
  /** Switches to `userId`'s stored settings; later changes are saved for that user. */
  loadFor(userId: number): void
  /** Applies a change (with the layout rules) and saves it for the loaded user. */
  change(patch: Partial<LayoutSettings>): void
}

export function createSettingsStore(): SettingsStore {
  let settings = DEFAULT_LAYOUT_SETTINGS
  let userId: number | undefined
  const listeners = new Set<() => void>()
  const set = (next: LayoutSettings) => {
    settings = next
    listeners.forEach((listener) => listener())
  }
  return {
    get: () => settings,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    loadFor(id) {
      userId = id
      set(readLayoutSettings(id))
    },
    change(patch) {
      const next = changeSettings(settings, patch)
      if (userId !== undefined) writeLayoutSettings(userId, next)
      set(next)
    },
  }
}

export function useLayoutSettings(store: SettingsStore): LayoutSettings {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
