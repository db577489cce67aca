import type { WidgetDefinition } from '../../renderer/index'
import { LineTable, LineTablePretty, lineTableText } from './LineTable'

export const lineTableWidget: WidgetDefinition = {
  name: 'LineTable',
  kind: 'field',
  component: LineTable,
  readPretty: LineTablePretty,
  cellText: () => lineTableText,
  requiredMessage: 'enter',
  description:
    "A value per line in an action dialog (the field's `lines`): the lines loaded from lines.path (a GET " +
    'answering {lines: [...]}, its {fields} filled from the row), read-only columns and one input per ' +
    'lines.inputs entry on each row, checked per row (required, min, max — a number or a field of the line such ' +
    "as its open quantity); the value is [{<rowKey>, <input>…}] for the rows filled in, and a server's refusal " +
    'naming "<field>[i].<input>" is shown on that row.',
}
