/**
 * Checks within one block of a page (its field dictionary and what refers to it): fields named by search,
 * table, form sections and linkage exist; conditions have one shape; patterns compile.
 */
import { WIDGET_DEFINITIONS, widgetDefinition } from '../contract/widget-definitions'
import type { IssueDraft } from './issue'
import { pointerSegment } from './issue'
import { suggestName } from './suggest'

interface Block {
  fields?: Record<string, Record<string, unknown>>
  search?: { fields?: string[] }
  table?: { columns?: { field: string }[] }
  form?: { sections?: { fields?: string[] }[] }
  header?: { sections?: { fields?: string[] }[] }
}

/** Widgets the search bar can ask a from–to pair of (their definition has a `range`). */
const RANGE_WIDGETS = WIDGET_DEFINITIONS.filter((d) => 'range' in d)
  .map((d) => d.name)
  .sort()
const VALUE_OPS = new Set(['eq', 'ne', 'gt', 'gte', 'lt', 'lte'])
const LIST_OPS = new Set(['in', 'notIn'])
const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v)

/** Every field reference inside `block` (at `base`) must name a field of its dictionary. */
export function fieldIssues(block: Block, base: string): IssueDraft[] {
  const names = Object.keys(block.fields ?? {})
  const issues: IssueDraft[] = []
  const ref = (name: string, pointer: string, where: string) => {
    if (!names.includes(name)) {
      issues.push({
        pointer,
        message: `${where} names the field '${name}', which is not in ${base || ''}/fields`,
        suggestion: suggestName(name, names, 'fields of this page'),
      })
    }
  }
  block.search?.fields?.forEach((f, i) => ref(f, `${base}/search/fields/${i}`, 'search'))
  block.table?.columns?.forEach((c, i) => ref(c.field, `${base}/table/columns/${i}/field`, 'table column'))
  for (const part of ['form', 'header'] as const) {
    block[part]?.sections?.forEach((section, s) => {
      const seen = new Set<string>()
      section.fields?.forEach((f, i) => {
        const pointer = `${base}/${part}/sections/${s}/fields/${i}`
        ref(f, pointer, 'form section')
        if (seen.has(f)) issues.push({ pointer, message: `field '${f}' appears twice in this section` })
        seen.add(f)
      })
    })
  }
  for (const [name, spec] of Object.entries(block.fields ?? {})) {
    const at = `${base}/fields/${pointerSegment(name)}`
    if (typeof spec.pattern === 'string') {
      try {
        new RegExp(spec.pattern)
      } catch (error) {
        issues.push({
          pointer: `${at}/pattern`,
          message: `pattern is not a valid regular expression: ${String(error)}`,
        })
      }
    }
    issues.push(...lovIssues(spec, at, names))
    issues.push(...lineTableIssues(spec, at))
    if (spec.search === 'range' && !widgetDefinition(String(spec.widget))?.range) {
      issues.push({
        pointer: `${at}/search`,
        message: `a ${String(spec.widget)} field cannot be searched by range: only ${RANGE_WIDGETS.join(', ')} can`,
        suggestion: 'remove "search": "range" (the field is then searched by its value)',
      })
    }
    const linkage = (spec.linkage ?? {}) as Record<string, unknown>
    for (const [rule, condition] of Object.entries(linkage)) {
      conditionIssues(condition, `${at}/linkage/${rule}`, names, issues)
    }
  }
  return issues
}

function conditionIssues(condition: unknown, pointer: string, names: string[], issues: IssueDraft[]): void {
  if (typeof condition !== 'object' || condition === null) return
  const c = condition as { field?: string; op?: string; value?: unknown; all?: unknown[]; any?: unknown[] }
  const shapes = [c.field !== undefined || c.op !== undefined, c.all !== undefined, c.any !== undefined]
  if (shapes.filter(Boolean).length !== 1) {
    issues.push({
      pointer,
      message:
        'a condition is either {field, op, value}, or {all: [...]}, or {any: [...]}: one shape per object',
      suggestion: 'split it: {"all": [{"field": "a", "op": "eq", "value": 1}, {"any": [...]}]}',
    })
    return
  }
  c.all?.forEach((inner, i) => conditionIssues(inner, `${pointer}/all/${i}`, names, issues))
  c.any?.forEach((inner, i) => conditionIssues(inner, `${pointer}/any/${i}`, names, issues))
  if (c.all || c.any) return
  if (c.field === undefined || c.op === undefined) {
    issues.push({
      pointer,
      message: `a field condition needs both 'field' and 'op'`,
      suggestion: 'add the missing one',
    })
    return
  }
  if (!names.includes(c.field)) {
    issues.push({
      pointer: `${pointer}/field`,
      message: `condition on the field '${c.field}', which is not in /fields`,
      suggestion: suggestName(c.field, names, 'fields of this page'),
    })
  }
  if (VALUE_OPS.has(c.op) && (c.value === undefined || !isScalar(c.value))) {
    issues.push({ pointer, message: `op '${c.op}' needs a single "value" (string, number, boolean or null)` })
  }
  if (LIST_OPS.has(c.op) && !(Array.isArray(c.value) && c.value.every(isScalar))) {
    issues.push({ pointer, message: `op '${c.op}' needs "value" to be an array, e.g. ["COLD", "BONDED"]` })
  }
  if ((c.op === 'empty' || c.op === 'notEmpty') && c.value !== undefined) {
    issues.push({
      pointer: `${pointer}/value`,
      message: `op '${c.op}' takes no value`,
      suggestion: 'remove "value"',
    })
  }
}

