/**
 * The width of a table's Actions column, from the buttons it shows (issue 19: at 1440 px a column sized
 * 60 + 56 × every action a page declares covered Status on the order lists, though a row shows only the actions
 * its state allows). Each row's visible buttons (visibleWhen) are measured by their text, the widest row wins;
 * the table's scroll width then adds exactly this column, so the column fixed on the right overlaps nothing.
 */
import { evaluateCondition, type PageAction, type Row } from '../../renderer/index'

/** antd's small link button: 7 px padding each side; the cell's padding (middle size) and a little slack. */
const BUTTON_PADDING = 14
const CELL_PADDING = 24
/** Width of one character at the table's 14 px font: wide (CJK, full-width) characters are square. */
const WIDE = 14
const NARROW = 8
export const ACTIONS_MIN_WIDTH = 72

const isWide = (char: string) =>
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(char)

/** The drawn width of a text at the table's font, rounded up (no layout engine needed: jsdom has none). */
export function textWidth(text: string): number {
  let width = 0
  for (const char of text) width += isWide(char) ? WIDE : NARROW
  return Math.ceil(width)
}

/** The actions a row shows: those without visibleWhen, and those whose condition holds for the row. */
export const visibleActions = (actions: PageAction[], row: Row) =>
  actions.filter(
    (action) => !action.visibleWhen || evaluateCondition(action.visibleWhen, (field) => row[field]),
  )

/**
 * Width of the Actions column for these rows: the widest row's buttons (all actions when there are no rows
 * yet), at least the header's title.
 */
export function actionsColumnWidth(
  actions: PageAction[],
  rows: Row[],
  label: (action: PageAction) => string,
  title: string,
): number {
  const rowWidth = (shown: PageAction[]) =>
    shown.reduce((sum, action) => sum + textWidth(label(action)) + BUTTON_PADDING, 0)
  const widest = rows.length
    ? Math.max(...rows.map((row) => rowWidth(visibleActions(actions, row))))
    : rowWidth(actions)
  return Math.max(ACTIONS_MIN_WIDTH, widest + CELL_PADDING, textWidth(title) + CELL_PADDING)
}
