/**
 * Kysely types of the platform-administration tables (migration 0015), merged into the app's Database
 * interface so the module's queries are typed without editing the shared schema file.
 */
import type { Generated } from 'kysely'
import type { Json, Texts } from '../../db/schema.ts'

export interface LookupSetTable {
  tenantId: number
  lookupCode: string
  names: Json<Texts>
  description: string | null
  objectVersionNumber: Generated<number>
}

export interface PermissionRuleTable {
  permissionRuleId: Generated<number>
  tenantId: number
  ruleCode: string
  ruleName: string
  modelKey: string
  roleCode: string | null
  fieldName: string
  operator: string
  ruleValue: string | null
  enabledFlag: number
}

export interface ConfigTable {
  configId: Generated<number>
  tenantId: number
  configCode: string
  configValue: string | null
}

export interface ProfileValueTable {
  profileValueId: Generated<number>
  tenantId: number
  profileName: string
  levelCode: string
  levelValue: string
  profileValue: string
}

export interface TenantLogTable {
  logId: Generated<number>
  tenantId: number
  userId: number
  roleCode: string
  method: string
  path: string
  statusCode: number
  durationMs: number
  requestId: string | null
  creationDate: Generated<Date>
}

/** Columns migration 0015 added to tables of 0002 (read here only). */
export interface LookupValueIdColumns {
  lookupValueId: Generated<number>
  objectVersionNumber: Generated<number>
}

declare module '../../db/schema.ts' {
  interface Database {
    hpfmLookupSet: LookupSetTable
    hpfmPermissionRule: PermissionRuleTable
    hpfmConfig: ConfigTable
    hpfmProfileValue: ProfileValueTable
    hpfmTenantLog: TenantLogTable
  }
  interface LookupValueTable {
    lookupValueId: LookupValueIdColumns['lookupValueId']
    objectVersionNumber: LookupValueIdColumns['objectVersionNumber']
  }
  interface CodeRuleTable {
    codeRuleId: Generated<number>
    enabledFlag: Generated<number>
    ruleName: string | null
  }
}
