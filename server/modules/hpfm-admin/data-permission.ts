/**
 * Data permission rules (/hpfm/permission, table hpfm_permission_rule): a rule names a model (its file's name,
 * `wms/outbound-order`; saving refuses a key naming no model file),
 * a field, an operator and a value; while enabled, the model's lists, exports and aggregates of the tenant
 * (for the rule's role, or every role) show only rows satisfying it. Applied in SQL as one NOT EXISTS, so the
 * rules are read with the rows (nothing cached: a changed rule applies to the next request). The row's field
 * is read by name through to_jsonb(<table>), since rules name fields as data. IN_DATA_GROUP / NOT_IN_DATA_GROUP
 * take a data group's code (/hpfm/data-group) as the value: the row's field must (not) be one of the values of
 * the group's lines, the group enabled (a disabled or emptied group lets no row through IN_DATA_GROUP).
 */
import { modelBehaviour, modelsOf, type ModelBehaviour } from '../models/behaviour.ts'
import { modelNamed } from '../models/model-index.ts'
import { sql, type SelectQueryBuilder } from 'kysely'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest } from '../../errors.ts'
import { cacheWatchOf, readCache, writeWatchOf, type ReadCache } from '../../db/write-watch.ts'
import type { Db } from '../../db/schema.ts'
import type { Session } from '../../types.ts'
import { modelDb, type ModelDb } from '../models/model-scope.ts'
import { checkLovDimensions, DIMENSION_OPERATORS, ruleValues } from './dimension-lovs.ts'

/** Models a rule can never restrict: the rules themselves (an administrator must always see them all). */
const EXEMPT = new Set(['hpfm/permission-rule'])

/**
 * Which tenants have enabled rules on which models, as read at one write-watch generation (PGlite only): while
 * nothing has been written since, a model without a rule needs no clause at all. The clause costs every list
 * query its planning and turns the count's index-only scan into a heap scan with an anti-join (bench measure 6),
 * for the many tenants and models that have no rule. Any write (a new or changed rule among them) makes the
 * snapshot stale, and a stale or missing snapshot means the clause is applied: never a row a rule would hide.
 */
interface RuleSnapshot {
  generation: number
  keys: Set<string>
}
const snapshots = new WeakMap<object, RuleSnapshot>()
const reading = new WeakMap<object, Promise<void>>()
const snapshotKey = (tenantId: number, modelKey: string) => `${tenantId}\u0000${modelKey}`

/** Reads the rule snapshot again if a write ran since it was read (PGlite; nothing to do on PostgreSQL). */
export async function refreshRuleSnapshot(db: ModelDb): Promise<void> {
  const watch = writeWatchOf(db)
  if (!watch || snapshots.get(db)?.generation === watch.generation) return
  const pending = reading.get(db)
  if (pending) return pending
  const generation = watch.generation
  const read = db
    .selectFrom('hpfm_permission_rule')
    .select(['tenantId', 'modelKey'])
    .where('enabledFlag', '=', 1)
    .execute()
    .then((rows) => {
      // kept only if nothing was written while it was read (the read itself writes nothing)
      if (generation !== watch.generation) return
      const keys = new Set(rows.map((row) => snapshotKey(Number(row.tenantId), String(row.modelKey))))
      snapshots.set(db, { generation, keys })
    })
    .finally(() => reading.delete(db))
  reading.set(db, read)
  return read
}

const ruleFreeCaches = new WeakMap<object, ReadCache<boolean>>()

/**
 * Whether no enabled rule of the session's tenant names `model`, as of now: on PGlite from the snapshot (read
 * again only after a write), on PostgreSQL by one indexed read, kept while no process writes (another process
 * may write a rule at any time: its COMMIT is heard before the next request, db/notify-watch.ts).
 * A list that knows its model is rule-free builds its queries without the clause (`applyPermissionRules`).
 */
