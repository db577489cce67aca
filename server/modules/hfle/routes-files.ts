/**
 * Files (CORE-API-22..24, wire contract "Files"): upload answering the file URL as plain text, download as an
 * attachment, redirect-url (302 to a signed link), signedUrl (the link as text) and the public signed download.
 * Tenant and site forms; a file of another tenant is "not found".
 * DESIGN: uploading needs no permission code of its own (as in HZERO): any signed-in user of the tenant may add a
 * file, and the record that keeps its URL or group is guarded by that record's own codes. Removing someone
 * else's file needs hfle.file.delete (routes-attachments.ts).
 */
import { TenantParams } from '../../schemas.ts'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { AppError } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { fileById, fileByUrl, sendFile } from './file-rows.ts'
import { receiveUpload } from './receive-upload.ts'
import type { HfleSettings } from './settings.ts'
import { checkSignedLink, signedLink, SIGNED_PATH } from './signed-links.ts'

const FileQuery = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 1200 }),
  bucketName: Type.Optional(Type.String({ maxLength: 63 })),
  directory: Type.Optional(Type.String({ maxLength: 200 })),
  storageCode: Type.Optional(Type.String({ maxLength: 60 })),
})
const SignedQuery = Type.Object({
  file: Type.Integer({ minimum: 1 }),
  tenant: Type.Integer({ minimum: 0 }),
  expires: Type.Integer({ minimum: 0 }),
  signature: Type.String({ maxLength: 128 }),
})

export const TENANT_PREFIXES = ['/api/hfle/v1/:tenantId', '/api/hfle/v1'] as const
export const paramsOf = (prefix: string) => (prefix.includes(':tenantId') ? { params: TenantParams } : {})

export function fileRoutes(settings: HfleSettings, key: () => Promise<string>): FastifyPluginAsync {
  return async (app) => {
    const linkFor = async (request: FastifyRequest) => {
      const session = sessionOf(request)
      const { url, bucketName } = request.query as typeof FileQuery.static
      const row = await fileByUrl(app.db, session.tenantId, url, bucketName)
      const expires = Math.floor(app.config.now() / 1000) + settings.signedUrlTtlSeconds
      return signedLink(await key(), { file: row.id, tenant: row.tenantId, expires })
    }
    for (const prefix of TENANT_PREFIXES) {
      const params = paramsOf(prefix)
      app.post(`${prefix}/files/multipart`, { schema: params }, async (request, reply) => {
        const stored = await receiveUpload(request, settings, false)
        return reply.type('text/plain; charset=utf-8').send(stored.fileUrl)
      })
      app.get(
        `${prefix}/files/download`,
        { schema: { ...params, querystring: FileQuery } },
        async (request, reply) => {
          const { url, bucketName } = request.query as typeof FileQuery.static
          const row = await fileByUrl(app.db, sessionOf(request).tenantId, url, bucketName)
          return sendFile(reply, app.files, row)
        },
      )
      app.get(
        `${prefix}/files/signedUrl`,
        { schema: { ...params, querystring: FileQuery } },
        async (request, reply) => reply.type('text/plain; charset=utf-8').send(await linkFor(request)),
      )
      app.get(
        `${prefix}/files/redirect-url`,
        { schema: { ...params, querystring: FileQuery } },
        async (request, reply) => reply.redirect(await linkFor(request), 302),
      )
    }
    app.get(
      SIGNED_PATH,
      { config: { public: true }, schema: { querystring: SignedQuery } },
      async (request, reply) => {
        const { signature, ...parts } = request.query as typeof SignedQuery.static
        const refusal = checkSignedLink(await key(), parts, signature, Math.floor(app.config.now() / 1000))
        if (refusal) throw new AppError(403, 'error.file.link', refusal)
        return sendFile(reply, app.files, await fileById(app.db, parts.tenant, parts.file))
      },
    )
  }
}
