import { beforeEach, describe, expect, it } from 'vitest'
import {
  changeSettings,
  DEFAULT_LAYOUT_SETTINGS,
  DRAWER_DEFAULT_COLOR,
  readLayoutSettings,
  THEME_COLORS,
} from './layout-settings'
import { createSettingsStore } from './settings-store'

beforeEach(() => localStorage.clear())

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
    expect(readLayoutSettings(1)).toEqual(DEFAULT_LAYOUT_SETTINGS)
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

  it('keeps settings per user and ignores damaged stored values', () => {
    const store = createSettingsStore()
    store.loadFor(1)
    store.change({ navTheme: 'dark', primaryColor: '#F5222D' })
    store.loadFor(4)
    expect(store.get()).toEqual(DEFAULT_LAYOUT_SETTINGS)
    store.loadFor(1)
    expect(store.get()).toMatchObject({ navTheme: 'dark', primaryColor: '#F5222D' })
    localStorage.setItem(
      'wms.layoutSettings.7',
      '{"navTheme":"realDark","primaryColor":"red","fixedHeader":0}',
    )
    expect(readLayoutSettings(7)).toEqual(DEFAULT_LAYOUT_SETTINGS)
    localStorage.setItem('wms.layoutSettings.8', 'not json')
    expect(readLayoutSettings(8)).toEqual(DEFAULT_LAYOUT_SETTINGS)
  })
})
