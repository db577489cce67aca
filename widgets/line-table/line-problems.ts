/**
 * What a LineTable sends and what is wrong with it, without React: the rows filled in become the value
 * ([{<rowKey>, <input>…}]), each checked against its line (required, min, max — a number or a field of the line).
 */
import type { LineTableSpec, Row, TextResolver } from '../../renderer/index'
import { splitList } from '../action-dialog/action-body'

/** The table's spec as the widget gets it: headings already resolved, precisions numbers (field-schema.ts). */
export type ResolvedLineTable = Omit<LineTableSpec, 'inputs'> & {
  inputs: Array<Omit<LineTableSpec['inputs'][number], 'precision'> & { precision?: number }>
}

/** What the user entered: row key → input → raw value (text of a text input, number of an InputNumber). */
export type Entries = Record<string, Record<string, unknown>>

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && !value.trim())

export const keyOf = (spec: ResolvedLineTable, line: Row) => String(line[spec.rowKey])

/** The values the inputs start with: the `fromLine` fields of each line. */
export function startEntries(spec: ResolvedLineTable, lines: Row[]): Entries {
  const entries: Entries = {}
  for (const line of lines) {
    const row: Record<string, unknown> = {}
    for (const input of spec.inputs)
      if (input.fromLine && !blank(line[input.fromLine])) row[input.field] = line[input.fromLine]
    entries[keyOf(spec, line)] = row
  }
  return entries
}

/** A row is sent when an input of its own (not only one started from the line) is filled. */
export function isFilled(spec: ResolvedLineTable, entry: Record<string, unknown> | undefined): boolean {
  return spec.inputs.some((input) => !input.fromLine && !blank(entry?.[input.field]))
}

/** The value: one element per filled row, in the lines' order; empty inputs left out, list inputs split. */
export function lineValue(spec: ResolvedLineTable, lines: Row[], entries: Entries): Row[] {
  const value: Row[] = []
  for (const line of lines) {
    const entry = entries[keyOf(spec, line)]
    if (!isFilled(spec, entry)) continue
    const sent: Row = { [spec.rowKey]: line[spec.rowKey] }
    for (const input of spec.inputs) {
      const raw = entry?.[input.field]
      if (blank(raw)) continue
      if (input.list) {
        const list = splitList(raw)
        if (list.length) sent[input.field] = list
      } else sent[input.field] = typeof raw === 'string' ? raw.trim() : raw
    }
    value.push(sent)
  }
  return value
}

/** The bound of `max` on a line: a number, or the line's field it names (undefined when the line has none). */
const maxOf = (max: number | string | undefined, line: Row): number | undefined => {
  if (typeof max === 'number') return max
  if (max === undefined) return undefined
  const bound = Number(line[max])
  return line[max] === null || line[max] === undefined || !Number.isFinite(bound) ? undefined : bound
}

/** Row key → input → what is wrong there (only rows that are sent are checked). */
export function rowProblems(
  spec: ResolvedLineTable,
  lines: Row[],
  entries: Entries,
  t: TextResolver,
): Record<string, Record<string, string>> {
  const problems: Record<string, Record<string, string>> = {}
  for (const line of lines) {
    const key = keyOf(spec, line)
    const entry = entries[key]
    if (!isFilled(spec, entry)) continue
    for (const input of spec.inputs) {
      const raw = entry?.[input.field]
      const name = input.label
      const needed = typeof input.required === 'string' ? Boolean(line[input.required]) : input.required
      let problem: string | undefined
      if (blank(raw)) {
        if (needed) problem = t('fields.lineTable.required', { name })
      } else if (input.widget === 'InputNumber') {
        const number = Number(raw)
        const max = maxOf(input.max, line)
        if (!Number.isFinite(number)) problem = t('fields.lineTable.number', { name })
        else if (input.min !== undefined && number < input.min)
          problem = t('fields.lineTable.min', { name, min: input.min })
        else if (max !== undefined && number > max) problem = t('fields.lineTable.max', { name, max })
      } else if (input.maxLength !== undefined && String(raw).length > input.maxLength)
        problem = t('fields.lineTable.maxLength', { name, max: input.maxLength })
      if (problem) (problems[key] ??= {})[input.field] = problem
    }
  }
  return problems
}

/** How messages name a line: its first column, e.g. "Line 2". */
export const lineName = (spec: ResolvedLineTable, line: Row) => {
  const first = spec.columns[0]!
  return `${first.label} ${String(line[first.field] ?? keyOf(spec, line))}`
}

/** The field's message when something is wrong (the dialog does not send): each row's problems, or none filled. */
export function tableProblem(
  spec: ResolvedLineTable,
  lines: Row[],
  entries: Entries,
  t: TextResolver,
): string | undefined {
  if (!lines.length) return undefined
  const problems = rowProblems(spec, lines, entries, t)
  const parts = lines
    .filter((line) => problems[keyOf(spec, line)])
    .map((line) => `${lineName(spec, line)}: ${Object.values(problems[keyOf(spec, line)]!).join('; ')}`)
  if (parts.length) return parts.join(' ')
  if (!lines.some((line) => isFilled(spec, entries[keyOf(spec, line)])))
    return t('fields.lineTable.nothing', {
      name: spec.inputs.filter((i) => !i.fromLine).map((i) => i.label)[0] ?? '',
    })
  return undefined
}

/**
 * The server's refusals of this field's lines, by row key: "lines[1].quantity" (or "/lines[1]/quantity") names
 * the second element sent, so the row it came from; "lines[1]" alone lands on the row's first input.
 */
export function refusedRows(
  spec: ResolvedLineTable,
  name: string,
  sent: Row[],
  fields: Record<string, string> | undefined,
): Record<string, Record<string, string>> {
  const rows: Record<string, Record<string, string>> = {}
  const pattern = new RegExp(`^/?${name}(?:\\[(\\d+)\\]|/(\\d+))(?:[./]([A-Za-z0-9]+))?$`)
  for (const [key, message] of Object.entries(fields ?? {})) {
    const match = pattern.exec(key)
    if (!match) continue
    const element = sent[Number(match[1] ?? match[2])]
    if (!element) continue
    const input = spec.inputs.some((i) => i.field === match[3]) ? match[3]! : spec.inputs[0]!.field
    ;(rows[String(element[spec.rowKey])] ??= {})[input] = message
  }
  return rows
}
