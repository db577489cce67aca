/**
 * Data permission rules (/hpfm/permission, table hpfm_permission_rule): a rule names a model (service/entity),
 * a field, an operator and a value; while enabled, the model's lists, exports and aggregates of the tenant
 * (for the rule's role, or every role) show only rows satisfying it. Applied in SQL as one NOT EXISTS, so the
 * rules are read with the rows (nothing cached: a changed rule applies to the next request). The row's field
 * is read by name through to_jsonb(<table>), since rules name fields as data.
 */
import { sql, type SelectQueryBuilder } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Session } from '../../types.ts'

/** Models a rule can never restrict: the rules themselves (an administrator must always see them all). */
const EXEMPT = new Set(['hpfm/permissionRule'])

/** A model is named as pages name it (hpfm/permission-rule, the file) or as service/entity (hpfm/permissionRule). */
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- builder of any model table (dynamic names)
export function applyPermissionRules<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  model: ModelSchema,
  session: Session,
): Q {
  const modelKey = `${model.service}/${model.entity}`
  const fileKey = `${model.service}/${kebab(model.entity)}`
  if (EXEMPT.has(modelKey)) return query
  const field = sql`(to_jsonb(${sql.table(model.table)}) ->> lower(regexp_replace(r.field_name, '([A-Z])', '_\\1', 'g')))`
  const value = sql`replace(replace(replace(coalesce(r.rule_value, ''), '{userId}', ${String(session.userId)}), '{tenantId}', ${String(session.tenantId)}), '{roleCode}', ${session.roleCode})`
  const list = sql`string_to_array(replace(${value}, ' ', ''), ',')`
  const holds = sql`case r.operator
      when 'EQUAL' then ${field} = ${value}
      when 'NOT_EQUAL' then ${field} is distinct from ${value}
      when 'IN' then ${field} = any(${list})
      when 'NOT_IN' then ${field} is null or not (${field} = any(${list}))
      when 'LIKE' then ${field} ilike '%' || ${value} || '%'
      when 'IS_NULL' then ${field} is null or ${field} = ''
      when 'NOT_NULL' then ${field} is not null and ${field} <> ''
      else false end`
  return query.where(
    sql<boolean>`not exists (select 1 from hpfm_permission_rule r
      where r.tenant_id = ${session.tenantId} and r.model_key in (${modelKey}, ${fileKey}) and r.enabled_flag = 1
        and (r.role_code is null or r.role_code = '' or r.role_code = ${session.roleCode})
        and not coalesce(${holds}, false))`,
  ) as Q
}
