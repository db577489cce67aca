/**
 * One page field → a Formily field schema: label, widget, rules with the spec's messages, linkage reactions.
 */
import type { Field } from '@formily/core'
import type { ISchema } from '@formily/json-schema'
import type { TextResolver } from '../i18n/texts'
import { widgetDefinition } from '../contract/widget-definitions'
import { resolvePrecision } from '../format/number'
import type { FieldSpec } from '../schema/page'
import { linkageReaction, type FieldRuntimeData } from './linkage'

export type FormMode = 'create' | 'edit' | 'view' | 'search'

export interface CompileContext {
  t: TextResolver
  /** Which required message a widget uses ("Please enter" / "Please select"). */
  requiredMessage(widget: string): 'enter' | 'select'
  mode: FormMode
  /** The session's warehouse quantity precision, for fields with `"precision": "warehouse"`. */
  quantityPrecision?: number
}

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)

/** Widgets that cannot express "any" in a search form are searched with another (their definition's searchWith). */
const searchWidget = (widget: string) => widgetDefinition(widget)?.searchWith ?? widget

export function compileField(name: string, spec: FieldSpec, context: CompileContext): ISchema {
  const { t, mode } = context
  const search = mode === 'search'
  if (search && spec.search === 'range') return compileRange(spec, context)
  const widget = search ? searchWidget(spec.widget) : spec.widget
  const label = t(spec.label)
  const required = !search && spec.required === true
  const verb = context.requiredMessage(widget)
  const requiredText = t(`common.validation.${verb}`, { name: label })
  const readOnly =
    mode === 'view' || (!search && (spec.readOnly || (mode === 'edit' && spec.updatable === false)))
  const schema: ISchema = {
    type: 'string',
    title: label,
    'x-decorator': 'FormItem',
    'x-decorator-props': { asterisk: required, ...(spec.help && !search ? { extra: t(spec.help) } : {}) },
    'x-component': widget,
    'x-component-props': componentProps(spec, context, widget),
    'x-validator': [
      {
        triggerType: verb === 'select' ? 'onInput' : 'onBlur',
        validator: (value: unknown, _rule: unknown, ctx: { field?: Field }) => {
          const now = (ctx.field?.data as FieldRuntimeData | undefined)?.required ?? required
          return now && isEmpty(value) ? requiredText : ''
        },
      },
      ...rules(spec, label, t),
    ],
  }
  if (readOnly) schema['x-pattern'] = 'readPretty'
  if (mode === 'create' && spec.defaultValue !== undefined) schema.default = spec.defaultValue
  if (spec.linkage && !search) schema['x-reactions'] = [linkageReaction(spec.linkage, required, readOnly)]
  return schema
}

function componentProps(spec: FieldSpec, context: CompileContext, widget: string): Record<string, unknown> {
  const { t, mode } = context
  // Formily's FormItem label is not tied to its input: name the input itself for assistive technology.
  const props: Record<string, unknown> = { 'aria-label': t(spec.label), ...spec.props }
  if (spec.lookupCode) props.lookupCode = spec.lookupCode
  else if (widget === 'Select' && (spec.widget === 'Switch' || spec.widget === 'Checkbox'))
    props.lookupCode = 'HPFM.ENABLED_FLAG'
  if (spec.lovCode) {
    props.lovCode = spec.lovCode
    // A search form keeps only the searched value (and the narrowing params): filling other fields there would
    // add them to the query.
    const { textField, fill, ...fields } = spec.lov ?? {}
    const mapping = mode === 'search' ? fields : { ...fields, textField, fill }
    props.lovMapping = Object.fromEntries(Object.entries(mapping).filter(([, v]) => v !== undefined))
  }
  const precision = resolvePrecision(spec.precision, context.quantityPrecision)
  if (precision !== undefined) props.precision = precision
  if (spec.min !== undefined) props.min = spec.min
  if (spec.max !== undefined) props.max = spec.max
  // a LineTable's headings are text keys and its precisions may be the warehouse's: resolved here, like the field's
  if (spec.lines)
    props.lines = {
      ...spec.lines,
      columns: spec.lines.columns.map((c) => ({ ...c, label: t(c.label) })),
      inputs: spec.lines.inputs.map((input) => ({
        ...input,
        label: t(input.label),
        precision: resolvePrecision(input.precision, context.quantityPrecision),
      })),
    }
  if (spec.maxLength !== undefined && mode !== 'search') props.maxLength = spec.maxLength
  if (spec.placeholder) props.placeholder = t(spec.placeholder)
  else if (spec.readOnly && mode === 'create') props.placeholder = t('common.form.generated')
  if (mode === 'search' && widget === 'Select') props.allowClear = true
  return props
}

function rules(spec: FieldSpec, name: string, t: TextResolver): Record<string, unknown>[] {
  const list: Record<string, unknown>[] = []
  if (spec.maxLength !== undefined) {
    list.push({
      maxLength: spec.maxLength,
      message: t('common.validation.maxLength', { name, max: spec.maxLength }),
    })
  }
  if (spec.min !== undefined)
    list.push({ minimum: spec.min, message: t('common.validation.min', { name, min: spec.min }) })
  if (spec.max !== undefined)
    list.push({ maximum: spec.max, message: t('common.validation.max', { name, max: spec.max }) })
  if (spec.pattern) {
    const message = spec.patternMessage ? t(spec.patternMessage) : t('common.validation.pattern', { name })
    list.push({ pattern: spec.pattern, message })
  }
  return list
}

/**
 * A `search: "range"` field in the search form: one SearchRange holding [from, to] (either may be empty);
 * searchParams() sends it as <name>From / <name>To, the model's range bounds (both inclusive).
 */
function compileRange(spec: FieldSpec, context: CompileContext): ISchema {
  const { t } = context
  const label = t(spec.label)
  const precision = resolvePrecision(spec.precision, context.quantityPrecision)
  const bounds = { min: spec.min, max: spec.max, precision }
  return {
    type: 'array',
    title: label,
    'x-decorator': 'FormItem',
    'x-component': 'SearchRange',
    'x-component-props': {
      'aria-label': label,
      // which pair: the widget definition's `range` (validation allows only widgets that have one)
      kind: widgetDefinition(spec.widget)?.range ?? 'number',
      ...Object.fromEntries(Object.entries(bounds).filter(([, v]) => v !== undefined)),
      placeholder: [t('common.search.rangeFrom'), t('common.search.rangeTo')],
    },
    'x-validator': [
      {
        triggerType: 'onInput',
        validator: (value: unknown) => {
          const [from, to] = Array.isArray(value) ? (value as unknown[]) : []
          if (isEmpty(from) || isEmpty(to)) return ''
          // Wire dates and datetimes compare as text; numbers as numbers.
          const after = typeof from === 'number' ? from > Number(to) : String(from) > String(to)
          return after ? t('common.validation.rangeOrder', { name: label }) : ''
        },
      },
    ],
  }
}
