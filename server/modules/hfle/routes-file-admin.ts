/**
 * The file administration screens (/hfile/*): upload rules as a list (file-upload), all files (file-aggregate:
 * list, delete), the online editor of text documents (word-editor: load, save a new version), the edit log,
 * the storage test and the watermarked preview. Tenant form only (they are tenant screens).
 */
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { TypedPlugin } from '../../type-provider.ts'
import { answers, TestPassed } from '../../responses.ts'
import { pageRequest } from '../../paging.ts'
import {
  AggregateFilePage,
  DeletedFilesAnswer,
  DeletedRulesAnswer,
  EditLogPage,
  EditorDocument,
  PreviewBytes,
  SavedDocument,
  UploadRule,
  UploadRulePage,
} from './answers.ts'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest, conflict, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import type { Session } from '../../types.ts'
import { contains, pageOf, sortOf, timestampOf } from '../hmnt/paged.ts'
import { modelDb, type Row } from '../models/model-scope.ts'
import { extensionOf, parseTypes } from './file-names.ts'
import { fileById, fileByUrl, sendFile, type FileRow } from './file-rows.ts'
import { fileUrlOf } from './receive-upload.ts'
import type { HfleSettings } from './settings.ts'
import { UPLOAD_CEILING_BYTES } from './settings.ts'
import { s3StoreOf, storagePrefixFor, testStorage } from './storage-routing.ts'
import { BUCKET_PATTERN } from './upload-rules.ts'
import { bodyOf, htmlDocument, sanitizeHtml } from './html-sanitize.ts'
import { WATERMARKABLE, watermarkedSvg } from './watermark.ts'
import { Id, NoBody, NoQuery, Paging, Sort, Tenant, TenantParams } from '../../schemas.ts'

export const FILE_ADMIN_PERMISSIONS = {
  ruleCreate: 'hfile.fileUpload.button.create',
  ruleEdit: 'hfile.fileUpload.button.edit',
  ruleDelete: 'hfile.fileUpload.button.delete',
  fileEdit: 'hfile.fileAggregate.button.edit',
  fileDelete: 'hfile.fileAggregate.button.delete',
  storageTest: 'hfile.storage.button.test',
} as const

export const EDITABLE_TYPES = ['txt', 'html', 'htm', 'docx', 'md', 'csv', 'json', 'xml']
const EDITABLE_MAX_BYTES = 2 * 1024 * 1024
const isHtml = (file: { fileName: string }) => ['html', 'htm'].includes(extensionOf(file.fileName))
const isDocx = (file: { fileName: string }) => extensionOf(file.fileName) === 'docx'
/** How the editor shows a file: html and docx with formatting (docx converted), the others as plain text. */
const formatOf = (file: { fileName: string }) => (isDocx(file) ? 'docx' : isHtml(file) ? 'html' : 'text')
const PREVIEW_MAX_BYTES = 20 * 1024 * 1024
const CEILING_MB = Math.floor(UPLOAD_CEILING_BYTES / 1024 / 1024)

const RuleBody = Type.Object({
  bucketName: Type.String({ pattern: BUCKET_PATTERN, maxLength: 63 }),
  allowedTypes: Type.Optional(
    Type.Union([Type.String({ maxLength: 400, pattern: '^[A-Za-z0-9, .]*$' }), Type.Null()]),
  ),
  maxSizeMb: Type.Integer({ minimum: 1, maximum: CEILING_MB }),
})
const BucketKey = Type.Object({ bucketName: Type.String({ maxLength: 63 }) })
const FileKey = Type.Object({ fileId: Id('fileId') })

async function userNameOf(db: Db, userId: number) {
  const user = await db
    .selectFrom('iamUser')
    .select(['loginName', 'realName'])
    .where('id', '=', userId)
    .executeTakeFirst()
  return user ? `${user.realName || user.loginName} (${user.loginName})` : String(userId)
}

