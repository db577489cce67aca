/** Number formatting of the spec (CORE-VAL-02..04, PLAT-TBL-10). */

/** Thousands separators and `precision` decimals; '' for empty, infinite or non-numeric input. */
export function formatNumber(value: unknown, precision?: number): string {
  if (value === '' || value === null || value === undefined || typeof value === 'boolean') return ''
  const number = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(number)) return ''
  const fixed = precision === undefined ? String(number) : number.toFixed(precision)
  const [whole = '', fraction] = fixed.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}

/** "1.500" → "1.5", "2.000" → "2", "3." → "3": what a number input shows. */
export function trimNumberText(text: string): string {
  if (!text.includes('.')) return text
  return text.replace(/0+$/, '').replace(/\.$/, '')
}

/** The input step for `precision` decimals: 3 → 0.001. */
export const stepFor = (precision?: number) =>
  precision ? Number((1 / 10 ** precision).toFixed(precision)) : 1

/** The quantity precision when the session has no warehouse config (the server's default, DEFAULT_PRECISION). */
export const DEFAULT_QUANTITY_PRECISION = 3

/**
 * A field's digits after the point: its number, or for `"warehouse"` the quantity precision of the user's
 * default warehouse (CORE-VAL, the warehouse config) — DEFAULT_QUANTITY_PRECISION when the session has none.
 */
export function resolvePrecision(
  precision: number | 'warehouse' | undefined,
  quantityPrecision: number | undefined,
): number | undefined {
  if (precision !== 'warehouse') return precision
  return quantityPrecision ?? DEFAULT_QUANTITY_PRECISION
}
