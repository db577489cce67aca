/**
 * Saving a user's data hierarchy choice (CORE-USR-04). The choice stays consistent down the hierarchy:
 * choosing a warehouse also chooses its inventory organisation and company; choosing another company drops
 * the inventory organisation and warehouse that belonged to the old one.
 */
import type { DataHierarchyLevel } from '../../../renderer/contract/wire.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import { requireLevel, type HierarchyScope } from './data-hierarchy-queries.ts'

const key = (code: string, value: string) => `${code}\u0000${value}`

/** Stores `value` at level `code` for the user in the tenant; 400 when the value is not the tenant's. */
export async function chooseValue(
  db: Db,
  scope: HierarchyScope,
  levels: DataHierarchyLevel[],
  code: string,
  value: string,
): Promise<void> {
  const level = requireLevel(levels, code, scope.tenantId)
  const rows = await db
    .selectFrom('hpfmDataHierarchyValue')
    .select(['hierarchyCode', 'value', 'parentValue'])
    .where('tenantId', '=', scope.tenantId)
    .execute()
  const parentOf = new Map(rows.map((row) => [key(row.hierarchyCode, row.value), row.parentValue]))
  if (!parentOf.has(key(code, value))) {
    throw badRequest(
      `dataHierarchyValue '${value}' is not a value of ${code} in tenant ${scope.tenantId}: pick one from ` +
        `data-hierarchies/switch/value/details?dataHierarchyCode=${code}.`,
      { dataHierarchyValue: 'unknown value' },
    )
  }
  const chosen = new Map(
    levels.flatMap((l) => (l.dataHierarchyValue ? [[l.dataHierarchyCode, l.dataHierarchyValue]] : [])),
  )
  chosen.set(code, value)
  // Up: the levels above follow the chosen value's parents.
  for (let at = level, v = value; at.parentCode;) {
    const parentValue = parentOf.get(key(at.dataHierarchyCode, v))
    if (!parentValue) break
    chosen.set(at.parentCode, parentValue)
    at = requireLevel(levels, at.parentCode, scope.tenantId)
    v = parentValue
  }
  // Down (levels come parents first): a value whose parent is no longer chosen is dropped.
  for (const l of levels) {
    const current = chosen.get(l.dataHierarchyCode)
    if (!current || !l.parentCode) continue
    if (chosen.get(l.parentCode) !== parentOf.get(key(l.dataHierarchyCode, current)))
      chosen.delete(l.dataHierarchyCode)
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('hpfmUserDataHierarchy')
      .where('userId', '=', scope.userId)
      .where('tenantId', '=', scope.tenantId)
      .execute()
    if (chosen.size)
      await trx
        .insertInto('hpfmUserDataHierarchy')
        .values(
          [...chosen].map(([hierarchyCode, v]) => ({
            userId: scope.userId,
            tenantId: scope.tenantId,
            hierarchyCode,
            value: v,
          })),
        )
        .execute()
  })
}
