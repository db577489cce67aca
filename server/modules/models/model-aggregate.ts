/**
 * GET <model path>/aggregate?measure=count|sum|avg|min|max[&field=<number field>][&groupBy=<field>][&order=value|key]
 * + the list's filters → `[{key, value}]` (one row without groupBy, key null; groups largest first, or by key
 * ascending with order=key). Dashboards draw figures and charts from it.
 * Whitelisted against the model: groupBy names a searchable or sortable field, field a number field; both are
 * column names checked against the model, values are bound.
 */
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { filteredRows } from './model-list.ts'
import type { ModelDb } from './model-scope.ts'

export const MEASURES = ['count', 'sum', 'avg', 'min', 'max'] as const
export type Measure = (typeof MEASURES)[number]
/** Most groups a chart can show; more is a sign the groupBy field is not a category. */
export const MAX_GROUPS = 200

export interface AggregateRow {
  key: string | number | boolean | null
  value: number
}

export function groupableFields(model: ModelSchema): string[] {
  return model.fields.filter((f) => f.searchable || f.sortable).map((f) => f.name)
}

export function numberFields(model: ModelSchema): string[] {
  // flags (0/1) too: their average is a rate, e.g. the share of shipments signed on time
  return model.fields
    .filter((f) => f.type === 'integer' || f.type === 'decimal' || f.type === 'flag')
    .map((f) => f.name)
}

export async function aggregateRows(
  db: ModelDb,
  model: ModelSchema,
  session: Session,
  query: Record<string, unknown>,
): Promise<AggregateRow[]> {
  const measure = String(query.measure ?? 'count') as Measure
  const field = query.field === undefined ? undefined : String(query.field)
  const groupBy = query.groupBy === undefined ? undefined : String(query.groupBy)
  if (measure !== 'count' && (!field || !numberFields(model).includes(field))) {
    throw badRequest(
      `measure '${measure}' needs field=<a number field of ${model.entity}>: use one of ${numberFields(model).join(', ') || '(none)'}.`,
      { field: 'not a number field' },
    )
  }
  if (groupBy !== undefined && !groupableFields(model).includes(groupBy)) {
    throw badRequest(
      `Cannot group by '${groupBy}': use a searchable or sortable field of ${model.entity}: ${groupableFields(model).join(', ')}.`,
      { groupBy: `unknown field '${groupBy}'` },
    )
  }
  const value =
    measure === 'count'
      ? sql<number>`count(*)`
      : sql<number>`coalesce(${sql.raw(measure)}(${sql.ref(field!)}), 0)`
  const base = filteredRows(db, model, session, query)
  if (groupBy === undefined) {
    const row = await base.select(value.as('value')).executeTakeFirst()
    return [{ key: null, value: Number(row?.value ?? 0) }]
  }
  // order=key: the groups by key ascending (a time axis, age buckets), the latest MAX_GROUPS of them
  const byKey = query.order === 'key'
  const rows = await base
    .select([sql.ref(groupBy).as('key'), value.as('value')])
    .groupBy(groupBy)
    .orderBy(sql`${sql.raw(byKey ? '1' : '2')}`, 'desc')
    .limit(MAX_GROUPS)
    .execute()
  if (byKey) rows.reverse()
  return rows.map((row) => ({
    key: (row as { key: AggregateRow['key'] }).key,
    value: Number((row as { value: unknown }).value),
  }))
}
