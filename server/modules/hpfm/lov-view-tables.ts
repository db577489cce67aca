/**
 * Kysely table types of migration 0003 (Lov views), merged into the app's Database interface so queries on
 * them are typed like the other hand-written tables.
 */
import type { Generated } from 'kysely'
import type { LovDataType, LovTypeCode } from '../../../renderer/contract/lov-view.ts'
import type { Json, Texts } from '../../db/schema.ts'

export type LovMatch = 'like' | 'exact'

export interface LovViewTable {
  tenantId: number
  viewCode: string
  viewNames: Json<Texts>
  lovCode: string
  lovNames: Json<Texts>
  lovTypeCode: LovTypeCode
  queryUrl: string | null
  requestMethod: 'GET' | 'POST'
  sqlText: string | null
  sortField: string | null
  valueField: string
  displayField: string
  titles: Json<Texts>
  width: number
  height: number | null
  pageSize: number
  delayLoadFlag: number
  childrenFieldName: string | null
  enabledFlag: number
  objectVersionNumber: Generated<number>
}
export interface LovViewQueryFieldTable {
  tenantId: number
  viewCode: string
  seq: number
  field: string
  labels: Json<Texts>
  dataType: LovDataType
  sourceCode: string | null
  matchMode: LovMatch
}
export interface LovViewTableFieldTable {
  tenantId: number
  viewCode: string
  seq: number
  dataIndex: string
  titles: Json<Texts>
  width: number | null
  dataType: LovDataType
}

declare module '../../db/schema.ts' {
  interface Database {
    hpfmLovView: LovViewTable
    hpfmLovViewQueryField: LovViewQueryFieldTable
    hpfmLovViewTableField: LovViewTableFieldTable
  }
}
