/**
 * Attachment groups (wire contract "Files"): a uuid names a group of files a record keeps in one field.
 * files/uuid makes a uuid, attachment/multipart adds a file to it, {uuid}/file lists it, delete-by-uuidurl
 * removes files from it (the uploader, or a holder of hfle.file.delete).
 */
import { NoBody, NoQuery } from '../../schemas.ts'
import { randomUUID } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import { answers } from '../../responses.ts'
import { formParams, tenantAndSite } from '../../route-forms.ts'
import type { TypedPlugin } from '../../type-provider.ts'
import { FileUrlText, GroupFiles, GroupUuidAnswer } from './answers.ts'
import { noPermission, notFound } from '../../errors.ts'
import { grantedCodes, sessionOf } from '../../plugins/permissions.ts'
import { fileEntry, filesOfGroup } from './file-rows.ts'
import { receiveUpload } from './receive-upload.ts'
import type { HfleSettings } from './settings.ts'

export const DELETE_ANY_FILE = 'hfle.file.delete'
const Uuid = Type.String({ pattern: '^[0-9a-fA-F-]{36}$' })
const DeleteBody = Type.Object({
  attachmentUUID: Uuid,
  bucketName: Type.Optional(Type.String({ maxLength: 63 })),
  urls: Type.Array(Type.String({ minLength: 1, maxLength: 1200 }), { minItems: 1, maxItems: 100 }),
})

export function attachmentRoutes(settings: HfleSettings): TypedPlugin {
  return async (app) => {
    const remove = async (request: FastifyRequest<{ Body: typeof DeleteBody.static }>) => {
      const session = sessionOf(request)
      const { attachmentUUID, bucketName, urls } = request.body
      const rows = (await filesOfGroup(app.db, session.tenantId, attachmentUUID)).filter(
        (row) => urls.includes(row.fileUrl) && (!bucketName || row.bucketName === bucketName),
      )
      const missing = urls.filter((url) => !rows.some((row) => row.fileUrl === url))
      if (missing.length) {
        throw notFound(
          `Not in attachment group ${attachmentUUID}: ${missing.join(', ')}. Reload the file list.`,
        )
      }
      if (rows.some((row) => row.createdBy !== session.userId)) {
        const granted = await grantedCodes(app.db, session.roleId, [DELETE_ANY_FILE])
        if (!granted.has(DELETE_ANY_FILE)) throw noPermission(DELETE_ANY_FILE)
      }
      await app.db
        .deleteFrom('hfleFile')
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute()
      for (const row of rows) await app.files.remove(row.storageKey)
      return rows.map(fileEntry)
    }
    for (const form of tenantAndSite('hfle')) {
      const { base: prefix, params } = form
      app.post(
        `${prefix}/files/uuid`,
        { schema: { ...params, body: NoBody, response: answers(GroupUuidAnswer) } },
        async () => ({ content: randomUUID() }),
      )
      app.post(
        `${prefix}/files/attachment/multipart`,
        { schema: { ...params, response: answers(FileUrlText) } },
        async (request, reply) => {
          const stored = await receiveUpload(request, settings, true)
          return reply.type('text/plain; charset=utf-8').send(stored.fileUrl)
        },
      )
      app.get(
        `${prefix}/files/:uuid/file`,
        {
          schema: {
            params: formParams(form, { uuid: Uuid }),
            querystring: NoQuery,
            response: answers(GroupFiles),
          },
        },
        async (request) => {
          const { uuid } = request.params
          return (await filesOfGroup(app.db, sessionOf(request).tenantId, uuid)).map(fileEntry)
        },
      )
      // Answers the files removed.
      const deleteSchema = { schema: { ...params, body: DeleteBody, response: answers(GroupFiles) } }
      app.post(`${prefix}/files/delete-by-uuidurl`, deleteSchema, remove)
      app.delete(`${prefix}/files/delete-by-uuidurl`, deleteSchema, remove)
    }
  }
}
