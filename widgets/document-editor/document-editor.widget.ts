import type { WidgetDefinition } from '../../renderer/index'
import { textCell } from '../shared/cell-texts'
import { TextPretty } from '../shared/read-pretty'
import { DocumentEditor } from './DocumentEditor'

export const documentEditorWidget: WidgetDefinition = {
  name: 'DocumentEditor',
  kind: 'field',
  component: DocumentEditor,
  readPretty: TextPretty,
  cellText: textCell,
  requiredMessage: 'enter',
  description:
    "A document body: rich text (headings, bold, italic, lists, links) when the format is html or docx, else plain text; props format or formatField (a field of the form holding the format); for docx a warning of what saving keeps, listing dropped or droppedField (the server's list of what the original has beyond that).",
}
