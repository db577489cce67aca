import { describe, expect, it } from 'vitest'
import {
  changeSettings,
  DEFAULT_LAYOUT_SETTINGS,
  DRAWER_DEFAULT_COLOR,
  parseLayoutSettings,
  THEME_COLORS,
} from './layout-settings'
import { createSettingsStore } from './settings-store'

describe('layout settings (PLAT-SET-11..14, X-01)', () => {
  it('a fresh profile: light, #2F54EB, side menu, Fluid, fixed header and sidebar, no weak colour, title WMS', () => {
    expect(DEFAULT_LAYOUT_SETTINGS).toEqual({
      navTheme: 'light',
      primaryColor: '#2F54EB',
      layout: 'sidemenu',
      contentWidth: 'Fluid',
      fixedHeader: true,
      fixSiderbar: true,
      colorWeak: false,
      title: 'WMS',
    })
    expect(parseLayoutSettings({})).toEqual(DEFAULT_LAYOUT_SETTINGS)
  })

  it('the drawer default #1890ff and the app default are both among seven presets', () => {
    expect(DRAWER_DEFAULT_COLOR).toBe('#1890ff')
    const colors = THEME_COLORS.map((c) => c.color)
    expect(colors).toHaveLength(7)
    expect(colors).toEqual(expect.arrayContaining(['#1890ff', '#2F54EB']))
  })

  it('side menu forces Fluid; another layout forces Fixed and turns the fixed sidebar off', () => {
    const top = changeSettings(DEFAULT_LAYOUT_SETTINGS, { layout: 'topmenu' })
    expect(top).toMatchObject({ layout: 'topmenu', contentWidth: 'Fixed', fixSiderbar: false })
    expect(changeSettings(top, { fixSiderbar: true }).fixSiderbar).toBe(false)
    expect(changeSettings(top, { contentWidth: 'Fluid' }).contentWidth).toBe('Fluid')
    const side = changeSettings(changeSettings(top, { contentWidth: 'Fluid' }), { layout: 'sidemenu' })
    expect(side).toMatchObject({ layout: 'sidemenu', contentWidth: 'Fluid' })
    expect(changeSettings(side, { contentWidth: 'Fixed' }).contentWidth).toBe('Fluid')
  })

  it('saves every change through the store and ignores damaged stored values', () => {
    const saved: unknown[] = []
    const store = createSettingsStore()
    store.load({ navTheme: 'dark' }, async (settings) => saved.push(settings))
    expect(store.get()).toMatchObject({ navTheme: 'dark', layout: 'sidemenu' })
    store.change({ primaryColor: '#F5222D' })
    expect(saved).toEqual([{ ...DEFAULT_LAYOUT_SETTINGS, navTheme: 'dark', primaryColor: '#F5222D' }])
    expect(parseLayoutSettings({ navTheme: 'realDark', primaryColor: 'red', fixedHeader: 0 })).toEqual(
      DEFAULT_LAYOUT_SETTINGS,
    )
    expect(parseLayoutSettings('not an object')).toEqual(DEFAULT_LAYOUT_SETTINGS)
    expect(parseLayoutSettings(null)).toEqual(DEFAULT_LAYOUT_SETTINGS)
  })
})
