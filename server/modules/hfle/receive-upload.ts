/**
 * One multipart upload (CORE-UPL-01, CORE-API-24): text fields first, then one part named `file` (like an S3
 * POST form). Name and type are checked before a byte is kept; the bytes are counted while they stream to the
 * store and the write is abandoned and removed the moment they pass the bucket's limit, so an over-size file
 * never stays on disk or in the table.
 */
import { randomUUID } from 'node:crypto'
import { Transform } from 'node:stream'
import type { MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import { AppError, badRequest } from '../../errors.ts'
import { unreadableMultipart } from '../../plugins/framework-errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { contentTypeOf, sanitizeFileName } from './file-names.ts'
import type { HfleSettings } from './settings.ts'
import { storagePrefixFor } from './storage-routing.ts'
import {
  checkBucket,
  checkDirectory,
  checkType,
  rulesOf,
  tooLarge,
  type UploadRules,
} from './upload-rules.ts'

const FIELDS = ['bucketName', 'directory', 'fileName', 'storageCode', 'attachmentUUID'] as const
type FieldName = (typeof FIELDS)[number]

export interface StoredFile {
  fileId: number
  fileUrl: string
  fileName: string
  fileSize: number
  fileType: string
  bucketName: string
  directory: string
  attachmentUuid: string | null
}

/** Counts bytes and fails the stream with the size error once they pass `limit`. */
function sizeGuard(limit: number, rules: UploadRules) {
  let seen = 0
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length
      done(seen > limit ? tooLarge(rules) : null, chunk)
    },
  })
  // The store's pipeline reports the error; this listener keeps `source.pipe(guard)` from re-throwing it
  // once the pipeline has let go, and leaves the source paused so the rest can be discarded.
  guard.on('error', () => {})
  return guard
}

/** Reads the rest of a part without keeping it (so the client gets the answer instead of a reset). */
const discard = (part: MultipartFile) =>
  new Promise<void>((resolve) => {
    // A part cut short (its error) or already destroyed never ends: nothing is left to read then.
    if (part.file.destroyed || part.file.errored) return resolve()
    part.file
      .on('end', resolve)
      .on('error', () => resolve())
      .on('close', resolve)
      .resume()
  })

export const fileUrlOf = (bucket: string, directory: string, id: string, name: string) =>
  `/hfle/${bucket}/${directory ? `${directory}/` : ''}${id}/${encodeURIComponent(name)}`

/** Receives, checks and keeps the upload of `request`; `needGroup` requires an attachmentUUID field. */
export async function receiveUpload(
  request: FastifyRequest,
  settings: HfleSettings,
  needGroup: boolean,
): Promise<StoredFile> {
  const session = sessionOf(request)
  const { db, files } = request.server
  if (!request.isMultipart()) {
    throw badRequest("Send the file as multipart/form-data with the file in a part named 'file'.")
  }
  const fields: Partial<Record<FieldName, string>> = {}
  let stored: { key: string; size: number; name: string; rules: UploadRules; directory: string } | undefined
  let problem: AppError | undefined
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (stored && FIELDS.includes(part.fieldname as FieldName)) {
        problem ??= badRequest(
          `Field '${part.fieldname}' came after the file: send text fields before the file part.`,
        )
      } else if (FIELDS.includes(part.fieldname as FieldName)) {
        fields[part.fieldname as FieldName] = String(part.value)
      }
      continue
    }
    if (part.fieldname !== 'file' || stored || problem) {
      await discard(part)
      problem ??= badRequest(
        part.fieldname !== 'file'
          ? `Unexpected file part '${part.fieldname}': send the file in a part named 'file'.`
          : 'Send one file per request.',
      )
      continue
    }
    try {
      const bucketName = checkBucket(fields.bucketName)
      const directory = checkDirectory(fields.directory)
      if (needGroup && !/^[0-9a-f-]{36}$/i.test(fields.attachmentUUID ?? '')) {
        throw badRequest('attachmentUUID is required: create a group with POST files/uuid first.', {
          attachmentUUID: 'required',
        })
      }
      const name = sanitizeFileName(fields.fileName || part.filename || '')
      const rules = await rulesOf(db, session.tenantId, bucketName, settings)
      checkType(rules, name)
      const key = `${await storagePrefixFor(db, session.tenantId)}${session.tenantId}/${bucketName}/${randomUUID()}`
      try {
        const guarded = part.file.pipe(sizeGuard(rules.maxSize, rules))
        // pipe() passes neither errors nor a close on: a body cut short before its closing boundary ends the
        // part with an error, or (when the parser sees the end of the request first, as on PostgreSQL, where
        // reading the rules waits for the network) with a close and no end; either way the store would wait
        // for the rest for ever (issue 21).
        const cutShort = () => guarded.destroy(unreadableMultipart(request))
        if (part.file.errored || (part.file.destroyed && !part.file.readableEnded)) cutShort()
        else part.file.once('error', cutShort).once('close', () => part.file.readableEnded || cutShort())
        const { size } = await files.put(key, guarded)
        if (part.file.truncated) throw tooLarge(rules)
        stored = { key, size, name, rules, directory }
      } catch (error) {
        await files.remove(key)
        throw error
      }
    } catch (error) {
      if (!part.file.readableEnded) await discard(part)
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'hfle: storing an upload failed')
      problem =
        error instanceof AppError
          ? error
          : new AppError(
              500,
              'error.file.store',
              'The file could not be stored: try again, or tell the administrator.',
            )
    }
  }
  if (stored && (problem || stored.size === 0)) await files.remove(stored.key)
  if (problem) throw problem
  if (!stored)
    throw badRequest("The request has no file: send it in a part named 'file'.", { file: 'required' })
  if (stored.size === 0) throw badRequest(`'${stored.name}' is empty: choose a file with content.`)
  return keepRow(request, stored, fields.attachmentUUID ?? null)
}

async function keepRow(
  request: FastifyRequest,
  stored: { key: string; size: number; name: string; rules: UploadRules; directory: string },
  attachmentUuid: string | null,
): Promise<StoredFile> {
  const session = sessionOf(request)
  const id = stored.key.split('/').pop() ?? randomUUID()
  const fileUrl = fileUrlOf(stored.rules.bucketName, stored.directory, id, stored.name)
  const values = {
    tenantId: session.tenantId,
    attachmentUuid: attachmentUuid?.toLowerCase() ?? null,
    bucketName: stored.rules.bucketName,
    directory: stored.directory,
    fileName: stored.name,
    fileUrl,
    storageKey: stored.key,
    fileSize: stored.size,
    contentType: contentTypeOf(stored.name),
    createdBy: session.userId,
  }
  try {
    const row = await request.server.db
      .insertInto('hfleFile')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow()
    return {
      fileId: row.id,
      fileUrl,
      fileName: values.fileName,
      fileSize: values.fileSize,
      fileType: values.contentType,
      bucketName: values.bucketName,
      directory: values.directory,
      attachmentUuid: values.attachmentUuid,
    }
  } catch (error) {
    await request.server.files.remove(stored.key)
    throw error
  }
}
