/**
 * One reading of column values for PGlite and node-postgres, so both back ends answer the same JSON:
 * bigint ids and numerics as numbers (ids stay far below 2^53; decimals are shown, not summed in money),
 * timestamps as `YYYY-MM-DD HH:mm:ss` and dates as `YYYY-MM-DD` (the wire's formats).
 */
export const PG_TYPE = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const

export const valueParsers: Record<number, (value: string) => unknown> = {
  [PG_TYPE.INT8]: (value) => Number(value),
  [PG_TYPE.NUMERIC]: (value) => Number(value),
  [PG_TYPE.DATE]: (value) => value,
  [PG_TYPE.TIMESTAMP]: (value) => value.slice(0, 19),
  [PG_TYPE.TIMESTAMPTZ]: (value) => value.slice(0, 19),
}
