/**
 * Kysely types of the hfle tables (migration 0006), merged into the app's Database interface so the module's
 * queries are typed without editing the shared schema file.
 */
import type { ColumnType, Generated } from 'kysely'

export interface FileTable {
  id: Generated<number>
  tenantId: number
  /** The attachment group (files/uuid) the file belongs to; null for a loose file. */
  attachmentUuid: string | null
  bucketName: string
  directory: string
  /** The sanitised name the file is downloaded as. */
  fileName: string
  /** The URL the client keeps and sends back (download?url=…); unique. */
  fileUrl: string
  /** Key in the FileStore (tenant/bucket/uuid: never derived from the client's file name). */
  storageKey: string
  fileSize: number
  contentType: string
  createdBy: number
  creationDate: ColumnType<string, never, never>
}

export interface UploadConfigTable {
  tenantId: number
  bucketName: string
  /** Comma-separated lower-case extensions ("pdf,png"); empty: any type. */
  allowedTypes: string
  maxSize: number
  lastUpdatedBy: number
  lastUpdateDate: ColumnType<string, never, string>
}

export interface MultiLanguageTable {
  tenantId: number
  tableName: string
  recordId: number
  fieldName: string
  lang: string
  value: string
}

declare module '../../db/schema.ts' {
  interface Database {
    hfleFile: FileTable
    hfleUploadConfig: UploadConfigTable
    hpfmMultiLanguage: MultiLanguageTable
  }
}
