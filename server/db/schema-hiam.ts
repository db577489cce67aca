/** Kysely types of the identity administration tables and columns (migration 0011). */
import type { ColumnType, Generated } from 'kysely'

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>

export interface RoleAdminColumns {
  description: Nullable<string>
  enabledFlag: Generated<number>
  parentRoleId: Nullable<number>
  objectVersionNumber: Generated<number>
}
export interface UserAdminColumns {
  phone: Nullable<string>
  passwordChangedAt: Nullable<number>
}
export interface TenantAdminColumns {
  enabledFlag: Generated<number>
  remark: Nullable<string>
  objectVersionNumber: Generated<number>
}
export interface ClientAdminColumns {
  clientName: Nullable<string>
  enabledFlag: Generated<number>
  /** Seconds a token of this client lives; null = the server's default. */
  accessTokenValidity: Nullable<number>
  remark: Nullable<string>
  objectVersionNumber: Generated<number>
}
export interface LoginAttemptColumns {
  clientId: Nullable<string>
  userAgent: Nullable<string>
  /** Why a sign-in failed: wrong | locked | disabled | weak | no_role | unknown_user; null when it succeeded. */
  reason: Nullable<string>
  tenantId: Nullable<number>
}
export interface PasswordPolicyTable {
  tenantId: number
  minLength: number
  maxLength: number
  digits: number
  lowercase: number
  uppercase: number
  specials: number
  notLoginName: number
  checkAtSignIn: number
  maxErrorTimes: number
  lockMinutes: number
  /** single | per-device | unlimited: live sessions a user keeps (server/modules/oauth/devices.ts). Migration 0043. */
  concurrentSessions: ColumnType<string, string | undefined, string>
  objectVersionNumber: Generated<number>
}
export interface PermissionCheckTable {
  id: Generated<number>
  tenantId: number
  userId: number
  loginName: string
  roleId: number
  roleCode: string
  permissionCode: string
  method: string
  path: string
  menuId: number | null
  requestId: string | null
  checkedAt: number
  handledFlag: Generated<number>
}
export interface HiamTables {
  iamPasswordPolicy: PasswordPolicyTable
  iamPermissionCheck: PermissionCheckTable
}
