import type { WidgetDefinition } from '../../renderer/index'
import { Upload } from './Upload'
import { UploadPretty } from './UploadPretty'

export const uploadWidget: WidgetDefinition = {
  name: 'Upload',
  kind: 'field',
  component: Upload,
  readPretty: UploadPretty,
  requiredMessage: 'select',
  description:
    'Files kept by the file service: the value is an attachment group uuid (or the file URLs); allowed types and ' +
    'size (default 30 MB) are checked before sending and again by the server; read-only it lists download links.',
}
