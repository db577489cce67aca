/**
 * The platform API's wire shapes (spec/wire-contract.md), as TypeBox schemas with their static types.
 * Pure module: the browser client types its calls with it, the server validates and documents with it.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'

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
} as const
export type ServiceName = keyof typeof SERVICE_PREFIX
export const SERVICE_NAMES = Object.keys(SERVICE_PREFIX) as ServiceName[]

/** `{"failed": true, "code", "message", "type"}` on every failure, whatever the HTTP status. */
export const ErrorEnvelope = Type.Object(
  {
    failed: Type.Literal(true),
    code: Type.String({ description: 'Machine-readable error code, e.g. error.validation' }),
    message: Type.String({
      description: 'Localised, human-readable message: what is wrong and how to fix it',
    }),
    type: Type.Union([Type.Literal('error'), Type.Literal('warn'), Type.Literal('info')]),
    detailsMessage: Type.Optional(Type.String()),
    requestId: Type.Optional(Type.String()),
    /** Field-level problems of a bad request: JSON pointer / field name → message. */
    fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { $id: 'ErrorEnvelope' },
)
export type ErrorEnvelope = Static<typeof ErrorEnvelope>

export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return typeof body === 'object' && body !== null && (body as { failed?: unknown }).failed === true
}

/** Spring-style page: `number` is 0-based. */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    content: Type.Array(item),
    totalElements: Type.Integer(),
    totalPages: Type.Integer(),
    number: Type.Integer({ description: '0-based page number' }),
    size: Type.Integer(),
    numberOfElements: Type.Integer(),
  })
export interface Page<T> {
  content: T[]
  totalElements: number
  totalPages: number
  number: number
  size: number
  numberOfElements: number
}

/** Paging request: `page` 0-based, `size`, `sort=<field>,asc|desc` (repeatable). */
export const PageRequest = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  sort: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
})

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
export const CurrentUser = Type.Object({
  id: Type.Integer(),
  loginName: Type.String(),
  realName: Type.String(),
  email: Type.Optional(Type.String()),
  imageUrl: Type.Optional(Type.String()),
  organizationId: Type.Integer({ description: "the user's own tenant" }),
  tenantId: Type.Integer({ description: 'the current (switched) tenant' }),
  tenantName: Type.String(),
  tenantNum: Type.String(),
  currentRoleId: Type.Integer(),
  currentRoleName: Type.String(),
  currentRoleCode: Type.String(),
  currentRoleLevel: Type.Union([Type.Literal('site'), Type.Literal('organization')]),
  language: Type.String(),
  timeZone: Type.String(),
  dateFormat: Type.String(),
  dateTimeFormat: Type.String(),
  timeFormat: Type.String(),
  menuLayout: Type.Optional(Type.String()),
  menuLayoutTheme: Type.Optional(Type.String()),
  dataHierarchyFlag: Type.Integer(),
  recentAccessTenantList: Type.Optional(
    Type.Array(
      Type.Object({ tenantId: Type.Integer(), tenantName: Type.String(), tenantNum: Type.String() }),
    ),
  ),
  title: Type.Optional(Type.String()),
  logo: Type.Optional(Type.String()),
  favicon: Type.Optional(Type.String()),
  objectVersionNumber: Type.Integer(),
})
export type CurrentUser = Static<typeof CurrentUser>

/** GET /iam/hzero/v1/member-roles/self-roles */
export const SelfRole = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  level: Type.Union([Type.Literal('site'), Type.Literal('organization')]),
  tenantId: Type.Integer(),
  tenantName: Type.String(),
  tenantNum: Type.String(),
})
export type SelfRole = Static<typeof SelfRole>

/** GET /iam/hzero/v1/users/self-tenants; `defaultTenantId` present on the default tenant only. */
export const SelfTenant = Type.Object({
  tenantId: Type.Integer(),
  tenantName: Type.String(),
  tenantNum: Type.String(),
  defaultTenantId: Type.Optional(Type.Integer()),
})
export type SelfTenant = Static<typeof SelfTenant>

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
  subMenus?: MenuNode[]
}
export const MenuNodeSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.Integer(),
      code: Type.String(),
      name: Type.String(),
      level: Type.String(),
      parentId: Type.Integer(),
      rootNode: Type.Optional(Type.Boolean()),
      type: Type.String(),
      sort: Type.Integer(),
      icon: Type.Optional(Type.String()),
      quickIndex: Type.Optional(Type.String()),
      route: Type.Optional(Type.String()),
      tag: Type.Optional(Type.Object({}, { additionalProperties: true })),
      subMenus: Type.Optional(Type.Array(Self)),
    }),
  { $id: 'MenuNode' },
)

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
