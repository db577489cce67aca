/**
 * Field permission rules (table hiam_field_permission, edited on the role and sub-account "field" screens,
 * server/modules/hiam/routes-field-rules.ts): for a role or a user of a tenant, a permission code and one model
 * that code guards, a field is HIDDEN — left out of every row the model's endpoints answer (list, get, export,
 * and the rows a create or update answers) — or READ_ONLY — a create or update that sets or changes it is
 * refused with 403 naming the field. A HIDDEN field cannot be written either. Rules apply to the session's role
 * and to its user, in the session's tenant, only while enabled; several rules add up.
 *
 * Read per request; on PGlite the answer is kept while nothing has been written (write-watch.ts), so a changed
 * rule applies at the next request and a list pays no query while nothing changes.
 */
import { sql } from 'kysely'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { writeWatchOf, type ReadCache } from '../../db/write-watch.ts'
import { AppError } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { writableFields } from './model-schemas.ts'
import { modelDb, inScope, type Row } from './model-scope.ts'

export type FieldRuleType = 'HIDDEN' | 'READ_ONLY'

export interface FieldRules {
  hidden: Set<string>
  readOnly: Set<string>
}

/**
 * The rules table's own model: never restricted by its rules, so an administrator always sees them all. A rule
 * names its model by the model file's name (`modelKey`, migration 0043 rewrote the older spelling).
 */
export const FIELD_RULE_MODEL = 'iam/field-permission'

/** The permission codes of a model (its guards and its lifecycle actions'): a rule names one of them. */
export function permissionCodesOf(model: ModelSchema): string[] {
  const codes = [
    ...Object.values(model.permissions ?? {}),
    ...(model.lifecycle?.transitions ?? []).map((transition) => transition.permission),
  ]
  return [...new Set(codes.filter((code): code is string => typeof code === 'string' && code !== ''))]
}

const NONE: FieldRules = { hidden: new Set(), readOnly: new Set() }
const caches = new WeakMap<object, ReadCache<FieldRules>>()
const CACHE_MS = 5000

function cacheOf(db: object): ReadCache<FieldRules> | undefined {
  const watch = writeWatchOf(db)
  if (!watch) return undefined
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = watch.cache<FieldRules>(CACHE_MS)))
  return cache
}

async function readRules(db: Db, model: ModelSchema, session: Session): Promise<FieldRules> {
  const result = await sql<{ fieldName: string; ruleType: FieldRuleType }>`
    select field_name, rule_type from hiam_field_permission
    where tenant_id = ${session.tenantId} and model_key = ${modelKey(model)} and enabled_flag = 1
      and ((target_type = 'ROLE' and target_id = ${session.roleId})
        or (target_type = 'USER' and target_id = ${session.userId}))`.execute(db)
  if (!result.rows.length) return NONE
  const rules: FieldRules = { hidden: new Set(), readOnly: new Set() }
  for (const row of result.rows)
    (row.ruleType === 'HIDDEN' ? rules.hidden : rules.readOnly).add(row.fieldName)
  return rules
}

/** The enabled rules of the session's role and user on `model`, in the session's tenant. */
export async function fieldRulesFor(db: Db, model: ModelSchema, session: Session): Promise<FieldRules> {
  if (modelKey(model) === FIELD_RULE_MODEL) return NONE
  const cache = cacheOf(db)
  if (!cache) return readRules(db, model, session)
  const key = `${session.tenantId}\u0000${session.roleId}\u0000${session.userId}\u0000${modelKey(model)}`
  return cache.get(key, () => readRules(db, model, session))
}

/** The row without the HIDDEN fields (a copy; the row itself is left as it is). */
export function withoutHidden<T extends Row>(row: T, rules: FieldRules): T {
  if (!rules.hidden.size) return row
  const copy: Row = { ...row }
  for (const field of rules.hidden) delete copy[field]
  return copy as T
}

/** Rows (a page's content, an array or one row) without the HIDDEN fields of the session. */
export async function hideFields<T>(db: Db, model: ModelSchema, session: Session, answer: T): Promise<T> {
  return withoutHiddenIn(answer, await fieldRulesFor(db, model, session))
}