export async function writeEditLog(
  db: Db,
  session: Session,
  file: FileRow,
  action: 'EDIT' | 'DELETE',
  detail: string,
) {
  await db
    .insertInto('hfleFileEditLog')
    .values({
      tenantId: session.tenantId,
      fileId: file.id,
      fileName: file.fileName,
      bucketName: file.bucketName,
      action,
      userId: session.userId,
      userName: await userNameOf(db, session.userId),
      detail: detail.slice(0, 1000),
    })
    .execute()
}

async function readAll(stream: AsyncIterable<unknown>, limit: number, what: string) {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string)
    size += buffer.length
    if (size > limit)
      throw badRequest(`${what} is larger than ${limit / 1024 / 1024} MB: download it instead.`)
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

const ruleRow = (row: {
  bucketName: string
  allowedTypes: string
  maxSize: number
  lastUpdateDate: string
}) => ({
  bucketName: row.bucketName,
  allowedTypes: row.allowedTypes,
  maxSizeMb: Math.ceil(row.maxSize / 1024 / 1024),
  maxSize: row.maxSize,
  lastUpdateDate: row.lastUpdateDate,
  objectVersionNumber: 1,
})

export function fileAdminRoutes(settings: HfleSettings): TypedPlugin {
  void settings
  return async (app) => {
    const base = '/api/hfle/v1/:tenantId'
    const params = TenantParams

    // ---- upload rules (/hfile/file-upload): the rows rulesOf() reads on every upload ----
    const rules = (tenantId: number) => app.db.selectFrom('hfleUploadConfig').where('tenantId', '=', tenantId)
    const oneRule = async (tenantId: number, bucketName: string) => {
      const row = await rules(tenantId).selectAll().where('bucketName', '=', bucketName).executeTakeFirst()
      if (!row) throw notFound(`Bucket ${bucketName} has no upload rule: reload the list.`)
      return ruleRow(row)
    }
    app.get(
      `${base}/upload-rules`,
      {
        schema: {
          params,
          querystring: Type.Object({
            ...Paging,
            bucketName: Type.Optional(Type.String({ maxLength: 63 })),
          }),
          response: answers(UploadRulePage),
        },
      },
      async (request) => {
        const { tenantId } = sessionOf(request)
        const query = { ...request.query, ...pageRequest(request.query) }
        let select = rules(tenantId)
        if (query.bucketName) select = select.where('bucketName', 'ilike', contains(query.bucketName))
        const total = await select
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
        const rows = await select
          .selectAll()
          .orderBy('bucketName')
          .limit(query.size)
          .offset(query.page * query.size)
          .execute()
        return pageOf(rows.map(ruleRow), Number(total.count), query.page, query.size)
      },
    )
    app.get(
      `${base}/upload-rules/:bucketName`,
      {
        schema: {
          querystring: NoQuery,
          params: Type.Object({ ...Tenant, ...BucketKey.properties }),
          response: answers(UploadRule),
        },
      },
      (request) => oneRule(sessionOf(request).tenantId, request.params.bucketName),
    )
    const saveRule = async (
      mode: 'create' | 'update',
      request: FastifyRequest,
      body: typeof RuleBody.static,
    ) => {
      const session = sessionOf(request)
      const values = {
        tenantId: session.tenantId,
        bucketName: body.bucketName,
        allowedTypes: parseTypes(body.allowedTypes ?? '').join(','),
        maxSize: body.maxSizeMb * 1024 * 1024,
        lastUpdatedBy: session.userId,
      }
      const exists = await rules(session.tenantId)
        .select('bucketName')
        .where('bucketName', '=', body.bucketName)
        .executeTakeFirst()
      if (mode === 'create' && exists)
        throw conflict(
          'error.duplicate',
          `Bucket ${body.bucketName} already has an upload rule: edit that one.`,
        )
      if (mode === 'update' && !exists)
        throw notFound(`Bucket ${body.bucketName} has no upload rule: reload the list.`)
      if (mode === 'create') await app.db.insertInto('hfleUploadConfig').values(values).execute()
      else
        await app.db
          .updateTable('hfleUploadConfig')
          .set({
            allowedTypes: values.allowedTypes,
            maxSize: values.maxSize,
            lastUpdatedBy: session.userId,
            lastUpdateDate: new Date().toISOString().slice(0, 19).replace('T', ' '),
          })
          .where('tenantId', '=', session.tenantId)
          .where('bucketName', '=', body.bucketName)
          .execute()
      return oneRule(session.tenantId, body.bucketName)
    }
    app.post(
      `${base}/upload-rules`,
      {
        schema: { params, body: RuleBody, response: answers(UploadRule) },
        preHandler: requirePermission(FILE_ADMIN_PERMISSIONS.ruleCreate),
      },
      (request) => saveRule('create', request, request.body),
    )
    app.put(
      `${base}/upload-rules`,
      {
        schema: { params, body: RuleBody, response: answers(UploadRule) },
        preHandler: requirePermission(FILE_ADMIN_PERMISSIONS.ruleEdit),
      },
      (request) => saveRule('update', request, request.body),
    )
    app.delete(
      `${base}/upload-rules`,
      {
        schema: {
          params,
          body: Type.Union([BucketKey, Type.Array(BucketKey, { minItems: 1, maxItems: 100 })]),
          response: answers(DeletedRulesAnswer),
        },
        preHandler: requirePermission(FILE_ADMIN_PERMISSIONS.ruleDelete),
      },
      async (request) => {
        const { tenantId } = sessionOf(request)
        const body = request.body
        const buckets = (Array.isArray(body) ? body : [body]).map((row) => row.bucketName)
        await app.db
          .deleteFrom('hfleUploadConfig')
          .where('tenantId', '=', tenantId)
          .where('bucketName', 'in', buckets)
          .execute()
        return { bucketNames: buckets }
      },
    )

    // ---- all files (/hfile/file-aggregate) ----
    const FileFilters = Type.Object({
      ...Paging,
      sort: Sort,
      fileName: Type.Optional(Type.String({ maxLength: 240 })),
      bucketName: Type.Optional(Type.String({ maxLength: 63 })),
      directory: Type.Optional(Type.String({ maxLength: 200 })),
      contentType: Type.Optional(Type.String({ maxLength: 100 })),
    })
    app.get(
      `${base}/file-aggregates`,
      { schema: { params, querystring: FileFilters, response: answers(AggregateFilePage) } },
      async (request) => {
        const { tenantId } = sessionOf(request)
        const query = { ...request.query, ...pageRequest(request.query) }
        const sort = sortOf(
          query.sort,
          ['creationDate', 'fileName', 'fileSize', 'bucketName'] as const,
          'creationDate',
        )
        let select = app.db
          .selectFrom('hfleFile as f')
          .leftJoin('iamUser as u', 'u.id', 'f.createdBy')
          .where('f.tenantId', '=', tenantId)
        if (query.fileName) select = select.where('f.fileName', 'ilike', contains(query.fileName))
        if (query.bucketName) select = select.where('f.bucketName', 'ilike', contains(query.bucketName))
        if (query.directory) select = select.where('f.directory', 'ilike', contains(query.directory))
        if (query.contentType) select = select.where('f.contentType', 'ilike', contains(query.contentType))
        const total = await select
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
        const rows = await select
          .select([
            'f.id as fileId',
            'f.fileName',
            'f.bucketName',
            'f.directory',
            'f.contentType',
            'f.fileSize',
            'f.fileUrl',
            'f.attachmentUuid',
            'f.creationDate',
            'u.loginName as createdByName',
          ])
          .orderBy(`f.${sort.field}`, sort.direction)
          .orderBy('f.id', 'desc')
          .limit(query.size)
          .offset(query.page * query.size)
          .execute()
        return pageOf(
          rows.map((row) => ({ ...row, fileSize: Number(row.fileSize), objectVersionNumber: 1 })),
          Number(total.count),
          query.page,
          query.size,
        )
      },
    )
    app.delete(
      `${base}/file-aggregates`,
      {
        schema: {
          params,
          body: Type.Union([FileKey, Type.Array(FileKey, { minItems: 1, maxItems: 100 })]),
          response: answers(DeletedFilesAnswer),
        },
        preHandler: requirePermission(FILE_ADMIN_PERMISSIONS.fileDelete),
      },
      async (request) => {
        const session = sessionOf(request)
        const body = request.body
        const ids = (Array.isArray(body) ? body : [body]).map((row) => row.fileId)
        const removed: FileRow[] = []
        await app.db.transaction().execute(async (trx) => {
          for (const id of ids) {
            const file = await fileById(trx, session.tenantId, id)
            await trx.deleteFrom('hfleFile').where('id', '=', id).execute()
            await writeEditLog(
              trx,
              session,
              file,
              'DELETE',
              `deleted (${file.fileSize} bytes, ${file.bucketName}/${file.directory})`,
            )
            removed.push(file)
          }
        })
        // The bytes go once the rows are gone (a failure here leaves unreferenced bytes, never a dangling row).
        for (const file of removed)
          await app.files
            .remove(file.storageKey)
            .catch((error: unknown) => request.log.warn({ err: error }, 'hfle: removing bytes failed'))
        return { fileIds: ids }
      },
    )

    // ---- the online editor (/hfile/file-aggregate/word-editor/{fileId}) ----
    const editable = (file: FileRow) => {
      if (extensionOf(file.fileName) === 'doc')
        throw badRequest(
          `'${file.fileName}' is an old binary Word document (.doc), which cannot be edited online: open it in Word (or LibreOffice), save it as a Word document (.docx), upload that and edit it here.`,
          { fileId: 'old binary Word document' },
        )
      if (!EDITABLE_TYPES.includes(extensionOf(file.fileName)))
        throw badRequest(
          `'${file.fileName}' cannot be edited online: only ${EDITABLE_TYPES.join(', ')} documents can (html, htm and Word .docx with formatting, the others as plain text); Excel, PDF, old Word .doc and other binary formats cannot be edited in the browser: download it, edit it and upload the new version.`,
          { fileId: 'not a text document' },
        )
      if (file.fileSize > EDITABLE_MAX_BYTES)
        throw badRequest(`'${file.fileName}' is larger than 2 MB: download it instead.`)
    }
    app.get(
      `${base}/file-documents/:fileId`,
      {
        schema: {
          querystring: NoQuery,
          params: Type.Object({ ...Tenant, ...FileKey.properties }),
          response: answers(EditorDocument),
        },
      },
      async (request) => {
        const { fileId } = request.params
        const file = await fileById(app.db, sessionOf(request).tenantId, fileId)
        editable(file)
        const body = await app.files.get(file.storageKey).catch(() => {
          throw notFound(
            `The bytes of file '${file.fileName}' are missing from the store: upload the file again, or ask an administrator to restore it.`,
          )
        })
        const bytes = await readAll(body, EDITABLE_MAX_BYTES, file.fileName)
        const format = formatOf(file)
        // A .docx reaches the editor converted by mammoth and sanitised, with the list of what it loses.
        const docx =
          format === 'docx'
            ? await (await import('./docx-to-html.ts')).docxToHtml(bytes, file.fileName)
            : null
        const text = bytes.toString('utf8')
        return {
          fileId: file.id,
          fileName: file.fileName,
          bucketName: file.bucketName,
          directory: file.directory,
          // An HTML document reaches the editor as its sanitised body only: never a script or handler of an upload.
          content: docx ? docx.html : format === 'html' ? sanitizeHtml(bodyOf(text)).html : text,
          format,
          dropped: docx ? docx.dropped : [],
          objectVersionNumber: 1,
        }
      },
    )
    const SaveBody = Type.Object({
      ...FileKey.properties,
      content: Type.String({ maxLength: EDITABLE_MAX_BYTES }),
    })
    app.put(
      `${base}/file-documents`,
      {
        schema: { params, body: SaveBody, response: answers(SavedDocument) },
        preHandler: requirePermission(FILE_ADMIN_PERMISSIONS.fileEdit),
      },
      async (request) => {
        const session = sessionOf(request)
        const body = request.body
        const file = await fileById(app.db, session.tenantId, body.fileId)
        editable(file)
        const format = formatOf(file)
        const cleaned = format === 'text' ? null : sanitizeHtml(bodyOf(body.content))
        const content = cleaned ? cleaned.html : body.content
        const bytes =
          format === 'docx'
            ? await (await import('./html-to-docx.ts')).htmlToDocx(content, file.fileName)
            : Buffer.from(cleaned ? htmlDocument(content, file.fileName) : content, 'utf8')
        const uuid = randomUUID()
        const key = `${await storagePrefixFor(app.db, session.tenantId)}${session.tenantId}/${file.bucketName}/${uuid}`
        await app.files.put(key, Readable.from(bytes))
        try {
          const saved = await app.db.transaction().execute(async (trx) => {
            const row = await trx
              .insertInto('hfleFile')
              .values({
                tenantId: session.tenantId,
                attachmentUuid: file.attachmentUuid,
                bucketName: file.bucketName,
                directory: file.directory,
                fileName: file.fileName,
                fileUrl: fileUrlOf(file.bucketName, file.directory, uuid, file.fileName),
                storageKey: key,
                fileSize: bytes.length,
                contentType: file.contentType,
                createdBy: session.userId,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
            await writeEditLog(
              trx,
              session,
              file,
              'EDIT',
              `new version saved as file ${row.id} (${bytes.length} bytes); previous version: file ${file.id}` +
                (format === 'docx'
                  ? "; Word document rebuilt from the editor (formatting beyond the editor's not kept)"
                  : '') +
                (cleaned?.changed
                  ? '; unsafe or unsupported HTML (scripts, styles, attributes) removed'
                  : ''),
            )
            return row.id
          })
          return {
            fileId: saved,
            previousFileId: file.id,
            fileName: file.fileName,
            content,
            format,
            dropped: [],
            objectVersionNumber: 1,
          }
        } catch (error) {
          await app.files.remove(key).catch(() => undefined)
          throw error
        }
      },
    )

    // ---- the edit log (/hfile/edit-log) ----
    const LogFilters = Type.Object({
      ...Paging,
      sort: Sort,
      fileName: Type.Optional(Type.String({ maxLength: 240 })),
      bucketName: Type.Optional(Type.String({ maxLength: 63 })),
      action: Type.Optional(Type.Union([Type.Literal('EDIT'), Type.Literal('DELETE')])),
      occurredAtFrom: Type.Optional(Type.String({ maxLength: 19 })),
      occurredAtTo: Type.Optional(Type.String({ maxLength: 19 })),
    })
    app.get(
      `${base}/file-edit-logs`,
      { schema: { params, querystring: LogFilters, response: answers(EditLogPage) } },
      async (request) => {
        const { tenantId } = sessionOf(request)
        const query = { ...request.query, ...pageRequest(request.query) }
        let select = app.db.selectFrom('hfleFileEditLog').where('tenantId', '=', tenantId)
        if (query.fileName) select = select.where('fileName', 'ilike', contains(query.fileName))
        if (query.bucketName) select = select.where('bucketName', 'ilike', contains(query.bucketName))
        if (query.action) select = select.where('action', '=', query.action)
        const from = timestampOf('occurredAtFrom', query.occurredAtFrom)
        const to = timestampOf('occurredAtTo', query.occurredAtTo, true)
        if (from) select = select.where('occurredAt', '>=', from)
        if (to) select = select.where('occurredAt', '<=', to)
        const total = await select
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
        const rows = await select
          .selectAll()
          .orderBy('occurredAt', 'desc')
          .orderBy('logId', 'desc')
          .limit(query.size)
          .offset(query.page * query.size)
          .execute()
        return pageOf(rows, Number(total.count), query.page, query.size)
      },
    )

    // ---- storage test (/hfile/storage) ----
    app.post(
      `${base}/storage-tests/:storageConfigId`,
      {
        schema: {
          body: NoBody,
          params: Type.Object({ ...Tenant, storageConfigId: Id('storageConfigId') }),
          response: answers(TestPassed),
        },
        preHandler: requirePermission(FILE_ADMIN_PERMISSIONS.storageTest),
      },
      async (request) => {
        const { tenantId } = sessionOf(request)
        const { storageConfigId } = request.params
        const config = (await modelDb(app.db)
          .selectFrom('hfle_storage_config')
          .selectAll()
          .where('tenantId', '=', tenantId)
          .where('storageConfigId', '=', storageConfigId)
          .executeTakeFirst()) as Row | undefined
        if (!config)
          throw notFound(`Storage config ${storageConfigId} does not exist in this tenant: reload the list.`)
        const label = `Storage ${String(config.storageCode)} (${String(config.storageType)})`
        const store = config.storageType === 'S3' ? s3StoreOf(config) : app.files
        try {
          return { success: true, message: await testStorage(store, label) }
        } catch (error) {
          const err = error as Error & { cause?: { code?: string; message?: string } }
          const cause = err.cause?.code ? ` (${err.cause.code} ${err.cause.message ?? ''})` : ''
          throw new AppError(400, 'error.storage.test_failed', `${label} test failed: ${err.message}${cause}`)
        }
      },
    )

    // ---- watermarked preview ----
    const PreviewQuery = Type.Object({
      url: Type.String({ minLength: 1, maxLength: 1200 }),
      bucketName: Type.Optional(Type.String({ maxLength: 63 })),
    })
    app.get(
      `${base}/files/preview`,
      { schema: { params, querystring: PreviewQuery, response: answers(PreviewBytes) } },
      async (request, reply) => {
        const session = sessionOf(request)
        const { url, bucketName } = request.query
        const file = await fileByUrl(app.db, session.tenantId, url, bucketName)
        const mark = (await modelDb(app.db)
          .selectFrom('hfle_watermark_config')
          .selectAll()
          .where('tenantId', '=', session.tenantId)
          .where('enabledFlag', '=', 1)
          .orderBy('defaultFlag', 'desc')
          .orderBy('lastUpdateDate', 'desc')
          .executeTakeFirst()
          .catch(() => undefined)) as Row | undefined
        const ext = extensionOf(file.fileName)
        if (!mark || !WATERMARKABLE.has(ext)) {
          reply.header(
            'X-Watermark',
            !mark
              ? 'none: no enabled watermark config'
              : `none: ${ext || 'this type'} previews are served without a watermark`,
          )
          return sendFile(reply, app.files, file)
        }
        const body = await app.files.get(file.storageKey).catch(() => {
          throw notFound(
            `The bytes of file '${file.fileName}' are missing from the store: upload the file again, or ask an administrator to restore it.`,
          )
        })
        const bytes = await readAll(body, PREVIEW_MAX_BYTES, file.fileName)
        const text = String(mark.watermarkText)
          .replace(/\{user\}/g, await userNameOf(app.db, session.userId))
          .replace(/\{date\}/g, new Date(app.config.now()).toISOString().slice(0, 10))
        const svg = watermarkedSvg(bytes, file.fileName, file.contentType, {
          text,
          fontSize: Number(mark.fontSize) || 16,
          color: String(mark.color || '#888888'),
          opacity: Number(mark.opacity) || 0.3,
          rotate: Number(mark.rotate) || 0,
        })
        return reply
          .header('Content-Type', 'image/svg+xml; charset=utf-8')
          .header('X-Watermark', 'applied')
          .header('X-Content-Type-Options', 'nosniff')
          .header(
            'Content-Security-Policy',
            "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
          )
          .header('Cache-Control', 'private, no-store')
          .send(svg)
      },
    )
  }
}
