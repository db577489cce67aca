/**
 * Readable colours for any theme colour a user picks (PLAT-SET-03). Five of the seven preset colours (cyan,
 * green, sunset, volcano, daybreak) give white button text below the 4.5:1 contrast WCAG AA asks of text (cyan
 * 2.3:1), and the same colours as link text on white are as faint. The user's colour stays the buttons' and the
 * links' colour; only the text on a solid primary button turns dark where white is unreadable, and links take
 * the darkest shade of the colour that still reads on the page's background.
 * @example const { buttonText, link } = readableThemeColors('#13C2C2', false) // dark text; a darker cyan link
 */
import { theme } from 'antd'

/** WCAG 2 contrast asked of normal text. */
export const TEXT_CONTRAST = 4.5

/** Dark text on a light solid colour: antd's own text colour, on white a 15:1 contrast. */
const DARK_TEXT = '#1f1f1f'
const WHITE = '#ffffff'

type Rgb = [number, number, number]

/** `#rgb` or `#rrggbb` as 0–255 channels (antd's derived tokens are hex or `rgba(…)`; alpha is ignored). */
function rgbOf(color: string): Rgb {
  const rgba = /^rgba?\(([^)]+)\)$/.exec(color.trim())
  if (rgba) {
    const [r, g, b] = rgba[1]!.split(',').map((part) => Number.parseFloat(part))
    return [r ?? 0, g ?? 0, b ?? 0]
  }
  let hex = color.trim().replace(/^#/, '')
  if (hex.length === 3)
    hex = hex
      .split('')
      .map((c) => c + c)
      .join('')
  const value = Number.parseInt(hex.slice(0, 6), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

const hexOf = ([r, g, b]: Rgb) =>
  `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`

/** WCAG relative luminance. */
function luminance(color: string): number {
  const [r, g, b] = rgbOf(color).map((channel) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two colours (1 … 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** `color` mixed towards `toward` in steps until it reads on `background`, or `toward` itself. */
function shadeUntilReadable(color: string, background: string, toward: string): string {
  const from = rgbOf(color)
  const to = rgbOf(toward)
  for (let step = 0; step <= 20; step++) {
    const t = step / 20
    const mixed = hexOf(from.map((c, i) => c + (to[i]! - c) * t) as Rgb)
    if (contrast(mixed, background) >= TEXT_CONTRAST) return mixed
  }
  return toward
}

export interface ReadableThemeColors {
  /** Text on a solid primary button: white where it reads, else dark. */
  buttonText: string
  /**
   * The solid primary button's own colour where neither white nor dark text reads on the pick (mid tones such
   * as dust red, 4.1:1 with white): the pick darkened just enough for white text. Undefined: the pick itself.
   */
  buttonColor?: string
  /** Link text: the colour antd derives from the pick, shaded until it reads on the container background. */
  link: string
}

/** The readable text colours for a theme colour in the light or dark theme. */
export function readableThemeColors(primaryColor: string, dark: boolean): ReadableThemeColors {
  const tokens = theme.getDesignToken({
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: primaryColor },
  })
  const solid = tokens.colorPrimary
  const link = shadeUntilReadable(solid, tokens.colorBgContainer, dark ? WHITE : '#000000')
  if (contrast(WHITE, solid) >= TEXT_CONTRAST) return { buttonText: WHITE, link }
  if (contrast(DARK_TEXT, solid) >= TEXT_CONTRAST) return { buttonText: DARK_TEXT, link }
  return { buttonText: WHITE, buttonColor: shadeUntilReadable(solid, WHITE, '#000000'), link }
}

/**
 * antd's Button tokens for danger buttons in the dark theme. One red serves both as the text of a danger link
 * (Delete in table rows) and as the background of a solid danger button, and on the dark background no red
 * reads both under white text and as text (antd's #dc4446: 4.2:1 as a link): the red is lightened until dark
 * text reads on it (so it reads as text on the darker background too), and a solid danger button writes dark
 * text on it, as a light theme colour does.
 * The light theme's `colorError` (AppRoot) reads both ways already.
 */
export function darkDangerTokens(): Record<string, string> {
  const tokens = theme.getDesignToken({ algorithm: theme.darkAlgorithm })
  // Readable under dark text is readable on the (darker) background too.
  const red = shadeUntilReadable(tokens.colorError, DARK_TEXT, WHITE)
  const lighter = hexOf(rgbOf(red).map((c) => c + (255 - c) * 0.25) as Rgb)
  return {
    colorError: red,
    colorErrorActive: red,
    colorErrorHover: lighter,
    colorErrorBorderHover: lighter,
    dangerColor: DARK_TEXT,
  }
}

/** antd's Button tokens for these colours (the hover and pressed shades follow a darkened button colour). */
export function buttonTokens({ buttonText, buttonColor }: ReadableThemeColors): Record<string, string> {
  return buttonColor
    ? {
        primaryColor: buttonText,
        colorPrimary: buttonColor,
        colorPrimaryHover: buttonColor,
        colorPrimaryActive: shadeUntilReadable(buttonColor, WHITE, '#000000'),
      }
    : { primaryColor: buttonText }
}
