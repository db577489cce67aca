/**
 * Layout settings (PLAT-SET-13/14, X-01): what the settings drawer changes and the shell and theme follow.
 * Kept per user in localStorage, so another user on the same browser has their own.
 */
export type NavTheme = 'light' | 'dark'
export type NavLayout = 'sidemenu' | 'topmenu'
export type ContentWidth = 'Fluid' | 'Fixed'

export interface LayoutSettings {
  navTheme: NavTheme
  primaryColor: string
  layout: NavLayout
  contentWidth: ContentWidth
  fixedHeader: boolean
  fixSiderbar: boolean
  colorWeak: boolean
  title: string
}

/** A fresh profile (PLAT-SET-14): the app's own primary colour is #2F54EB. */
export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  navTheme: 'light',
  primaryColor: '#2F54EB',
  layout: 'sidemenu',
  contentWidth: 'Fluid',
  fixedHeader: true,
  fixSiderbar: true,
  colorWeak: false,
  title: 'WMS',
}

/** The settings drawer's own default and reset colour (PLAT-SET-03, X-01). */
export const DRAWER_DEFAULT_COLOR = '#1890ff'

/** Theme colour presets: the drawer default, the app default, and five more (core: seven colours). */
export const THEME_COLORS = [
  { key: 'daybreak', color: '#1890ff' },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
] as const

/**
 * Applies a change with the platform's rules (PLAT-SET-06/08/11/12): sidemenu forces Fluid content and
 * cannot have Fixed; any other layout forces Fixed content and turns the fixed sidebar off, which it then
 * cannot have.
 */
export function changeSettings(current: LayoutSettings, patch: Partial<LayoutSettings>): LayoutSettings {
  const next = { ...current, ...patch }
  if (patch.layout !== undefined && patch.layout !== current.layout) {
    if (next.layout === 'sidemenu') next.contentWidth = 'Fluid'
    else {
      next.contentWidth = 'Fixed'
      next.fixSiderbar = false
    }
  }
  if (next.layout === 'sidemenu') next.contentWidth = 'Fluid'
  else next.fixSiderbar = false
  return next
}

const storageKey = (userId: number) => `wms.layoutSettings.${userId}`

/** The user's stored settings over the defaults; damaged or unknown values fall back to the defaults. */
export function readLayoutSettings(userId: number): LayoutSettings {
  let stored: Record<string, unknown> = {}
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}') as unknown
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>
  } catch {
    // a damaged entry costs the user their settings, never the app
  }
  const d = DEFAULT_LAYOUT_SETTINGS
  const pick = <T>(value: unknown, ok: (v: unknown) => boolean, fallback: T): T =>
    ok(value) ? (value as T) : fallback
  const isBool = (v: unknown) => typeof v === 'boolean'
  return changeSettings(d, {
    navTheme: pick(stored.navTheme, (v) => v === 'light' || v === 'dark', d.navTheme),
    primaryColor: pick(
      stored.primaryColor,
      (v) => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v),
      d.primaryColor,
    ),
    layout: pick(stored.layout, (v) => v === 'sidemenu' || v === 'topmenu', d.layout),
    contentWidth: pick(stored.contentWidth, (v) => v === 'Fluid' || v === 'Fixed', d.contentWidth),
    fixedHeader: pick(stored.fixedHeader, isBool, d.fixedHeader),
    fixSiderbar: pick(stored.fixSiderbar, isBool, d.fixSiderbar),
    colorWeak: pick(stored.colorWeak, isBool, d.colorWeak),
  })
}

export function writeLayoutSettings(userId: number, settings: LayoutSettings): void {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(settings))
  } catch {
    // storage full or disabled: the settings last for this page load
  }
}
