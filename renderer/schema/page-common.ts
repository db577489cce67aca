/**
 * Building blocks shared by every page kind of the page schema language: text keys, conditions (linkage without
 * code), the field dictionary, data sources and texts. Plain TypeBox schemas; `Type.Ref('Name')` points at another
 * definition of the module assembled in page.ts, so the generated JSON Schema keeps one `$defs` entry per idea.
 */
import { Type } from '@sinclair/typebox'

/** An i18n key: resolved through the user's translations, the page's `texts`, then the shared bundle. */
export const TextKey = Type.String({
  pattern: '^[A-Za-z][A-Za-z0-9_.-]*$',
  description:
    'An i18n key (e.g. "wmdm.warehouse.field.warehouseCode"). It must exist in zh_CN, en_US and zh_TW, in this ' +
    "page's `texts` or in the shared bundle (renderer/i18n/common.texts.json).",
})

export const FieldName = Type.String({
  pattern: '^[a-z][A-Za-z0-9]*$',
  description: "A field name (camelCase, as it travels on the wire); must be a key of the page's `fields`.",
})

export const ConditionOp = Type.Union(
  [
    Type.Literal('eq'),
    Type.Literal('ne'),
    Type.Literal('in'),
    Type.Literal('notIn'),
    Type.Literal('empty'),
    Type.Literal('notEmpty'),
    Type.Literal('gt'),
    Type.Literal('gte'),
    Type.Literal('lt'),
    Type.Literal('lte'),
  ],
  {
    description:
      'Comparison: eq / ne (equal, not equal), in / notIn (value is an array), empty / notEmpty (no value needed: ' +
      'null, undefined, "" and [] are empty), gt / gte / lt / lte (numbers or YYYY-MM-DD strings).',
  },
)

export const Condition = Type.Object(
  {
    field: Type.Optional(
      Type.Ref('FieldName', { description: 'The other field whose current value is tested.' }),
    ),
    op: Type.Optional(Type.Ref('ConditionOp')),
    value: Type.Optional(
      Type.Unknown({
        description:
          'Value to compare with: a string, number, boolean or null; an array of them for in / notIn; ' +
          'omitted for empty / notEmpty.',
      }),
    ),
    all: Type.Optional(
      Type.Array(Type.Ref('Condition'), {
        minItems: 1,
        description: 'Group: true when every condition holds.',
      }),
    ),
    any: Type.Optional(
      Type.Array(Type.Ref('Condition'), {
        minItems: 1,
        description: 'Group: true when at least one condition holds.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'A condition on other fields: {"field": "warehouseType", "op": "eq", "value": "COLD"}, or a group ' +
      '{"all": [...]} / {"any": [...]} (one shape per object). Compiled into Formily reactions; never write code ' +
      'or {{ }} expressions.',
  },
)

export const Linkage = Type.Object(
  {
    visibleWhen: Type.Optional(
      Type.Ref('Condition', {
        description: 'The field is shown only while this holds (hidden fields are not sent).',
      }),
    ),
    requiredWhen: Type.Optional(
      Type.Ref('Condition', { description: 'The field is required while this holds.' }),
    ),
    disabledWhen: Type.Optional(
      Type.Ref('Condition', { description: 'The field is disabled while this holds.' }),
    ),
    readOnlyWhen: Type.Optional(
      Type.Ref('Condition', { description: 'The field shows its value read-only while this holds.' }),
    ),
  },
  {
    additionalProperties: false,
    description: 'Declarative linkage: how this field reacts to the values of other fields.',
  },
)

const MenuTitle = (language: string) =>
  Type.String({ minLength: 1, maxLength: 120, description: `The entry's name in ${language}.` })

/**
 * The page's own menu entry (issue 22): created in the running server when the file is read, updated when the
 * file changes, unless an administrator has changed the entry in the menu screens since (their change wins).
 */
export const PageMenu = Type.Object(
  {
    parent: Type.Optional(
      Type.String({
        pattern: '^[a-z][a-z0-9]*([._-][a-zA-Z0-9]+)*$',
        maxLength: 120,
        description: 'Code of the directory entry it goes under (e.g. "wmdm"); absent: a top-level entry.',
      }),
    ),
    code: Type.Optional(
      Type.String({
        pattern: '^[a-z][a-z0-9]*([._-][a-zA-Z0-9]+)*$',
        maxLength: 120,
        description: 'Menu code; default: the route with dots ("/wmdm/dock" → "wmdm.dock"). Unique.',
      }),
    ),
    order: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 100000,
        description: 'Position among its siblings (default 100).',
      }),
    ),
    icon: Type.Optional(
      Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 60, description: 'Icon name, e.g. "home".' }),
    ),
    title: Type.Object(
      { zh_CN: MenuTitle('zh_CN'), en_US: MenuTitle('en_US'), zh_TW: MenuTitle('zh_TW') },
      { additionalProperties: false, description: 'The entry in the three languages.' },
    ),
  },
  {
    additionalProperties: false,
    description:
      "The page's menu entry, applied to the running server's menus (an administrator's later change in the menu screens wins).",
  },
)

/** Role code → the page's permission codes that role gets by default (and the menu entry). */
export const PageGrants = Type.Record(
  Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' }),
  Type.Array(Type.Ref('PermissionCode')),
  {
    description:
      'Roles (by code, in every tenant) that see the menu entry and get these permission codes of this page by default: { "wh-clerk": ["wmdm.dock.button.create"] }. [] gives the menu entry only.',
  },
)
