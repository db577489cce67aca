import { theme } from 'antd'
import { describe, expect, it } from 'vitest'
import { THEME_COLORS } from '../settings/layout-settings'
import {
  buttonTokens,
  contrast,
  darkDangerTokens,
  readableThemeColors,
  TEXT_CONTRAST,
} from './theme-contrast'

const derived = (color: string, dark: boolean) =>
  theme.getDesignToken({
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: color },
  })

describe('readable theme colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5)
    expect(contrast('#13C2C2', '#ffffff')).toBeCloseTo(2.21, 2)
    expect(contrast('#777', '#777')).toBe(1)
  })

  for (const dark of [false, true])
    for (const { key, color } of [...THEME_COLORS, { key: 'app default', color: '#2F54EB' }])
      it(`${key} (${color}) in the ${dark ? 'dark' : 'light'} theme: button text and links read at 4.5:1`, () => {
        const { buttonText, buttonColor, link } = readableThemeColors(color, dark)
        const tokens = derived(color, dark)
        expect(contrast(buttonText, buttonColor ?? tokens.colorPrimary)).toBeGreaterThanOrEqual(TEXT_CONTRAST)
        expect(contrast(link, tokens.colorBgContainer)).toBeGreaterThanOrEqual(TEXT_CONTRAST)
      })

  it("keeps the user's colour where it reads: white text and the colour itself as links on the app default", () => {
    expect(readableThemeColors('#2F54EB', false)).toEqual({ buttonText: '#ffffff', link: '#2f54eb' })
  })

  it('turns the text on a light colour dark rather than changing the colour', () => {
    expect(readableThemeColors('#13C2C2', false).buttonText).toBe('#1f1f1f')
    expect(readableThemeColors('#FAAD14', false).buttonText).toBe('#1f1f1f')
  })

  it('darkens a mid tone just enough for white text, hover included, where no text colour reads on it', () => {
    const colors = readableThemeColors('#F5222D', false)
    expect(colors.buttonColor).toBeDefined()
    expect(contrast('#ffffff', colors.buttonColor!)).toBeGreaterThanOrEqual(TEXT_CONTRAST)
    expect(contrast('#ffffff', colors.buttonColor!)).toBeLessThan(5.2) // a step of the mix, not black
    const tokens = buttonTokens(colors)
    expect(contrast('#ffffff', tokens.colorPrimaryHover!)).toBeGreaterThanOrEqual(TEXT_CONTRAST)
    expect(contrast('#ffffff', tokens.colorPrimaryActive!)).toBeGreaterThanOrEqual(TEXT_CONTRAST)
    expect(buttonTokens(readableThemeColors('#2F54EB', false))).toEqual({ primaryColor: '#ffffff' })
  })

  it("reads danger links and solid danger buttons in the dark theme (antd's red: 4.2:1 as a link)", () => {
    const background = derived('#2F54EB', true).colorBgContainer
    expect(contrast(derived('#2F54EB', true).colorError, background)).toBeLessThan(TEXT_CONTRAST)
    const tokens = darkDangerTokens()
    for (const red of [tokens.colorError!, tokens.colorErrorHover!, tokens.colorErrorActive!]) {
      expect(contrast(red, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST)
      expect(contrast(tokens.dangerColor!, red)).toBeGreaterThanOrEqual(TEXT_CONTRAST)
    }
  })
})