/** A LineTable field says which lines it loads and what each row asks for; `lines` belongs to nothing else. */
function lineTableIssues(spec: Record<string, unknown>, at: string): IssueDraft[] {
  const issues: IssueDraft[] = []
  const isTable = spec.widget === 'LineTable'
  if (isTable && spec.lines === undefined)
    issues.push({
      pointer: `${at}/widget`,
      message: 'a LineTable field needs "lines": the GET path of the lines, their rowKey, columns and inputs',
      suggestion: 'add "lines": {"path": "/v1/{tenantId}/…", "rowKey": "…", "columns": […], "inputs": […]}',
    })
  if (!isTable && spec.lines !== undefined)
    issues.push({
      pointer: `${at}/lines`,
      message: `"lines" belongs to LineTable fields, not ${String(spec.widget)}`,
      suggestion: 'set "widget": "LineTable" or remove "lines"',
    })
  const inputs = ((spec.lines as { inputs?: unknown } | undefined)?.inputs ?? []) as Array<
    Record<string, unknown>
  >
  const seen = new Set<string>()
  inputs.forEach((input, i) => {
    const pointer = `${at}/lines/inputs/${i}`
    if (seen.has(String(input.field)))
      issues.push({
        pointer: `${pointer}/field`,
        message: `the input '${String(input.field)}' appears twice`,
        suggestion: 'give each input its own field name',
      })
    seen.add(String(input.field))
    const number = input.widget === 'InputNumber'
    for (const key of ['min', 'max', 'precision'])
      if (!number && input[key] !== undefined)
        issues.push({
          pointer: `${pointer}/${key}`,
          message: `"${key}" belongs to InputNumber inputs, not ${String(input.widget)}`,
          suggestion: `remove "${key}" or set "widget": "InputNumber"`,
        })
    if (number && (input.list !== undefined || input.maxLength !== undefined))
      issues.push({
        pointer: `${pointer}/${input.list !== undefined ? 'list' : 'maxLength'}`,
        message: '"list" and "maxLength" belong to text inputs (Input, TextArea), not InputNumber',
        suggestion: 'remove it or choose a text widget',
      })
  })
  return issues
}

/** A Lov/MulLov names its view; its mapping names fields of this page (never the field itself). */
function lovIssues(spec: Record<string, unknown>, at: string, names: string[]): IssueDraft[] {
  const issues: IssueDraft[] = []
  const lov = widgetDefinition(String(spec.widget))?.lov
  const isLov = lov !== undefined
  if (isLov && typeof spec.lovCode !== 'string') {
    issues.push({
      pointer: `${at}/widget`,
      message: `a ${String(spec.widget)} field needs "lovCode": the Lov view it picks from`,
      suggestion: 'add e.g. "lovCode": "WMDM.WAREHOUSE" (codes: server/seed/data/lov-views.json)',
    })
  }
  if (!isLov && (spec.lovCode !== undefined || spec.lov !== undefined)) {
    issues.push({
      pointer: `${at}/${spec.lovCode !== undefined ? 'lovCode' : 'lov'}`,
      message: `"lovCode" and "lov" belong to Lov and MulLov fields, not ${String(spec.widget)}`,
      suggestion: 'set "widget": "Lov" or remove them',
    })
  }
  if (spec.defaultWarehouse !== undefined && lov !== 'one') {
    issues.push({
      pointer: `${at}/defaultWarehouse`,
      message: `"defaultWarehouse" pre-fills a single warehouse picker (a Lov), not ${String(spec.widget)}`,
      suggestion: 'set "widget": "Lov" or remove "defaultWarehouse"',
    })
  } else if (spec.defaultWarehouse === true && spec.defaultValue !== undefined) {
    issues.push({
      pointer: `${at}/defaultWarehouse`,
      message: '"defaultWarehouse": true has no effect beside "defaultValue" (the schema\'s default wins)',
      suggestion: 'remove one of them',
    })
  }
  const mapping = (spec.lov ?? {}) as { textField?: string; fill?: Record<string, string> }
  const own = at.split('/').pop()
  const target = (name: string, pointer: string) => {
    if (name === own)
      issues.push({ pointer, message: `'${name}' is the Lov field itself: name another field` })
    else if (!names.includes(name))
      issues.push({
        pointer,
        message: `the Lov fills '${name}', which is not in /fields`,
        suggestion: suggestName(name, names, 'fields of this page'),
      })
  }
  if (mapping.textField) target(mapping.textField, `${at}/lov/textField`)
  for (const name of Object.keys(mapping.fill ?? {})) target(name, `${at}/lov/fill/${pointerSegment(name)}`)
  return issues
}
