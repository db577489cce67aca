/**
 * CORE-VAL-01: a colour is hex of 3 or 6 digits (#fff, #1890ff) or rgb/rgba text (rgb(1,2,3), rgba(1,2,3,0.5));
 * anything else (#ffff, #12, red) is rejected.
 */
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i
const RGBA = /^rgba\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(0|1|0?\.\d+|1\.0+)\s*\)$/i

const channels = (match: RegExpMatchArray | null) =>
  match !== null && match.slice(1, 4).every((channel) => Number(channel) <= 255)

export function isColorText(text: string): boolean {
  const value = text.trim()
  return HEX.test(value) || channels(value.match(RGB)) || channels(value.match(RGBA))
}
