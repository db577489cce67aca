/**
 * The platform API's wire shapes (spec/wire-contract.md): plain types, constants and helpers.
 * Pure and dependency-free on purpose: the sign-in entry of the browser imports it, so it must stay tiny.
 * The server and the client both type their side of every call with it.
 */

/** Service prefixes under the API base `/api` (wire-contract "Service prefixes"). */
export const API_BASE = '/api'
export const SERVICE_PREFIX = {
  iam: '/iam',
  hpfm: '/hpfm',
  oauth: '/oauth',
  hfle: '/hfle',
  hmsg: '/hmsg',
  hsdr: '/hsdr',
  himp: '/himp',
  hitf: '/hitf',
  pitf: '/pitf',
  hrpt: '/hrpt',
  hmnt: '/hmnt',
  wms: '/wms',
  ets: '/ets',
} as const
export type ServiceName = keyof typeof SERVICE_PREFIX
export const SERVICE_NAMES = Object.keys(SERVICE_PREFIX) as ServiceName[]

/** `{"failed": true, "code", "message", "type"}` on every failure, whatever the HTTP status. */
export interface ErrorEnvelope {
  failed: true
  /** Machine-readable error code, e.g. error.validation. */
  code: string
  /** Localised, human-readable message: what is wrong and how to fix it. */
  message: string
  type: 'error' | 'warn' | 'info'
  detailsMessage?: string
  requestId?: string
  /** Field-level problems of a bad request: field name → message. */
  fields?: Record<string, string>
}

export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return typeof body === 'object' && body !== null && (body as { failed?: unknown }).failed === true
}

/** Spring-style page: `number` is 0-based. */
export interface Page<T> {
  content: T[]
  totalElements: number
  totalPages: number
  number: number
  size: number
  numberOfElements: number
}

/** Paging request: `page` 0-based, `size`, `sort=<field>,asc|desc` (repeatable). */
export interface PageRequest {
  page?: number
  size?: number
  sort?: string | string[]
}

/** Audit fields and the optimistic lock every entity carries. */
export interface Audited {
  objectVersionNumber: number
  creationDate?: string
  createdBy?: number
  lastUpdateDate?: string
  lastUpdatedBy?: number
}

export type RoleLevel = 'site' | 'organization'
export type Language = 'zh_CN' | 'en_US' | 'zh_TW'
export const LANGUAGES: Language[] = ['zh_CN', 'en_US', 'zh_TW']

/** GET /iam/hzero/v1/users/self (nulls omitted). */
export interface CurrentUser {
  id: number
  loginName: string
  realName: string
  email?: string
  imageUrl?: string
  /** The user's own tenant. */
  organizationId: number
  /** The current (switched) tenant. */
  tenantId: number
  tenantName: string
  tenantNum: string
  currentRoleId: number
  currentRoleName: string
  currentRoleCode: string
  currentRoleLevel: RoleLevel
  language: string
  timeZone: string
  dateFormat: string
  dateTimeFormat: string
  timeFormat: string
  menuLayout?: string
  menuLayoutTheme?: string
  dataHierarchyFlag: number
  recentAccessTenantList?: { tenantId: number; tenantName: string; tenantNum: string }[]
  /** Unread messages when the user was read (CORE-USR-09): the notice counter's value until the socket opens. */
  notifyCount?: number
  title?: string
  logo?: string
  favicon?: string
  /**
   * The home page of the domain whose host the user signed in on (its enabled INDEX template,
   * /hiam/domain-config-template): the shell lands there instead of /workplace when the role's menus reach it.
   */
  homePath?: string
  objectVersionNumber: number
}

/** GET /iam/hzero/v1/member-roles/self-roles */
export interface SelfRole {
  id: number
  name: string
  code: string
  level: RoleLevel
  tenantId: number
  tenantName: string
  tenantNum: string
}

/** GET /iam/hzero/v1/users/self-tenants; `defaultTenantId` present on the default tenant only. */
export interface SelfTenant {
  tenantId: number
  tenantName: string
  tenantNum: string
  defaultTenantId?: number
}

export type MenuType = 'root' | 'dir' | 'menu' | 'link' | 'inner-link' | 'window'
/** A node of GET /iam/hzero/v1/menus/tree, children sorted by `sort`. */
export interface MenuNode {
  id: number
  code: string
  name: string
  level: RoleLevel
  parentId: number
  rootNode?: boolean
  type: MenuType
  sort: number
  icon?: string
  quickIndex?: string
  route?: string
  /** Optional badge of a menu entry (platform-spec "tag (dot, content, type)"). */
  tag?: { dot?: boolean; content?: string; type?: string }
  /** Where the entry opens (platform-spec meta.target, e.g. `_blank` = a new browser tab). */
  target?: string
  subMenus?: MenuNode[]
}

/** POST /iam/hzero/v1/menus/check-permissions answers one of these per code. */
export interface PermissionResult {
  code: string
  approve: boolean
  /** "disabled": show the element disabled; anything else: hide a denied element. */
  controllerType?: 'disabled' | 'hidden' | null
}

/** The spec's code normalisation: leading `/` removed, `/` → `.`, `:` removed. */
export function normalisePermissionCode(code: string): string {
  return code.replace(/^\//, '').replace(/\//g, '.').replace(/:/g, '')
}

/** A value-list row: every row has `value` and `meaning`. */
export interface LookupValue {
  value: string
  meaning: string
  description?: string
  tag?: string
  parentValue?: string
  orderSeq?: number
  children?: LookupValue[]
}

/** GET /oauth/public/token/kickoff answer. */
export interface KickoffResult {
  kickoff: 0 | 1
}

/** Rows of a batch save carry `_status`. */
export type RowStatus = 'create' | 'update' | 'delete'

/** Multi-language values: `_tls: {field: {zh_CN, en_US, zh_TW}}`. */
export type Translations = Record<string, Partial<Record<Language, string>>>

/** Build a service path: tenant-level (`/v1/{tenantId}/...`) unless the role is site level. */
export function tenantPath(level: RoleLevel, tenantId: number, rest: string): string {
  const tail = rest.startsWith('/') ? rest : `/${rest}`
  return level === 'site' ? `/v1${tail}` : `/v1/${tenantId}${tail}`
}

/**
 * A level of the tenant's data hierarchy with the user's current choice (CORE-DATA-13; wire "Data hierarchy").
 * `displayStyle` SELECT: a select in the header; MODAL: chosen in the header's dialog.
 */
export interface DataHierarchyLevel {
  dataHierarchyCode: string
  dataHierarchyName: string
  displayStyle: 'SELECT' | 'MODAL'
  /** The level above (its value narrows this level's values). */
  parentCode?: string
  dataHierarchyValue?: string
  dataHierarchyMeaning?: string
}
/** GET data-hierarchies/switch/value: the levels as a tree. */
export interface DataHierarchyNode extends DataHierarchyLevel {
  children: DataHierarchyNode[]
}
/** GET data-hierarchies/switch/value/details: the values a user may choose at a level. */
export interface DataHierarchyOption {
  value: string
  meaning: string
  parentValue?: string
}
/** GET data-hierarchies/switch/display-style/value, and the answer of PUT data-hierarchies/switch. */
export interface DataHierarchyDisplayStyle {
  selectList: DataHierarchyLevel[]
  modalList: DataHierarchyLevel[]
  hasSelect: boolean
  hasModal: boolean
}
/** PUT data-hierarchies/switch (CORE-USR-04). */
export interface DataHierarchyChoice {
  dataHierarchyCode: string
  dataHierarchyValue: string
  dataHierarchyMeaning?: string
}
