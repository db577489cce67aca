/**
 * The request body of an action dialog (schemas/README.md "Action dialogs"): the row fields it sends, then the
 * dialog's values (list fields split into lists, empty values left out), wrapped as a one-element list when the
 * dialog says so.
 */
import type { ActionDialogSpec, Row } from '../../renderer/index'

/** Text of a list field → its values: split at line breaks, commas and semicolons, blanks dropped. */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean)
  if (typeof value !== 'string') return []
  return value
    .split(/[\r\n,;，；]+/)
    .map((v) => v.trim())
    .filter(Boolean)
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)

export function actionBody(dialog: ActionDialogSpec, values: Row, row?: Row): Row {
  const body: Row = {}
  for (const name of dialog.send ?? []) if (row && !isEmpty(row[name])) body[name] = row[name]
  const lists = new Set(dialog.lists ?? [])
  for (const name of Object.keys(dialog.fields)) {
    const value = lists.has(name) ? splitList(values[name]) : values[name]
    if (!isEmpty(value)) body[name] = value
  }
  return dialog.wrap ? { [dialog.wrap]: [body] } : body
}

/** The dialog values a row action starts with: the `fromRow` fields of the row. */
export function initialValues(dialog: ActionDialogSpec, row?: Row): Row {
  const values: Row = {}
  for (const [name, from] of Object.entries(dialog.fromRow ?? {}) as [string, string][])
    if (row && !isEmpty(row[from])) values[name] = row[from]
  return values
}

/**
 * The dialog field a server's field error belongs to: "/quantity", "quantity", "lines[0].quantity" and
 * "lines[0]" (wrapped) all name a field of the dialog; anything else is undefined (shown with the message).
 */
export function dialogFieldOf(dialog: ActionDialogSpec, key: string): string | undefined {
  const plain = key.replace(/^\//, '')
  const inner = dialog.wrap ? plain.replace(new RegExp(`^${dialog.wrap}\\[\\d+\\]\\.?`), '') : plain
  return inner in dialog.fields ? inner : undefined
}

/**
 * The dialog field holding a list that a server's field error names an element of ("lines[1].quantity",
 * "/lines/1/quantity"): a line table shows it on that row. Undefined for anything else.
 */
export function dialogListOf(dialog: ActionDialogSpec, key: string): string | undefined {
  const match = /^\/?([a-z][A-Za-z0-9]*)(?:\[\d+\]|\/\d+)/.exec(key)
  return match && match[1]! in dialog.fields && !dialog.wrap ? match[1] : undefined
}
