import type { Language, LookupValue } from '../../../renderer/contract/wire.ts'
import type { Db } from '../../db/schema.ts'

/**
 * Values of value sets in `language`, tenant's own values first (tenant 0 = platform values, shared).
 * Unknown codes answer an empty list, never an error.
 */
export async function lookupValues(
  db: Db,
  codes: string[],
  tenantId: number,
  language: Language,
): Promise<Map<string, LookupValue[]>> {
  const result = new Map<string, LookupValue[]>(codes.map((code) => [code, []]))
  if (!codes.length) return result
  const rows = await db
    .selectFrom('hpfmLookupValue')
    .selectAll()
    .where('lookupCode', 'in', codes)
    .where('tenantId', 'in', [0, tenantId])
    .orderBy('lookupCode')
    .orderBy('orderSeq')
    .orderBy('value')
    .execute()
  const tenantCodes = new Set(
    rows.filter((row) => row.tenantId === tenantId && tenantId !== 0).map((row) => row.lookupCode),
  )
  for (const row of rows) {
    // A tenant that defines its own values of a set replaces the platform's values of that set.
    if (row.tenantId === 0 && tenantCodes.has(row.lookupCode)) continue
    result.get(row.lookupCode)?.push({
      value: row.value,
      meaning: row.meanings[language] ?? row.meanings.zh_CN ?? row.value,
      orderSeq: row.orderSeq,
      ...(row.description ? { description: row.description } : {}),
      ...(row.tag ? { tag: row.tag } : {}),
      ...(row.parentValue ? { parentValue: row.parentValue } : {}),
    })
  }
  return result
}

/** Whether `value` is one of the set's values (any language), for checks on write. */
export async function isLookupValue(db: Db, code: string, tenantId: number, value: string): Promise<boolean> {
  const values = await lookupValues(db, [code], tenantId, 'zh_CN')
  return (values.get(code) ?? []).some((item) => item.value === value)
}
