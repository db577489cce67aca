/** Checks a cuszInfo JSON string: an array of column settings (CORE-DATA-16). */
import { badRequest } from '../../errors.ts'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const optionalNumber = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'number' && value > 0)

export function checkColumnSettings(cuszInfo: string): void {
  const fail = (message: string) => badRequest(`Invalid cuszInfo: ${message}.`, { cuszInfo: message })
  let parsed: unknown
  try {
    parsed = JSON.parse(cuszInfo)
  } catch {
    throw fail('not JSON; send a JSON array of {field, width, minWidth, visible, defaultVisible, fixed}')
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > 200) {
    throw fail('expected a JSON array of 1 to 200 column settings')
  }
  const seen = new Set<string>()
  parsed.forEach((column, index) => {
    const where = `column ${index + 1}`
    if (!isRecord(column) || typeof column.field !== 'string' || !column.field)
      throw fail(`${where} has no field`)
    if (seen.has(column.field)) throw fail(`${where}: field '${column.field}' is listed twice`)
    seen.add(column.field)
    if (typeof column.visible !== 'boolean' || typeof column.defaultVisible !== 'boolean') {
      throw fail(`${where} (${column.field}): visible and defaultVisible must be true or false`)
    }
    if (!optionalNumber(column.width) || !optionalNumber(column.minWidth)) {
      throw fail(`${where} (${column.field}): width and minWidth must be positive numbers`)
    }
    if (![undefined, null, 'left', 'right'].includes(column.fixed as string | undefined | null)) {
      throw fail(`${where} (${column.field}): fixed must be 'left', 'right' or null`)
    }
  })
}
