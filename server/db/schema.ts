/**
 * Kysely table types of the hand-written tables (migrations 0001, 0002), in camelCase: the CamelCasePlugin
 * maps them to snake_case columns. Model tables (schemas/models) are dynamic and typed as plain rows.
 */
import type { ColumnType, Generated, Kysely } from 'kysely'
import type { Language, RoleLevel } from '../../renderer/contract/wire.ts'
import type {
  ClientAdminColumns,
  HiamTables,
  LoginAttemptColumns,
  RoleAdminColumns,
  TenantAdminColumns,
  UserAdminColumns,
} from './schema-hiam.ts'

export type Texts = Partial<Record<Language, string>>
export type MenuTag = { dot?: boolean; content?: string; type?: string }
/** jsonb columns are written as JSON text (node-postgres would turn a JS array into a Postgres array). */
export type Json<T> = ColumnType<T, string, string>

export interface TenantTable extends TenantAdminColumns {
  id: number
  tenantNum: string
  tenantName: string
}
export interface UserTable extends UserAdminColumns {
  id: Generated<number>
  loginName: string
  realName: string
  email: string | null
  passwordHash: string
  organizationId: number
  defaultTenantId: number | null
  language: string
  timeZone: string
  enabledFlag: Generated<number>
  failedCount: Generated<number>
  lockedUntil: number | null
  objectVersionNumber: Generated<number>
  /** 1: the header shows the data hierarchy switcher (migration 0010, CORE-USR-02). */
  dataHierarchyFlag: Generated<number>
}
export interface RoleTable extends RoleAdminColumns {
  id: Generated<number>
  code: string
  names: Json<Texts>
  level: RoleLevel
  tenantId: number
}
export interface MemberRoleTable {
  userId: number
  roleId: number
}
export interface RolePermissionTable {
  roleId: number
  code: string
}
export interface PermissionTable {
  code: string
  controllerType: string
}
export interface MenuTable {
  id: number
  code: string
  type: string
  parentId: number
  sort: number
  icon: string | null
  route: string | null
  quickIndex: string | null
  level: RoleLevel
  names: Json<Texts>
  /** Where the entry opens (PLAT-SHELL-11), e.g. `_blank`; null = in the app. Migration 0009. */
  target: ColumnType<string | null, string | null | undefined, string | null>
  /** Badge of the entry (PLAT-SHELL-10): `{dot?, content?, type?}`. Migration 0009. */
  tag: ColumnType<MenuTag | null, string | null | undefined, string | null>
  /** Migration 0008: optimistic lock of the menu API. */
  objectVersionNumber: Generated<number>
  /** Migration 0041: the tenant whose entry it is; 0 = the site's, shared and read-only to tenant roles. */
  tenantId: Generated<number>
  /** Migration 0042: the page file declaring the entry (lowcode/page-menu.ts); null for others. */
  sourceFile: ColumnType<string | null, string | null | undefined, string | null>
  /** Migration 0042: hash of the entry as its file last wrote it (a mismatch: an administrator changed it). */
  sourceHash: ColumnType<string | null, string | null | undefined, string | null>
  /** Migration 0042: hash of the file's grants as last applied. */
  grantsHash: ColumnType<string | null, string | null | undefined, string | null>
}
/** Migration 0008: a menu's permission set, granted with the menu to the roles it is assigned to. */
export interface MenuPermissionTable {
  menuId: number
  code: string
}
export interface RoleMenuTable {
  roleId: number
  menuId: number
}
export interface OauthClientTable extends ClientAdminColumns {
  clientId: string
  redirectOrigins: Json<string[]>
}
export interface OauthTokenTable {
  tokenHash: string
  userId: number
  clientId: string
  roleId: number
  tenantId: number
  language: string
  issuedAt: number
  expiresAt: number
  /** live | revoked (logout) | kicked (a newer sign-in of the same user) */
  status: string
  /** The domain whose single sign-on started the session (logout goes on to its SSO logout URL), else null. */
  ssoDomainId: ColumnType<number | null, number | null | undefined, number | null>
  /** The enabled domain on whose host the user signed in (its INDEX template is the home page), else null. Migration 0040. */
  domainId: ColumnType<number | null, number | null | undefined, number | null>
  /** desk | handheld: the device kind the client declared at sign-in (server/modules/oauth/devices.ts). Migration 0043. */
  deviceKind: ColumnType<string, string | undefined, string>
}
/** A sign-in sent to an OAuth2 or SAML provider, until its answer comes back (used once). */
export interface OauthSsoRequestTable {
  state: string
  domainId: number
  ssoType: string
  clientId: string
  redirectUri: string
  clientState: string | null
  language: string | null
  codeVerifier: string | null
  requestId: string | null
  createdAt: number
  expiresAt: number
  /** desk | handheld, declared at the start of the sign-in. Migration 0043. */
  deviceKind: ColumnType<string, string | undefined, string>
}
export interface LoginAttemptTable extends LoginAttemptColumns {
  id: Generated<number>
  loginName: string
  userId: number | null
  success: number
  ip: string | null
  attemptedAt: number
}
export interface LookupValueTable {
  tenantId: number
  lookupCode: string
  value: string
  meanings: Json<Texts>
  orderSeq: number
  parentValue: string | null
  tag: string | null
  description: string | null
}
export interface PromptTable {
  tenantId: number
  promptKey: string
  lang: string
  description: string
}
export interface CodeRuleTable {
  tenantId: number
  ruleCode: string
  prefix: string
  dateFormat: string
  sequenceLength: number
  resetPerDay: number
}
export interface CodeRuleSequenceTable {
  tenantId: number
  ruleCode: string
  period: string
  currentValue: number
}
export interface AppMetaTable {
  key: string
  value: string
}
export interface QueryTemplateTable {
  id: Generated<number>
  tenantId: number
  userId: number
  menuId: number
  templateName: string
  isDefault: number
  templateContent: Json<unknown[]>
  objectVersionNumber: Generated<number>
  creationDate: Generated<string>
  lastUpdateDate: Generated<string>
}
export interface CuszInfoTable {
  id: Generated<number>
  tenantId: number
  userId: number
  menuId: number | null
  cuszCode: string
  cuszInfo: string
  objectVersionNumber: Generated<number>
  creationDate: Generated<string>
  lastUpdateDate: Generated<string>
}

