/**
 * TypeBox twins of the wire types in wire.ts, for the server (validation, API documentation) and contract tests.
 * Kept apart from wire.ts so the browser's sign-in entry does not carry TypeBox. The `Same` assertions below
 * fail to compile when a schema and its interface drift apart.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import type {
  CurrentUser,
  DataHierarchyDisplayStyle,
  DataHierarchyLevel,
  DataHierarchyOption,
  ErrorEnvelope,
  SelfRole,
  SelfTenant,
} from './wire'

const Level = Type.Union([Type.Literal('site'), Type.Literal('organization')])

export const ErrorEnvelopeSchema = Type.Object(
  {
    failed: Type.Literal(true),
    code: Type.String({ description: 'Machine-readable error code, e.g. error.validation' }),
    message: Type.String({
      description: 'Localised, human-readable message: what is wrong and how to fix it',
    }),
    type: Type.Union([Type.Literal('error'), Type.Literal('warn'), Type.Literal('info')]),
    detailsMessage: Type.Optional(Type.String()),
    requestId: Type.Optional(Type.String()),
    fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { $id: 'ErrorEnvelope' },
)

export const PageSchemaOf = <T extends TSchema>(item: T) =>
  Type.Object({
    content: Type.Array(item),
    totalElements: Type.Integer(),
    totalPages: Type.Integer(),
    number: Type.Integer({ description: '0-based page number' }),
    size: Type.Integer(),
    numberOfElements: Type.Integer(),
  })

export const CurrentUserSchema = Type.Object({
  id: Type.Integer(),
  loginName: Type.String(),
  realName: Type.String(),
  email: Type.Optional(Type.String()),
  imageUrl: Type.Optional(Type.String()),
  organizationId: Type.Integer(),
  tenantId: Type.Integer(),
  tenantName: Type.String(),
  tenantNum: Type.String(),
  currentRoleId: Type.Integer(),
  currentRoleName: Type.String(),
  currentRoleCode: Type.String(),
  currentRoleLevel: Level,
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
  homePath: Type.Optional(Type.String()),
  objectVersionNumber: Type.Integer(),
})

export const SelfRoleSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  level: Level,
  tenantId: Type.Integer(),
  tenantName: Type.String(),
  tenantNum: Type.String(),
})

export const SelfTenantSchema = Type.Object({
  tenantId: Type.Integer(),
  tenantName: Type.String(),
  tenantNum: Type.String(),
  defaultTenantId: Type.Optional(Type.Integer()),
})

export const MenuNodeSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      id: Type.Integer(),
      code: Type.String(),
      name: Type.String(),
      level: Level,
      parentId: Type.Integer(),
      rootNode: Type.Optional(Type.Boolean()),
      type: Type.Union(['root', 'dir', 'menu', 'link', 'inner-link', 'window'].map((t) => Type.Literal(t))),
      sort: Type.Integer(),
      icon: Type.Optional(Type.String()),
      quickIndex: Type.Optional(Type.String()),
      route: Type.Optional(Type.String()),
      tag: Type.Optional(Type.Object({}, { additionalProperties: true })),
      target: Type.Optional(Type.String()),
      subMenus: Type.Optional(Type.Array(Self)),
    }),
  { $id: 'MenuNode' },
)

/** CORE-DATA-13: a data hierarchy level with the user's current value, a value of a level, the display style. */
export const DataHierarchyLevelSchema = Type.Object(
  {
    dataHierarchyCode: Type.String(),
    dataHierarchyName: Type.String(),
    displayStyle: Type.Union([Type.Literal('SELECT'), Type.Literal('MODAL')]),
    parentCode: Type.Optional(Type.String()),
    dataHierarchyValue: Type.Optional(Type.String()),
    dataHierarchyMeaning: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
)
export const DataHierarchyOptionSchema = Type.Object(
  { value: Type.String(), meaning: Type.String(), parentValue: Type.Optional(Type.String()) },
  { additionalProperties: false },
)
export const DataHierarchyDisplayStyleSchema = Type.Object({
  selectList: Type.Array(DataHierarchyLevelSchema),
  modalList: Type.Array(DataHierarchyLevelSchema),
  hasSelect: Type.Boolean(),
  hasModal: Type.Boolean(),
})

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export const schemasMatchTypes: [
  Same<Static<typeof ErrorEnvelopeSchema>, ErrorEnvelope>,
  Same<Static<typeof CurrentUserSchema>, CurrentUser>,
  Same<Static<typeof SelfRoleSchema>, SelfRole>,
  Same<Static<typeof SelfTenantSchema>, SelfTenant>,
  Same<Static<typeof DataHierarchyLevelSchema>, DataHierarchyLevel>,
  Same<Static<typeof DataHierarchyOptionSchema>, DataHierarchyOption>,
  Same<Static<typeof DataHierarchyDisplayStyleSchema>, DataHierarchyDisplayStyle>,
] = [true, true, true, true, true, true, true]