/** hideFields with the rules already read. */
export function withoutHiddenIn<T>(answer: T, rules: FieldRules): T {
  if (!rules.hidden.size || answer === null || typeof answer !== 'object') return answer
  if (Array.isArray(answer)) return answer.map((row: Row) => withoutHidden(row, rules)) as T
  const page = answer as { content?: unknown }
  if (Array.isArray(page.content))
    return { ...page, content: page.content.map((row: Row) => withoutHidden(row, rules)) } as T
  return withoutHidden(answer as Row, rules) as T
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''

/** Stored and sent values compared as the wire carries them: numbers as numbers, the rest as text. */
function sameValue(stored: unknown, sent: unknown): boolean {
  if (isEmpty(stored) && isEmpty(sent)) return true
  if (isEmpty(stored) || isEmpty(sent)) return false
  const a = Number(stored)
  const b = Number(sent)
  if (typeof stored !== 'object' && Number.isFinite(a) && Number.isFinite(b) && String(sent).trim() !== '')
    return a === b
  if (typeof stored === 'object' || typeof sent === 'object')
    return JSON.stringify(stored) === JSON.stringify(sent)
  return String(stored) === String(sent)
}

/**
 * 403 when a create sets, or an update or action changes, a field a rule makes READ_ONLY or HIDDEN for the
 * session. A create may send a field at its model default (what the form starts with); an update or action may
 * send it unchanged (an action's body carries the row as the client saw it, with the row's key).
 */
export async function checkFieldRules(
  db: Db,
  model: ModelSchema,
  session: Session,
  op: 'create' | 'update' | 'action',
  body: Row,
): Promise<void> {
  const rules = await fieldRulesFor(db, model, session)
  if (!rules.hidden.size && !rules.readOnly.size) return
  // Only what the write would store: an update ignores fields that are not updatable. An action (a lifecycle
  // transition or a hand-written endpoint acting on one row) may write any field from its body, read-only in
  // the model or not (an intercept's reason, a pack's load number), so every field it carries counts.
  const candidates =
    op === 'action' ? model.fields.filter((field) => field.name !== model.primaryKey) : writableFields(model)
  const guarded = candidates.filter(
    (field) =>
      (rules.hidden.has(field.name) || rules.readOnly.has(field.name)) &&
      body[field.name] !== undefined &&
      (op !== 'update' || field.updatable !== false),
  )
  if (!guarded.length) return
  let stored: Row | undefined
  if (op !== 'create') {
    const query = inScope(modelDb(db).selectFrom(model.table).selectAll(), model, session)
    // A missing row is the update's own 404 (or 409) to answer: compared with nothing, every field is "changed".
    stored = (await query.where(model.primaryKey, '=', body[model.primaryKey]).executeTakeFirst()) ?? {}
  }
  const changed = guarded.filter((field) =>
    stored ? !sameValue(stored[field.name], body[field.name]) : !sameValue(field.default, body[field.name]),
  )
  if (!changed.length) return
  const why = (name: string) =>
    rules.hidden.has(name)
      ? `${name} is hidden from your role by a field permission rule`
      : `${name} is read-only for your role by a field permission rule`
  const fields = Object.fromEntries(changed.map((field) => [field.name, why(field.name)]))
  throw new AppError(
    403,
    'error.forbidden',
    `${Object.values(fields).join('; ')}: leave ${changed.map((f) => f.name).join(', ')} as it is, or ask an administrator to change the rule on the role's field permissions.`,
    fields,
  )
}

/**
 * 403 when a list, export or aggregate request filters, sorts, groups or measures by a field hidden from the
 * session: its answer would tell the hidden values apart (rows matching `contactPhone=555…`, one group per value).
 */
export async function checkHiddenQuery(
  db: Db,
  model: ModelSchema,
  session: Session,
  query: Record<string, unknown>,
): Promise<void> {
  const { hidden } = await fieldRulesFor(db, model, session)
  if (!hidden.size) return
  const sorted = String(query.sort ?? '')
    .split(/[;,]/)
    .map((part) => part.trim())
  let conditions: unknown[] = []
  try {
    const parsed: unknown = JSON.parse(String(query.conditions ?? '[]'))
    if (Array.isArray(parsed)) conditions = parsed
  } catch {
    // a malformed conditions parameter is the list's own 400 to answer
  }
  const used = [...hidden].filter(
    (name) =>
      [name, `${name}From`, `${name}To`].some((key) => !isEmpty(query[key])) ||
      sorted.includes(name) ||
      query.groupBy === name ||
      query.field === name ||
      conditions.some((c) => (c as { fieldCode?: unknown } | null)?.fieldCode === name),
  )
  if (!used.length) return
  const fields = Object.fromEntries(
    used.map((name) => [name, `${name} is hidden from your role by a field permission rule`]),
  )
  throw new AppError(
    403,
    'error.forbidden',
    `${Object.values(fields).join('; ')}: search, sort and group by other fields.`,
    fields,
  )
}
