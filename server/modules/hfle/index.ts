import multipart from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import { dynamicFormField } from '../hpfm/dynamic-forms.ts'
import type { ModelBehaviour } from '../models/behaviour.ts'
import { attachmentRoutes } from './routes-attachments.ts'
import { ensureDemoDocument } from './demo-document.ts'
import { fileAdminRoutes } from './routes-file-admin.ts'
import { fileRoutes } from './routes-files.ts'
import { storagePrefixGuard } from './storage-routing.ts'
import { uploadConfigRoutes } from './routes-upload-configs.ts'
import { hfleSettings, UPLOAD_CEILING_BYTES, type HfleSettings } from './settings.ts'
import { signingKey } from './signed-links.ts'
import './tables.ts'

/**
 * A storage config's extra parameters are the values of the dynamic form HFLE.STORAGE_EXTRA (/hpfm/dynamic-form),
 * whose pathPrefix must then make a file key (in this order).
 */
export const hfleBehaviour: ModelBehaviour[] = [
  dynamicFormField('hfle/storage-config', 'extraParams', 'HFLE.STORAGE_EXTRA'),
  storagePrefixGuard,
]

/**
 * The file service (hfle): uploads, downloads, signed links, attachment groups and per-bucket upload rules.
 * Bytes go through `app.files` (local disk or S3-compatible, see file-store.ts / s3-store.ts).
 */
export function hfleModule(settings: HfleSettings = hfleSettings()): FastifyPluginAsync {
  return async (app) => {
    // The parser's own ceiling; the per-bucket limit is enforced while streaming (receive-upload.ts).
    await app.register(multipart, {
      limits: { fileSize: UPLOAD_CEILING_BYTES, files: 2, fields: 10, fieldSize: 1024, parts: 12 },
      throwFileSizeLimit: false,
    })
    // Read on first use (not at start), so the app starts while the database is briefly unavailable.
    let key: Promise<string> | undefined
    const currentKey = () => {
      key ??= signingKey(app.db, settings.signingKey).catch((error: unknown) => {
        key = undefined
        throw error
      })
      return key
    }
    await app.register(fileRoutes(settings, currentKey))
    await app.register(attachmentRoutes(settings))
    await app.register(uploadConfigRoutes(settings))
    await app.register(fileAdminRoutes(settings))
    app.addHook('onReady', async () => {
      await ensureDemoDocument(app.db, app.files).catch((error: unknown) =>
        app.log.warn({ err: error }, 'hfle: the demo document could not be written'),
      )
    })
  }
}
