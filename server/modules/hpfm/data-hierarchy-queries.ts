/**
 * Data hierarchy reads and the user's choice (CORE-USR-03/04). A tenant's hierarchy is small (levels and
 * the values staff choose from, hundreds at most), so a choice is checked against all of it in memory.
 */
import type {
  DataHierarchyLevel,
  DataHierarchyNode,
  DataHierarchyOption,
  Language,
} from '../../../renderer/contract/wire.ts'
import type { Db, Texts } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'

const textIn = (texts: Texts, language: Language, fallback: string) =>
  texts[language] ?? texts.zh_CN ?? fallback

export interface HierarchyScope {
  tenantId: number
  userId: number
  language: Language
}

/** The tenant's enabled levels, parents before children, each with the user's current value. */
export async function levelsOf(db: Db, scope: HierarchyScope): Promise<DataHierarchyLevel[]> {
  const levels = await db
    .selectFrom('hpfmDataHierarchy as h')
    .leftJoin('hpfmUserDataHierarchy as u', (join) =>
      join
        .onRef('u.tenantId', '=', 'h.tenantId')
        .onRef('u.hierarchyCode', '=', 'h.code')
        .on('u.userId', '=', scope.userId),
    )
    .leftJoin('hpfmDataHierarchyValue as v', (join) =>
      join
        .onRef('v.tenantId', '=', 'u.tenantId')
        .onRef('v.hierarchyCode', '=', 'u.hierarchyCode')
        .onRef('v.value', '=', 'u.value'),
    )
    .select(['h.code', 'h.names', 'h.parentCode', 'h.displayStyle', 'u.value', 'v.meanings'])
    .where('h.tenantId', '=', scope.tenantId)
    .where('h.enabledFlag', '=', 1)
    .orderBy('h.orderSeq')
    .orderBy('h.code')
    .execute()
  const flat = levels.map((row) => ({
    dataHierarchyCode: row.code,
    dataHierarchyName: textIn(row.names, scope.language, row.code),
    displayStyle: row.displayStyle,
    ...(row.parentCode ? { parentCode: row.parentCode } : {}),
    ...(row.value
      ? {
          dataHierarchyValue: row.value,
          dataHierarchyMeaning: textIn(row.meanings ?? {}, scope.language, row.value),
        }
      : {}),
  }))
  return flattenTree(toTree(flat))
}

/** Nests levels under their parents; a level whose parent is missing or disabled becomes a root. */
export function toTree(levels: DataHierarchyLevel[]): DataHierarchyNode[] {
  const nodes = new Map(
    levels.map((level): [string, DataHierarchyNode] => [level.dataHierarchyCode, { ...level, children: [] }]),
  )
  const roots: DataHierarchyNode[] = []
  for (const node of nodes.values()) {
    const parent = node.parentCode ? nodes.get(node.parentCode) : undefined
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

function flattenTree(nodes: DataHierarchyNode[]): DataHierarchyLevel[] {
  return nodes.flatMap(({ children, ...level }) => [level, ...flattenTree(children)])
}

/** The values of one level, under `parentValue` when given. */
export async function optionsOf(
  db: Db,
  scope: HierarchyScope,
  code: string,
  parentValue: string | undefined,
): Promise<DataHierarchyOption[]> {
  let query = db
    .selectFrom('hpfmDataHierarchyValue')
    .select(['value', 'meanings', 'parentValue'])
    .where('tenantId', '=', scope.tenantId)
    .where('hierarchyCode', '=', code)
  if (parentValue !== undefined) query = query.where('parentValue', '=', parentValue)
  const rows = await query.orderBy('orderSeq').orderBy('value').execute()
  return rows.map((row) => ({
    value: row.value,
    meaning: textIn(row.meanings, scope.language, row.value),
    ...(row.parentValue ? { parentValue: row.parentValue } : {}),
  }))
}

/** The level named `code`, or a 400 that lists the tenant's levels. */
export function requireLevel(levels: DataHierarchyLevel[], code: string, tenantId: number) {
  const level = levels.find((l) => l.dataHierarchyCode === code)
  if (level) return level
  const known = levels.map((l) => l.dataHierarchyCode).join(', ') || 'none are defined'
  throw badRequest(
    `dataHierarchyCode '${code}' is not a data hierarchy of tenant ${tenantId}: use one of ${known}.`,
    { dataHierarchyCode: 'unknown data hierarchy' },
  )
}
