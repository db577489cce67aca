/** Table types of migration 0023 (audit records, file edit log), merged into the app's Database interface. */
import type { ColumnType, Generated } from 'kysely'

export interface AuditRecordTable {
  auditRecordId: Generated<number>
  tenantId: number
  auditType: 'OPERATION' | 'DATA' | 'DOCUMENT'
  modelCode: string
  recordId: number | null
  documentNumber: string | null
  action: 'CREATE' | 'UPDATE' | 'DELETE'
  userId: number
  userName: string
  roleId: number | null
  occurredAt: ColumnType<string, string | undefined, never>
  changedFields: string
  beforeData: unknown
  afterData: unknown
}

export interface FileEditLogTable {
  logId: Generated<number>
  tenantId: number
  fileId: number | null
  fileName: string
  bucketName: string
  action: 'EDIT' | 'DELETE'
  userId: number
  userName: string
  occurredAt: ColumnType<string, string | undefined, never>
  detail: string
}

declare module '../../db/schema.ts' {
  interface Database {
    hmntAuditRecord: AuditRecordTable
    hfleFileEditLog: FileEditLogTable
  }
}
