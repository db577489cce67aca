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
  props: {
    type: 'object',
    properties: {
      multiple: {
        type: 'boolean',
        description: 'Several files; otherwise a new file replaces the previous one.',
      },
      bucketName: {
        type: 'string',
        pattern: '^[a-z0-9][a-z0-9.-]{0,62}$',
        description: 'Bucket (default wms-attachment).',
      },
      directory: { type: 'string', description: 'Folder inside the bucket.' },
      fileType: {
        anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
        description: 'Allowed types: extensions (pdf) or MIME types (image/*), comma-separated or a list.',
      },
      fileSize: {
        type: 'integer',
        minimum: 1,
        description: 'Largest file in bytes (default 31457280 = 30 MB).',
      },
      valueType: {
        enum: ['uuid', 'url'],
        description: 'uuid: an attachment group (default); url: the file URLs.',
      },
    },
    additionalProperties: true,
  },
}
