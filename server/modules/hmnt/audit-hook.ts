/**
 * The audit hook of the generic model write path (model-write.ts): for a model named in an enabled audit config
 * of the tenant (operation, data or document audit), each create, update and delete is recorded in
 * hmnt_audit_record through the writer's own connection, so it commits or rolls back with the change.
 * A model no config names costs one small query per write and records nothing.
 */
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import type { Session } from '../../types.ts'
import { modelDb, type Row } from '../models/model-scope.ts'

export type AuditAction = 'CREATE' | 'UPDATE' | 'DELETE'

interface AuditRule {
  kind: 'OPERATION' | 'DATA' | 'DOCUMENT'
  createFlag: number
  updateFlag: number
  deleteFlag: number
  auditFields: string | null
  numberField: string | null
}

/** Columns every row carries; never reported as a change. */
const BOOKKEEPING = new Set([
  'tenantId',
  'objectVersionNumber',
  'createdBy',
  'creationDate',
  'lastUpdatedBy',
  'lastUpdateDate',
])

/** "wms/jxs-outbound-order": the name a configurator writes (the model file's), from the model. */
export const modelCodeOf = (model: ModelSchema) =>
  `${model.service}/${model.entity.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`

// The config tables are model tables (schemas/models/hmnt): absent when the server runs another model set.
let configTablesPresent = false
async function rulesOf(db: Db, modelCode: string, tenantId: number): Promise<AuditRule[]> {
  if (!configTablesPresent) {
    const found = await sql<{
      table: string | null
    }>`select to_regclass('hmnt_document_audit_config')::text as table`.execute(db)
    if (!found.rows[0]?.table) return []
    configTablesPresent = true
  }
  const result = await sql<AuditRule>`
    select 'OPERATION' as kind, create_flag as "createFlag", update_flag as "updateFlag",
        delete_flag as "deleteFlag", null as "auditFields", null as "numberField"
      from hmnt_audit_config where tenant_id = ${tenantId} and model_code = ${modelCode} and enabled_flag = 1
    union all
    select 'DATA', 1, 1, 1, audit_fields, null
      from hmnt_data_audit_config where tenant_id = ${tenantId} and model_code = ${modelCode} and enabled_flag = 1
    union all
    select 'DOCUMENT', 1, 1, 1, null, document_number_field
      from hmnt_document_audit_config where tenant_id = ${tenantId} and model_code = ${modelCode} and enabled_flag = 1
  `.execute(db)
  return result.rows
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

function changedFields(model: ModelSchema, before: Row | null, after: Row | null): string[] {
  const names = [model.primaryKey, ...model.fields.map((field) => field.name)]
  return names.filter((name) => !BOOKKEEPING.has(name) && !same(before?.[name], after?.[name]))
}

const pick = (row: Row | null, names: string[] | null) =>
  row && names ? Object.fromEntries(names.map((name) => [name, row[name] ?? null])) : row

export interface AuditContext {
  /** Records the change once the write succeeded; `after` is null for a delete. */
  record(after: Row | null): Promise<void>
}

/**
 * Before a write: the audit rules of the model and (for update/delete) the row as it is now, or undefined
 * when nothing audits the model. Call `record` after the write, on the same connection.
 */
export async function auditContext(
  db: Db,
  model: ModelSchema,
  session: Session,
  action: AuditAction,
  id?: unknown,
): Promise<AuditContext | undefined> {
  const modelCode = modelCodeOf(model)
  const tenantId = model.tenantScoped !== false ? session.tenantId : 0
  const rules = await rulesOf(db, modelCode, session.tenantId)
  if (!rules.length) return undefined
  let before: Row | null = null
  if (action !== 'CREATE') {
    let query = modelDb(db).selectFrom(model.table).selectAll().where(model.primaryKey, '=', id)
    if (model.tenantScoped !== false) query = query.where('tenantId', '=', tenantId)
    before = (await query.executeTakeFirst()) ?? null
  }
  return {
    async record(after) {
      const changed = changedFields(model, before, after)
      if (action === 'UPDATE' && !changed.length) return
      const user = await db
        .selectFrom('iamUser')
        .select(['loginName', 'realName'])
        .where('id', '=', session.userId)
        .executeTakeFirst()
      const base = {
        tenant_id: session.tenantId,
        model_code: modelCode,
        record_id: Number((after ?? before)?.[model.primaryKey]) || null,
        action,
        user_id: session.userId,
        user_name: user ? `${user.realName || user.loginName} (${user.loginName})` : String(session.userId),
        role_id: session.roleId,
      }
      const rows = []
      for (const rule of rules) {
        const flag =
          action === 'CREATE' ? rule.createFlag : action === 'UPDATE' ? rule.updateFlag : rule.deleteFlag
        if (!Number(flag)) continue
        if (rule.kind === 'OPERATION') {
          rows.push({
            ...base,
            audit_type: 'OPERATION',
            changed_fields: changed.join(','),
            document_number: null,
            before_data: null,
            after_data: null,
          })
        } else if (rule.kind === 'DATA') {
          const listed =
            rule.auditFields
              ?.split(',')
              .map((name) => name.trim())
              .filter(Boolean) ?? []
          const fields = listed.length ? listed : null
          const relevant = fields ? changed.filter((name) => fields.includes(name)) : changed
          if (action === 'UPDATE' && !relevant.length) continue
          rows.push({
            ...base,
            audit_type: 'DATA',
            changed_fields: relevant.join(','),
            document_number: null,
            before_data: json(pick(before, fields)),
            after_data: json(pick(after, fields)),
          })
        } else {
          const number = (after ?? before)?.[rule.numberField ?? '']
          rows.push({
            ...base,
            audit_type: 'DOCUMENT',
            changed_fields: changed.join(','),
            document_number: number === undefined || number === null ? null : String(number),
            before_data: json(before),
            after_data: json(after),
          })
        }
      }
      for (const row of rows) {
        await sql`insert into hmnt_audit_record (tenant_id, audit_type, model_code, record_id, document_number, action,
            user_id, user_name, role_id, changed_fields, before_data, after_data)
          values (${row.tenant_id}, ${row.audit_type}, ${row.model_code}, ${row.record_id}, ${row.document_number},
            ${row.action}, ${row.user_id}, ${row.user_name}, ${row.role_id}, ${row.changed_fields.slice(0, 2000)},
            ${row.before_data}::jsonb, ${row.after_data}::jsonb)`.execute(db)
      }
    },
  }
}

const json = (value: Row | null) => (value === null ? null : JSON.stringify(value))
