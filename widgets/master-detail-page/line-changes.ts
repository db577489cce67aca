/**
 * The unsaved changes of one line table, kept in the browser until the page is saved: new lines, changed
 * lines and removed lines become one batch-save body with `_status` create / update / delete (wire contract).
 */
import type { DataSource, Row } from '../../renderer/index'

/** Key of a line in the table: the row id for saved lines, a temporary one for new lines. */
export const LINE_KEY = '__lineKey'

export interface LineState {
  /** Lines shown, in order; changed ones carry `_status`. */
  rows: Row[]
  /** Saved lines the user removed (sent with `_status: delete`). */
  removed: Row[]
}

let counter = 0

export function loadedLines(rows: Row[], primaryKey: string): LineState {
  return { rows: rows.map((row) => ({ ...row, [LINE_KEY]: `id:${String(row[primaryKey])}` })), removed: [] }
}

export function addLine(state: LineState, values: Row): LineState {
  counter += 1
  return { ...state, rows: [...state.rows, { ...values, _status: 'create', [LINE_KEY]: `new:${counter}` }] }
}

export function changeLine(state: LineState, line: Row): LineState {
  const rows = state.rows.map((row) =>
    row[LINE_KEY] === line[LINE_KEY]
      ? { ...line, _status: row._status === 'create' ? 'create' : 'update' }
      : row,
  )
  return { ...state, rows }
}

export function removeLine(state: LineState, line: Row): LineState {
  const rows = state.rows.filter((row) => row[LINE_KEY] !== line[LINE_KEY])
  if (line._status === 'create') return { ...state, rows }
  return { rows, removed: [...state.removed, { ...line, _status: 'delete' }] }
}

/** The batch-save body: changed and removed lines; new lines get the header's id in `parentField`. */
export function batchOf(state: LineState, parentField: string, parentId: unknown): Row[] {
  const strip = ({ [LINE_KEY]: _key, ...row }: Row) => row
  return [
    ...state.rows
      .filter((row) => row._status === 'create' || row._status === 'update')
      .map((row) => (row._status === 'create' ? { ...strip(row), [parentField]: parentId } : strip(row))),
    ...state.removed.map(strip),
  ]
}

export const isDirty = (state: LineState) =>
  state.removed.length > 0 || state.rows.some((row) => row._status !== undefined)

/**
 * A DataSource over the local lines, so the shared EditForm edits a line exactly as a list page edits a row
 * (same fields, rules and messages); nothing reaches the server until the page is saved.
 */
export function localLineSource(apply: (change: (state: LineState) => LineState) => void): DataSource {
  const unused = (what: string) => () => Promise.reject(new Error(`${what} is not used for unsaved lines`))
  return {
    path: '',
    create: async (row) => {
      apply((state) => addLine(state, row))
      return row
    },
    update: async (row) => {
      apply((state) => changeLine(state, row))
      return row
    },
    list: unused('list'),
    get: unused('get'),
    remove: unused('remove'),
    action: unused('action'),
  }
}