export async function ruleFreeNow(
  db: ModelDb,
  model: ModelSchema,
  session: Session,
  /** The cache watch's `settle()`, when the caller asked it already (listRows). */
  settled?: boolean | Promise<boolean>,
): Promise<boolean> {
  const key = modelKey(model)
  if (EXEMPT.has(key)) return true
  if (writeWatchOf(db)) {
    await refreshRuleSnapshot(db)
    return knownRuleFree(db, session.tenantId, key)
  }
  const read = async () =>
    (await db
      .selectFrom('hpfm_permission_rule')
      .select('permissionRuleId')
      .where('tenantId', '=', session.tenantId)
      .where('modelKey', '=', key)
      .where('enabledFlag', '=', 1)
      .limit(1)
      .executeTakeFirst()) === undefined
  const watch = cacheWatchOf(db)
  if (!watch) return read()
  let cache = ruleFreeCaches.get(db)
  if (!cache) ruleFreeCaches.set(db, (cache = readCache<boolean>(watch, RULE_FREE_CACHE_MS)))
  return cache.get(snapshotKey(session.tenantId, key), read, settled ?? watch.settle())
}

const RULE_FREE_CACHE_MS = 5000

/** True only when a fresh snapshot shows no enabled rule of the tenant on the model. */
function knownRuleFree(db: ModelDb | undefined, tenantId: number, key: string): boolean {
  const watch = db && writeWatchOf(db)
  const snapshot = db && snapshots.get(db)
  if (!watch || !snapshot || snapshot.generation !== watch.generation) return false
  return !snapshot.keys.has(snapshotKey(tenantId, key))
}

/**
 * Limits `query` to the rows the tenant's enabled rules on `model` let the session see. `db` is the database
 * the query runs on, for the rule snapshot (`refreshRuleSnapshot`); without it the clause is always applied.
 * `ruleFree` is `ruleFreeNow`'s answer when the caller asked it: the clause is left out.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- builder of any model table (dynamic names)
export function applyPermissionRules<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  model: ModelSchema,
  session: Session,
  db?: ModelDb,
  ruleFree = false,
): Q {
  const key = modelKey(model)
  if (EXEMPT.has(key) || ruleFree) return query
  if (knownRuleFree(db, session.tenantId, key)) return query
  const field = sql`(to_jsonb(${sql.table(model.table)}) ->> lower(regexp_replace(r.field_name, '([A-Z])', '_\\1', 'g')))`
  const value = sql`replace(replace(replace(coalesce(r.rule_value, ''), '{userId}', ${String(session.userId)}), '{tenantId}', ${String(session.tenantId)}), '{roleCode}', ${session.roleCode})`
  const list = sql`string_to_array(replace(${value}, ' ', ''), ',')`
  const inGroup = sql`exists (select 1 from hpfm_data_group g join hpfm_data_group_line l
      on l.data_group_id = g.data_group_id
    where g.tenant_id = ${session.tenantId} and g.group_code = r.rule_value and g.enabled_flag = 1
      and l.line_value = ${field})`
  const holds = sql`case r.operator
      when 'EQUAL' then ${field} = ${value}
      when 'NOT_EQUAL' then ${field} is distinct from ${value}
      when 'IN' then ${field} = any(${list})
      when 'NOT_IN' then ${field} is null or not (${field} = any(${list}))
      when 'LIKE' then ${field} ilike '%' || ${value} || '%'
      when 'IS_NULL' then ${field} is null or ${field} = ''
      when 'NOT_NULL' then ${field} is not null and ${field} <> ''
      when 'IN_DATA_GROUP' then ${inGroup}
      when 'NOT_IN_DATA_GROUP' then ${field} is null or not ${inGroup}
      else false end`
  return query.where(
    sql<boolean>`not exists (select 1 from hpfm_permission_rule r
      where r.tenant_id = ${session.tenantId} and r.model_key = ${key} and r.enabled_flag = 1
        and (r.role_code is null or r.role_code = '' or r.role_code = ${session.roleCode})
        and not coalesce(${holds}, false))`,
  ) as Q
}

/**
 * Saving a rule: its model key must name a model file (400 naming the nearest, so a misspelt or old-spelling
 * key cannot silently restrict nothing); a data-group operator must name a data group of the tenant (400 naming
 * the codes to pick from), so a typing error cannot hide every row.
 */
