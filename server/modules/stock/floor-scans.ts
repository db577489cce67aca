/**
 * What the scan station (widgets/scan-station) sends with a confirmation, read and checked the same way for
 * every floor flow (schemas/README.md "Scanning on the floor"): picking (outbound/pick-scans.ts), receiving,
 * put-away and counting (winv/floor-scan-flows.ts). A flow's action takes body `scans: [{<key>, locationCode,
 * barcode, lotCode?, quantity}]`: `<key>` names the line of work (a task, an order line, a count line);
 * the flow then checks each scan against its line with the helpers here, in its transaction, before anything
 * moves. A malformed entry → 400 naming `scans[i].<field>`; a scan that does not match its line → 409 naming
 * the entry, what was scanned and what was expected.
 */
import { AppError, badRequest } from '../../errors.ts'

export interface Scan {
  /** Position in the body's list, for the error's field pointer (`scans[i]`). */
  index: number
  /** The line of work, as the flow's key reads it (e.g. taskId). */
  key: number
  locationCode: string
  barcode: string
  /** The lot (batch) scanned at receiving; '' when none. */
  lotCode: string
  /** The lot's dates typed or scanned at receiving (YYYY-MM-DD, checked by the flow); '' when none. */
  productionDate: string
  expiryDate: string
  quantity: number
}

/** The scans of a confirmation by line key, or undefined when the body has none (confirmed without scanning). */
export type Scans = Map<number, Scan[]> | undefined

/** How a flow's scans look: the key's name, whether a location is scanned, which quantities are valid. */
export interface ScanShape {
  /** Name of the line key in each entry (taskId, inboundLineId, putawayKey, countLineId). */
  key: string
  /** Reads the key's value as a line id (default: a positive integer). */
  keyOf?: (raw: unknown) => number
  /** A scan may name no line (key 0): goods found where the document has no line (counting). */
  keyOptional?: boolean
  /** Whether each entry must name the location scanned. */
  location: boolean
  /** `positive` (moved: above 0) or `counted` (found: 0 or more). */
  quantity: 'positive' | 'counted'
  /** What each entry carries, for the 400 message. */
  example: string
}

export const round4 = (value: number) => Math.round(value * 10000) / 10000
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** Whether a scanned code reads `expected` (trimmed, any case). */
export const sameCode = (expected: string | null | undefined, scanned: string) =>
  !!expected && expected.trim().toUpperCase() === scanned.trim().toUpperCase()

/** 409 for a scan that does not match its line, pointing at the entry's field. */
export const scanRefused = (code: string, scan: Scan, field: string, message: string, expected: string) =>
  new AppError(409, code, `scans[${scan.index}].${field}: ${message}`, {
    [`scans[${scan.index}].${field}`]: `expected ${expected}`,
  })

/** Reads body.scans (absent → undefined); 400 naming the entry and field for anything malformed. */
export function readScans(body: Record<string, unknown>, shape: ScanShape): Scans {
  const scans = body.scans
  if (scans === undefined || scans === null) return undefined
  if (!Array.isArray(scans) || !scans.length)
    throw badRequest(`scans: give the list of ${shape.example} scanned per line.`, {
      scans: 'must be a non-empty list',
    })
  const keyOf = shape.keyOf ?? Number
  const byKey = new Map<number, Scan[]>()
  scans.forEach((raw: unknown, index: number) => {
    const entry = (raw ?? {}) as Record<string, unknown>
    const at = `scans[${index}]`
    const absent = entry[shape.key] === undefined || entry[shape.key] === null || entry[shape.key] === ''
    const key = shape.keyOptional && absent ? 0 : keyOf(entry[shape.key])
    if (!Number.isInteger(key) || key < 0 || (key === 0 && !shape.keyOptional))
      throw badRequest(`${at}.${shape.key}: name the line the scan belongs to.`, {
        [`${at}.${shape.key}`]: 'required',
      })
    for (const field of shape.location ? (['locationCode', 'barcode'] as const) : (['barcode'] as const))
      if (!text(entry[field]))
        throw badRequest(`${at}.${field}: give what was scanned (the ${field}).`, {
          [`${at}.${field}`]: 'required',
        })
    const quantity = Number(entry.quantity)
    const valid = shape.quantity === 'counted' ? quantity >= 0 : quantity > 0
    if (entry.quantity === null || entry.quantity === '' || !Number.isFinite(quantity) || !valid)
      throw badRequest(
        `${at}.quantity: give the quantity ${shape.quantity === 'counted' ? 'found, 0 or more' : 'moved, a number above 0'}.`,
        { [`${at}.quantity`]: shape.quantity === 'counted' ? '0 or more' : 'a number above 0' },
      )
    const scan: Scan = {
      index,
      key,
      locationCode: text(entry.locationCode),
      barcode: text(entry.barcode),
      lotCode: text(entry.lotCode),
      productionDate: text(entry.productionDate),
      expiryDate: text(entry.expiryDate),
      quantity: round4(quantity),
    }
    byKey.set(key, [...(byKey.get(key) ?? []), scan])
  })
  return byKey
}

/** Takes the scans of one line out of `scans` (so `checkScansUsed` sees what named no line). */
export function takeScans(scans: Map<number, Scan[]>, key: number): Scan[] {
  const taken = scans.get(key) ?? []
  scans.delete(key)
  return taken
}

/** 409 `error.scan_goods` unless the scan read the goods' barcode or code. */
export function checkGoodsScan(
  scan: Scan,
  goods: { goodsCode: string | null; barcode: string | null },
  name: string,
): void {
  if (sameCode(goods.barcode, scan.barcode) || sameCode(goods.goodsCode, scan.barcode)) return
  throw scanRefused(
    'error.scan_goods',
    scan,
    'barcode',
    `${name} is goods ${goods.goodsCode ?? '?'}${goods.barcode ? ` (barcode ${goods.barcode})` : ''}, not ${scan.barcode}: scan the goods of the line.`,
    goods.barcode ?? goods.goodsCode ?? '?',
  )
}

/** 400 when a scan named a line that the confirmed document has not open. */
export function checkScansUsed(scans: Scans, shape: Pick<ScanShape, 'key'>, what: string): void {
  if (!scans?.size) return
  const first = [...scans.values()][0]![0]!
  throw badRequest(
    `scans[${first.index}].${shape.key}: ${first.key} is not an open line of ${what}: reload the lines.`,
    { [`scans[${first.index}].${shape.key}`]: 'not an open line' },
  )
}
