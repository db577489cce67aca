/** Finding a file row the caller may see: its tenant's only; anything else is "not found" (never 403). */
import type { FastifyReply } from 'fastify'
import type { Db } from '../../db/schema.ts'
import { notFound } from '../../errors.ts'
import type { FileStore } from './file-store.ts'
import { attachmentDisposition } from './file-names.ts'
import type { FileTable } from './tables.ts'

export type FileRow = Pick<
  FileTable,
  'tenantId' | 'bucketName' | 'directory' | 'fileName' | 'fileUrl' | 'storageKey' | 'fileSize' | 'contentType'
> & { id: number; attachmentUuid: string | null; createdBy: number; creationDate: string }

const COLUMNS = [
  'id',
  'tenantId',
  'attachmentUuid',
  'bucketName',
  'directory',
  'fileName',
  'fileUrl',
  'storageKey',
  'fileSize',
  'contentType',
  'createdBy',
  'creationDate',
] as const

/** The row of `url` in `tenantId` (and `bucketName` when given), or 404. */
export async function fileByUrl(
  db: Db,
  tenantId: number,
  url: string,
  bucketName?: string,
): Promise<FileRow> {
  let query = db
    .selectFrom('hfleFile')
    .select(COLUMNS)
    .where('tenantId', '=', tenantId)
    .where('fileUrl', '=', url)
  if (bucketName) query = query.where('bucketName', '=', bucketName)
  const row = await query.executeTakeFirst()
  if (!row)
    throw notFound(
      `File '${url}' was not found${bucketName ? ` in bucket ${bucketName}` : ''}: check the link.`,
    )
  return row
}

export async function fileById(db: Db, tenantId: number, id: number): Promise<FileRow> {
  const row = await db
    .selectFrom('hfleFile')
    .select(COLUMNS)
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) throw notFound(`File ${id} was not found: check the link.`)
  return row
}

export async function filesOfGroup(db: Db, tenantId: number, uuid: string): Promise<FileRow[]> {
  return db
    .selectFrom('hfleFile')
    .select(COLUMNS)
    .where('tenantId', '=', tenantId)
    .where('attachmentUuid', '=', uuid.toLowerCase())
    .orderBy('id')
    .execute()
}

/** The wire shape of a file in a group listing (files/{uuid}/file). */
export const fileEntry = (row: FileRow) => ({
  fileId: row.id,
  fileUrl: row.fileUrl,
  fileName: row.fileName,
  fileSize: row.fileSize,
  fileType: row.contentType,
  bucketName: row.bucketName,
  directory: row.directory,
  attachmentUuid: row.attachmentUuid,
  creationDate: row.creationDate,
  createdBy: row.createdBy,
})

/**
 * Sends the bytes as a download: an attachment with its content type, nosniff, and a sandbox CSP so even an
 * HTML or SVG file opened directly cannot run script on our origin.
 */
export async function sendFile(reply: FastifyReply, files: FileStore, row: FileRow) {
  const body = await files.get(row.storageKey).catch(() => {
    throw notFound(`The bytes of file '${row.fileName}' are missing from the store: upload it again.`)
  })
  return reply
    .header('Content-Type', row.contentType)
    .header('Content-Length', String(row.fileSize))
    .header('Content-Disposition', attachmentDisposition(row.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .send(body)
}
