/**
 * Labels on users, roles and menus (migration 0035): a tenant's labels (/hiam/label-management, type USER, ROLE
 * or MENU) put on its users, roles and menu entries. The user, role and menu lists show them (labelCodes) and
 * filter by one (labelCode); create and edit replace them. Only enabled labels of the right type can be put on.
 * A menu's MENU labels are also its badge in the side menu of the tenant's users (menu tree `tag`).
 */
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import { modelDb } from '../models/model-scope.ts'

export type LabelTarget = 'USER' | 'ROLE' | 'MENU'

interface LabelAssignmentTable {
  tenantId: number
  targetType: LabelTarget
  targetId: number
  labelCode: string
}
declare module '../../db/schema.ts' {
  interface Database {
    hiamLabelAssignment: LabelAssignmentTable
  }
}

/** "A, b;c" → ['A', 'b', 'c'] */
export const labelList = (text: string | null | undefined) => [
  ...new Set(
    String(text ?? '')
      .split(/[,;\s]+/)
      .filter(Boolean),
  ),
]

/**
 * The list filter "carries label `code`": the row whose id is the column `idColumn` has that label of `type`,
 * put on by `tenant` (a tenant id, the column holding it, or null for any tenant's).
 */
export function hasLabel(
  type: LabelTarget,
  code: string,
  idColumn: string,
  tenant: number | { column: string } | null,
): RawBuilder<boolean> {
  const ofTenant =
    tenant === null
      ? sql``
      : sql` and a.tenant_id = ${typeof tenant === 'number' ? tenant : sql.ref(tenant.column)}`
  return sql<boolean>`exists (select 1 from hiam_label_assignment a where a.target_type = ${type}
    and a.target_id = ${sql.ref(idColumn)} and a.label_code = ${code}${ofTenant})`
}

/** Label codes per target id, comma separated in code order (tenantId null: every tenant's). */
export async function labelsOf(
  db: Db,
  tenantId: number | null,
  type: LabelTarget,
  ids: number[],
): Promise<Map<number, string>> {
  if (!ids.length) return new Map()
  let query = db
    .selectFrom('hiamLabelAssignment')
    .select(['targetId', 'labelCode'])
    .where('targetType', '=', type)
    .where('targetId', 'in', ids)
  if (tenantId !== null) query = query.where('tenantId', '=', tenantId)
  const rows = await query.orderBy('labelCode').execute()
  const result = new Map<number, string[]>()
  for (const row of rows)
    result.set(Number(row.targetId), [...(result.get(Number(row.targetId)) ?? []), row.labelCode])
  return new Map([...result].map(([id, codes]) => [id, [...new Set(codes)].join(',')]))
}

/** The codes of `text` when each is an enabled label of that type in the tenant, else 400 naming the others. */
export async function checkLabels(
  db: Db,
  tenantId: number,
  type: LabelTarget,
  text: string,
): Promise<string[]> {
  const codes = labelList(text)
  if (codes.length) {
    const known = (await modelDb(db)
      .selectFrom('hiam_label')
      .select('labelCode')
      .where('tenantId', '=', tenantId)
      .where('labelCode', 'in', codes)
      .where('labelType', '=', type)
      .where('enabledFlag', '=', 1)
      .execute()) as Array<{ labelCode: string }>
    const missing = codes.filter((code) => !known.some((k) => k.labelCode === code))
    if (missing.length)
      throw badRequest(
        `${missing.join(', ')}: not enabled ${type.toLowerCase()} labels of this tenant: create or enable them on /hiam/label-management (type ${type}), or leave them out.`,
        { labelCodes: `unknown ${type} label` },
      )
  }
  return codes
}

/** Replaces the labels of one user or role in a tenant (checked by checkLabels first). */
export async function saveLabels(
  db: Db,
  tenantId: number,
  type: LabelTarget,
  targetId: number,
  text: string,
) {
  const codes = await checkLabels(db, tenantId, type, text)
  await db
    .deleteFrom('hiamLabelAssignment')
    .where('tenantId', '=', tenantId)
    .where('targetType', '=', type)
    .where('targetId', '=', targetId)
    .execute()
  if (codes.length)
    await db
      .insertInto('hiamLabelAssignment')
      .values(codes.map((labelCode) => ({ tenantId, targetType: type, targetId, labelCode })))
      .execute()
}

/**
 * The enabled MENU labels of the tenant on `menuIds`: per menu, its labels' names in code order and the first
 * label's colour (a menu tree node shows them as its badge).
 */
export async function menuLabels(
  db: Db,
  tenantId: number,
  menuIds: number[],
): Promise<Map<number, { names: string[]; color: string | null }>> {
  const result = new Map<number, { names: string[]; color: string | null }>()
  if (!menuIds.length) return result
  const rows = (await modelDb(db)
    .selectFrom('hiam_label_assignment as a')
    .innerJoin('hiam_label as l', (join) =>
      join.onRef('l.labelCode', '=', 'a.labelCode').onRef('l.tenantId', '=', 'a.tenantId'),
    )
    .select(['a.targetId', 'l.labelName', 'l.color'])
    .where('a.targetType', '=', 'MENU')
    .where('a.tenantId', '=', tenantId)
    .where('a.targetId', 'in', menuIds)
    .where('l.labelType', '=', 'MENU')
    .where('l.enabledFlag', '=', 1)
    .orderBy('a.labelCode')
    .execute()) as Array<{ targetId: number; labelName: string; color: string | null }>
  for (const row of rows) {
    const entry = result.get(Number(row.targetId)) ?? { names: [], color: row.color || null }
    entry.names.push(row.labelName)
    result.set(Number(row.targetId), entry)
  }
  return result
}
