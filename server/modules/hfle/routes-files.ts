/**
 * Files (CORE-API-22..24, wire contract "Files"): upload answering the file URL as plain text, download as an
 * attachment, redirect-url (302 to a signed link), signedUrl (the link as text) and the public signed download.
 * Tenant and site forms; a file of another tenant is "not found".
 * DESIGN: uploading needs no permission code of its own (as in HZERO): any signed-in user of the tenant may add a
 * file, and the record that keeps its URL or group is guarded by that record's own codes. Removing someone
 * else's file needs hfle.file.delete (routes-attachments.ts).
 */
import { Id, TenantId } from '../../schemas.ts'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import { answers } from '../../responses.ts'
import { tenantAndSite } from '../../route-forms.ts'
import type { TypedPlugin } from '../../type-provider.ts'
import { FileBytes, FileUrlText, RedirectToLink, SignedUrlText } from './answers.ts'
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
  file: Id('The file'),
  tenant: TenantId,
  expires: Type.Integer({ minimum: 0 }),
  signature: Type.String({ maxLength: 128 }),
})

export function fileRoutes(settings: HfleSettings, key: () => Promise<string>): TypedPlugin {
  return async (app) => {
    const linkFor = async (request: FastifyRequest, { url, bucketName }: typeof FileQuery.static) => {
      const session = sessionOf(request)
      const row = await fileByUrl(app.db, session.tenantId, url, bucketName)
      const expires = Math.floor(app.config.now() / 1000) + settings.signedUrlTtlSeconds
      return signedLink(await key(), { file: row.id, tenant: row.tenantId, expires })
    }
    for (const { base: prefix, params } of tenantAndSite('hfle')) {
      app.post(
        `${prefix}/files/multipart`,
        { schema: { ...params, response: answers(FileUrlText) } },
        async (request, reply) => {
          const stored = await receiveUpload(request, settings, false)
          return reply.type('text/plain; charset=utf-8').send(stored.fileUrl)
        },
      )
      app.get(
        `${prefix}/files/download`,
        { schema: { ...params, querystring: FileQuery, response: answers(FileBytes) } },
        async (request, reply) => {
          const { url, bucketName } = request.query
          const row = await fileByUrl(app.db, sessionOf(request).tenantId, url, bucketName)
          return sendFile(reply, app.files, row)
        },
      )
      app.get(
        `${prefix}/files/signedUrl`,
        { schema: { ...params, querystring: FileQuery, response: answers(SignedUrlText) } },
        async (request, reply) =>
          reply.type('text/plain; charset=utf-8').send(await linkFor(request, request.query)),
      )
      app.get(
        `${prefix}/files/redirect-url`,
        { schema: { ...params, querystring: FileQuery, response: { 302: RedirectToLink } } },
        async (request, reply) => reply.redirect(await linkFor(request, request.query), 302),
      )
    }
    app.get(
      SIGNED_PATH,
      { config: { public: true }, schema: { querystring: SignedQuery, response: answers(FileBytes) } },
      async (request, reply) => {
        const { signature, ...parts } = request.query
        const refusal = checkSignedLink(await key(), parts, signature, Math.floor(app.config.now() / 1000))
        if (refusal) throw new AppError(403, 'error.file.link', refusal)
        return sendFile(reply, app.files, await fileById(app.db, parts.tenant, parts.file))
      },
    )
  }
}
