/**
 * Per-bucket upload rules of a tenant (CORE-UPL-07, the /hfile/file-upload screen's data): allowed types and
 * size limit, used by the server on every upload and by the Upload widget instead of its defaults.
 */
import { TenantParams } from '../../schemas.ts'
import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import { answers } from '../../responses.ts'
import { EffectiveRules } from './answers.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { parseTypes } from './file-names.ts'
import type { HfleSettings } from './settings.ts'
import { BUCKET_PATTERN, rulesOf } from './upload-rules.ts'
import { UPLOAD_CEILING_BYTES } from './settings.ts'

export const UPDATE_UPLOAD_CONFIG = 'hfle.upload-config.update'
const Bucket = Type.String({ pattern: BUCKET_PATTERN, description: 'Bucket name (lower case).' })
const ConfigBody = Type.Object({
  bucketName: Bucket,
  allowedTypes: Type.Array(Type.String({ pattern: '^\\.?[A-Za-z0-9]{1,10}$' }), {
    maxItems: 40,
    description: 'Extensions such as "pdf"; empty: any type.',
  }),
  maxSize: Type.Integer({ minimum: 1, maximum: UPLOAD_CEILING_BYTES, description: 'Bytes.' }),
})

export function uploadConfigRoutes(settings: HfleSettings): TypedPlugin {
  return async (app) => {
    const base = '/api/hfle/v1/:tenantId/upload-configs'
    app.get(
      `${base}/effective`,
      {
        schema: {
          params: TenantParams,
          querystring: Type.Object({ bucketName: Bucket }),
          response: answers(EffectiveRules),
        },
      },
      async (request) => {
        const { bucketName } = request.query
        return rulesOf(app.db, sessionOf(request).tenantId, bucketName, settings)
      },
    )
    app.put(
      base,
      {
        preHandler: requirePermission(UPDATE_UPLOAD_CONFIG),
        schema: { params: TenantParams, body: ConfigBody, response: answers(EffectiveRules) },
      },
      async (request) => {
        const session = sessionOf(request)
        const body = request.body
        const values = {
          tenantId: session.tenantId,
          bucketName: body.bucketName,
          allowedTypes: parseTypes(body.allowedTypes.join(',')).join(','),
          maxSize: body.maxSize,
          lastUpdatedBy: session.userId,
        }
        await app.db
          .insertInto('hfleUploadConfig')
          .values(values)
          .onConflict((conflict) =>
            conflict.columns(['tenantId', 'bucketName']).doUpdateSet({
              allowedTypes: values.allowedTypes,
              maxSize: values.maxSize,
              lastUpdatedBy: values.lastUpdatedBy,
            }),
          )
          .execute()
        return rulesOf(app.db, session.tenantId, body.bucketName, settings)
      },
    )
  }
}