/** The shell's per-user preferences (migration 0009); a missing row or null column = the defaults. */
export interface UserPreferenceTable {
  userId: number
  dateFormat: string | null
  dateTimeFormat: string | null
  timeFormat: string | null
  /** Side menu style: `inline` or `mixed` (a module rail with a submenu panel, PLAT-SHELL-02). */
  menuLayout: string | null
  layoutSettings: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>
  lastUpdateDate: Generated<Date>
}

/** A level of a tenant's data hierarchy (migration 0010); `parentCode` names the level above. */
export interface DataHierarchyTable {
  id: Generated<number>
  tenantId: number
  code: string
  names: Json<Texts>
  parentCode: string | null
  /** SELECT: a select in the header; MODAL: chosen in the header's dialog (CORE-USR-03). */
  displayStyle: 'SELECT' | 'MODAL'
  orderSeq: number
  enabledFlag: Generated<number>
}
/** A value a user may choose at a level; `parentValue` is its value at the level above. */
export interface DataHierarchyValueTable {
  id: Generated<number>
  tenantId: number
  hierarchyCode: string
  value: string
  meanings: Json<Texts>
  parentValue: string | null
  orderSeq: number
}
/** A user's current choice at one level, per tenant. */
export interface UserDataHierarchyTable {
  userId: number
  tenantId: number
  hierarchyCode: string
  value: string
  lastUpdateDate: Generated<Date>
}

export interface Database extends HiamTables {
  hpfmTenant: TenantTable
  iamUser: UserTable
  iamRole: RoleTable
  iamMemberRole: MemberRoleTable
  iamPermission: PermissionTable
  iamRolePermission: RolePermissionTable
  iamMenu: MenuTable
  iamRoleMenu: RoleMenuTable
  iamMenuPermission: MenuPermissionTable
  oauthClient: OauthClientTable
  oauthToken: OauthTokenTable
  oauthSsoRequest: OauthSsoRequestTable
  oauthLoginAttempt: LoginAttemptTable
  hpfmLookupValue: LookupValueTable
  hpfmPrompt: PromptTable
  hpfmCodeRule: CodeRuleTable
  hpfmCodeRuleSequence: CodeRuleSequenceTable
  appMeta: AppMetaTable
  cuszQueryUserTemplate: QueryTemplateTable
  cuszInfo: CuszInfoTable
  iamUserPreference: UserPreferenceTable
  hpfmDataHierarchy: DataHierarchyTable
  hpfmDataHierarchyValue: DataHierarchyValueTable
  hpfmUserDataHierarchy: UserDataHierarchyTable
}

export type Db = Kysely<Database>
