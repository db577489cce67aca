/**
 * China's 34 provincial divisions (codes of value set ETS.PROVINCE) on a tile grid: one square each, placed at
 * its approximate geographic position (column west → east, row north → south), the usual cartogram layout.
 */
export const PROVINCE_GRID: ReadonlyArray<{ code: string; col: number; row: number }> = [
  { code: 'HL', col: 8, row: 0 },
  { code: 'NM', col: 5, row: 1 },
  { code: 'JL', col: 8, row: 1 },
  { code: 'XJ', col: 1, row: 2 },
  { code: 'GS', col: 3, row: 2 },
  { code: 'NX', col: 4, row: 2 },
  { code: 'BJ', col: 6, row: 2 },
  { code: 'TJ', col: 7, row: 2 },
  { code: 'LN', col: 8, row: 2 },
  { code: 'QH', col: 2, row: 3 },
  { code: 'SN', col: 4, row: 3 },
  { code: 'SX', col: 5, row: 3 },
  { code: 'HE', col: 6, row: 3 },
  { code: 'SD', col: 7, row: 3 },
  { code: 'XZ', col: 1, row: 4 },
  { code: 'SC', col: 3, row: 4 },
  { code: 'CQ', col: 4, row: 4 },
  { code: 'HA', col: 5, row: 4 },
  { code: 'AH', col: 6, row: 4 },
  { code: 'JS', col: 7, row: 4 },
  { code: 'SH', col: 8, row: 4 },
  { code: 'YN', col: 3, row: 5 },
  { code: 'GZ', col: 4, row: 5 },
  { code: 'HB', col: 5, row: 5 },
  { code: 'JX', col: 6, row: 5 },
  { code: 'ZJ', col: 7, row: 5 },
  { code: 'GX', col: 4, row: 6 },
  { code: 'HN', col: 5, row: 6 },
  { code: 'FJ', col: 7, row: 6 },
  { code: 'TW', col: 8, row: 6 },
  { code: 'GD', col: 5, row: 7 },
  { code: 'HK', col: 6, row: 7 },
  { code: 'HI', col: 4, row: 8 },
  { code: 'MO', col: 5, row: 8 },
]

/** Warehouse colours, by the warehouse's place in the list (distinguishable, readable with dark text). */
export const WAREHOUSE_COLOURS = [
  '#69b1ff',
  '#95de64',
  '#ffc069',
  '#ff85c0',
  '#b37feb',
  '#5cdbd3',
  '#ffd666',
  '#ff9c6e',
  '#85a5ff',
  '#d3f261',
]
export const UNSERVED_COLOUR = '#f0f0f0'
