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