export const permissionRuleBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'hpfm/permission-rule',
    writeGuards: [
      async ({ db, model, session, op, values, body }) => {
        if (op === 'delete') return
        if (values.modelKey !== undefined) modelNamed(modelsOf(model), String(values.modelKey))
        let { operator, ruleValue, fieldName } = values
        if (
          op === 'update' &&
          (operator === undefined || ruleValue === undefined || fieldName === undefined)
        ) {
          const saved = await modelDb(db)
            .selectFrom('hpfm_permission_rule')
            .select(['operator', 'ruleValue', 'fieldName'])
            .where('tenantId', '=', session.tenantId)
            .where('permissionRuleId', '=', Number(body.permissionRuleId))
            .executeTakeFirst()
          operator ??= saved?.operator
          ruleValue ??= saved?.ruleValue
          fieldName ??= saved?.fieldName
        }
        if (DIMENSION_OPERATORS.includes(String(operator))) {
          const rule = [String(fieldName ?? ''), String(operator), String(ruleValue ?? '')] as const
          await checkDimensionValues(db, session, ...rule)
          await checkLovDimensions(db, session, ...rule)
        }
        if (operator !== 'IN_DATA_GROUP' && operator !== 'NOT_IN_DATA_GROUP') return
        const code = String(ruleValue ?? '')
        const groups = await modelDb(db)
          .selectFrom('hpfm_data_group')
          .select('groupCode')
          .where('tenantId', '=', session.tenantId)
          .execute()
        if (!groups.some((group) => group.groupCode === code)) {
          const known = groups.map((group) => String(group.groupCode)).join(', ') || 'none yet'
          const message = `ruleValue '${code}' is not a data group code: ${operator} takes the code of a data group of /hpfm/data-group (${known})`
          throw badRequest(`${message}.`, { ruleValue: message })
        }
      },
    ],
  }),
]

/**
 * Data dimensions (/hpfm/data-dimension-config) feed the rules: when an enabled dimension of the tenant whose
 * source is a value set (LOOKUP) documents the rule's field, an EQUAL / NOT_EQUAL / IN / NOT_IN rule may only
 * name values of that set ({placeholders} aside), so a mistyped value cannot silently hide every row. A
 * dimension sourced from a Lov view (LOV) is checked against what the Lov answers (dimension-lovs.ts).
 */
async function checkDimensionValues(
  db: Db,
  session: Session,
  fieldName: string,
  operator: string,
  ruleValue: string,
): Promise<void> {
  if (!fieldName) return
  const dimensions = (await modelDb(db)
    .selectFrom('hpfm_data_dimension')
    .select(['dimensionCode', 'sourceCode'])
    .where('tenantId', '=', session.tenantId)
    .where('fieldName', '=', fieldName)
    .where('sourceType', '=', 'LOOKUP')
    .where('enabledFlag', '=', 1)
    .orderBy('dimensionCode')
    .execute()) as Array<{ dimensionCode: string; sourceCode: string }>
  if (!dimensions.length) return
  const sent = ruleValues(operator, ruleValue)
  for (const dimension of dimensions) {
    const rows = await db
      .selectFrom('hpfmLookupValue')
      .select('value')
      .where('lookupCode', '=', dimension.sourceCode)
      .where('tenantId', 'in', [0, session.tenantId])
      .execute()
    const allowed = rows.map((row) => String(row.value))
    const wrong = sent.filter((value) => !allowed.includes(value))
    if (wrong.length) {
      const message = `${wrong.join(', ')}: not values of data dimension ${dimension.dimensionCode} (value set ${dimension.sourceCode}), which ${fieldName} follows: use ${allowed.join(', ') || 'a value the set has (it has none yet)'}`
      throw badRequest(`${message}.`, { ruleValue: message })
    }
  }
}
