/**
 * The layout settings of the signed-in user as a small store (the antd theme above the router and the
 * shell below it both follow it), with its React binding. Every change is saved through `save` (the
 * server, per user); a failed save keeps the change for this page load and the HTTP client says why.
 */
import { useSyncExternalStore } from 'react'
import {
  changeSettings,
  DEFAULT_LAYOUT_SETTINGS,
  parseLayoutSettings,
  type LayoutSettings,
} from './layout-settings'

export type SaveLayoutSettings = (settings: LayoutSettings) => Promise<unknown>

export interface SettingsStore {
  get(): LayoutSettings
  subscribe(listener: () => void): () => void
  /** Takes the user's stored settings (parsed over the defaults); later changes go to `save`. */
  load(stored: unknown, save?: SaveLayoutSettings): void
  /** Applies a change (with the layout rules) and saves it for the loaded user. */
  change(patch: Partial<LayoutSettings>): void
}

export function createSettingsStore(): SettingsStore {
  let settings = DEFAULT_LAYOUT_SETTINGS
  let save: SaveLayoutSettings | undefined
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
    load(stored, saver) {
      save = saver
      set(parseLayoutSettings(stored))
    },
    change(patch) {
      const next = changeSettings(settings, patch)
      set(next)
      save?.(next).catch(() => undefined) // the HTTP client has shown the failure
    },
  }
}

export function useLayoutSettings(store: SettingsStore): LayoutSettings {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
