/**
 * Request and response shapes of the menu API (POST/PUT /iam/hzero/v1/menus). The node follows the menu
 * tree's shape (wire contract: id, code, name, level, parentId, type, sort, icon, quickIndex, route); names in
 * every language travel in `_tls.name` like any multi-language field. `roleIds` and `permissionCodes` are
 * DESIGN (no public shape): the roles that see the menu and the menu's permission set granted to them.
 */
import { Type } from '@sinclair/typebox'
import { LANGUAGES } from '../../../renderer/contract/wire.ts'

const Names = Type.Object(
  Object.fromEntries(LANGUAGES.map((lang) => [lang, Type.String({ minLength: 1, maxLength: 120 })])),
  { additionalProperties: false, description: 'The name in zh_CN, en_US and zh_TW.' },
)

const fields = {
  code: Type.String({
    pattern: '^[a-z][a-z0-9]*([._-][a-zA-Z0-9]+)*$',
    maxLength: 120,
    description: 'Unique code, dotted by level: "wmdm.carrier".',
  }),
  name: Type.String({ minLength: 1, maxLength: 120, description: "Name in the caller's language." }),
  _tls: Type.Optional(Type.Object({ name: Names }, { additionalProperties: false })),
  type: Type.Union(
    ['dir', 'menu', 'link', 'inner-link', 'window'].map((t) => Type.Literal(t)),
    { description: 'dir groups entries; menu opens a page route; link types open an address.' },
  ),
  parentId: Type.Integer({ minimum: 0, description: '0 for a top-level entry, else a dir menu id.' }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  icon: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 60 })),
  route: Type.Optional(Type.String({ minLength: 1, maxLength: 240 })),
  quickIndex: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]*$', maxLength: 60 })),
  level: Type.Optional(Type.Union([Type.Literal('site'), Type.Literal('organization')])),
  roleIds: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: 200,
      uniqueItems: true,
      description: 'Roles that see it.',
    }),
  ),
  permissionCodes: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
      maxItems: 500,
      uniqueItems: true,
      description:
        'Permission set of the menu, granted to roleIds (codes must exist: page files declare them).',
    }),
  ),
}

export const MenuCreateBody = Type.Object(fields, { additionalProperties: false })
export type MenuCreateBody = typeof MenuCreateBody.static

export const MenuUpdateBody = Type.Object(
  { ...fields, id: Type.Integer({ minimum: 1 }), objectVersionNumber: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
)
export type MenuUpdateBody = typeof MenuUpdateBody.static
