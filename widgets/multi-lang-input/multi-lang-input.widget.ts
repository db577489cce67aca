import type { WidgetDefinition } from '../../renderer/index'
import { textCell } from '../shared/cell-texts'
import { TextPretty } from '../shared/read-pretty'
import { MultiLanguageInput } from './MultiLangInput'

export const multiLangInputWidget: WidgetDefinition = {
  name: 'MultiLangInput',
  kind: 'field',
  component: MultiLanguageInput,
  readPretty: TextPretty,
  cellText: textCell,
  requiredMessage: 'enter',
  description:
    "Text with a value per language for a model field marked multiLanguage: the field keeps the user's language, " +
    'the dialog edits every language (sent as _tls, read back from /hpfm/v1/multi-language).',
}
