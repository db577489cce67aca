/**
 * Layout settings (PLAT-SET-13/14, X-01): what the settings drawer changes and the shell and theme follow.
 * Kept per user on the server (PUT users/self/layout-settings), so they follow the user to any browser.
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

/**
 * The settings a user has stored on the server (GET users/self/layout-settings) over the defaults; a
 * missing, damaged or unknown value falls back to its default, so a bad record never breaks the shell.
 */
export function parseLayoutSettings(stored: unknown): LayoutSettings {
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {}
  const d = DEFAULT_LAYOUT_SETTINGS
  const pick = <T>(value: unknown, ok: (v: unknown) => boolean, fallback: T): T =>
    ok(value) ? (value as T) : fallback
  const isBool = (v: unknown) => typeof v === 'boolean'
  return changeSettings(d, {
    navTheme: pick(record.navTheme, (v) => v === 'light' || v === 'dark', d.navTheme),
    primaryColor: pick(
      record.primaryColor,
      (v) => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v),
      d.primaryColor,
    ),
    layout: pick(record.layout, (v) => v === 'sidemenu' || v === 'topmenu', d.layout),
    contentWidth: pick(record.contentWidth, (v) => v === 'Fluid' || v === 'Fixed', d.contentWidth),
    fixedHeader: pick(record.fixedHeader, isBool, d.fixedHeader),
    fixSiderbar: pick(record.fixSiderbar, isBool, d.fixSiderbar),
    colorWeak: pick(record.colorWeak, isBool, d.colorWeak),
  })
}
