/**
 * What the file routes answer (issue 20, "response schemas on every route"): the wire contract's "Files"
 * shapes (the upload's URL as text, `{content: uuid}`, a group's `[{fileId, fileUrl, fileName, fileSize,
 * fileType, ...}]`), downloads as bytes, and the file administration screens' rows as the handlers build them.
 * Every object is closed and lists every field its handler writes (the Upload widget, the /hfile pages and
 * tests/server/files.test.ts read no other), so the serializer drops nothing; nullable columns are declared
 * nullable so a null is written as null.
 */
import { Type } from '@sinclair/typebox'
import { Id, Int4, TenantId } from '../../schemas.ts'
import { FileBody, Nullable, PageOf, Text } from '../../responses.ts'

const Timestamp = Type.String({ description: 'YYYY-MM-DD HH:mm:ss' })
const Bytes = Type.Integer({ minimum: 0, description: 'Bytes' })

/** `POST …/files/multipart`, `…/files/attachment/multipart`: the stored file's URL (text/plain). */
export const FileUrlText = Text(
  'The URL of the stored file (text/plain): keep it and send it back to download',
)
/** `GET …/files/signedUrl`: a signed download link (text/plain). */
export const SignedUrlText = Text(
  'A signed link to download the file without a token until it expires (text/plain)',
)
/** A download: the file's bytes as an attachment. */
export const FileBytes = FileBody('The file, as an attachment with its content type')
/** `GET …/files/redirect-url`: 302 to the signed link. */
export const RedirectToLink = Type.Null({ description: 'Found: Location is a signed link to the file' })

/** `POST …/files/uuid` (wire contract). */
export const GroupUuidAnswer = Type.Object(
  { content: Type.String({ format: 'uuid', description: 'A new attachment group' }) },
  { description: 'A new attachment group uuid' },
)

/** A file of an attachment group (file-rows.ts fileEntry). */
export const GroupFile = Type.Object({
  fileId: Id(),
  fileUrl: Type.String(),
  fileName: Type.String(),
  fileSize: Bytes,
  fileType: Type.String({ description: 'Content type' }),
  bucketName: Type.String(),
  directory: Type.String(),
  attachmentUuid: Nullable(Type.String()),
  creationDate: Timestamp,
  createdBy: Id(),
})
export const GroupFiles = Type.Array(GroupFile, { description: 'The files of the group, oldest first' })

/** `GET …/upload-configs/effective`, `PUT …/upload-configs` (upload-rules.ts UploadRules). */
export const EffectiveRules = Type.Object(
  {
    bucketName: Type.String(),
    allowedTypes: Type.Array(Type.String(), { description: 'Lower-case extensions; empty: any type' }),
    maxSize: Bytes,
  },
  { description: 'The rules an upload to the bucket must meet' },
)

/** An upload rule as the /hfile/file-upload screen lists it (routes-file-admin.ts ruleRow). */
export const UploadRule = Type.Object(
  {
    bucketName: Type.String(),
    allowedTypes: Type.String({ description: 'Comma-separated extensions; empty: any type' }),
    maxSizeMb: Int4({ minimum: 0 }),
    maxSize: Bytes,
    lastUpdateDate: Timestamp,
    objectVersionNumber: Type.Integer(),
  },
  { description: "A bucket's upload rule" },
)
export const UploadRulePage = PageOf(UploadRule, 'Upload rules by bucket name')
export const DeletedRulesAnswer = Type.Object(
  { bucketNames: Type.Array(Type.String()) },
  { description: 'The buckets whose rule was deleted' },
)

/** A row of /hfile/file-aggregate. */
export const AggregateFile = Type.Object({
  fileId: Id(),
  fileName: Type.String(),
  bucketName: Type.String(),
  directory: Type.String(),
  contentType: Type.String(),
  fileSize: Bytes,
  fileUrl: Type.String(),
  attachmentUuid: Nullable(Type.String()),
  creationDate: Timestamp,
  createdByName: Nullable(Type.String({ description: "The uploader's login name (null: user removed)" })),
  objectVersionNumber: Type.Integer(),
})
export const AggregateFilePage = PageOf(AggregateFile, "A page of the tenant's files")
export const DeletedFilesAnswer = Type.Object(
  { fileIds: Type.Array(Id()) },
  { description: 'The files deleted' },
)

const Format = Type.Union([Type.Literal('docx'), Type.Literal('html'), Type.Literal('text')], {
  description: 'How the editor shows it: docx and html with formatting, text as plain text',
})
/** `GET …/file-documents/{fileId}`: a text document loaded into the online editor. */
export const EditorDocument = Type.Object(
  {
    fileId: Id(),
    fileName: Type.String(),
    bucketName: Type.String(),
    directory: Type.String(),
    content: Type.String(),
    format: Format,
    dropped: Type.Array(Type.String(), { description: 'What the conversion of a .docx did not keep' }),
    objectVersionNumber: Type.Integer(),
  },
  { description: 'The document as the editor shows it' },
)
/** `PUT …/file-documents`: the new version saved as a new file. */
export const SavedDocument = Type.Object(
  {
    fileId: Id(),
    previousFileId: Id(),
    fileName: Type.String(),
    content: Type.String(),
    format: Format,
    dropped: Type.Array(Type.String()),
    objectVersionNumber: Type.Integer(),
  },
  { description: 'The new version (a new file; the previous one is kept)' },
)

/** A row of /hfile/edit-log (table hfle_file_edit_log). */
export const EditLogRow = Type.Object({
  logId: Id(),
  tenantId: TenantId,
  fileId: Nullable(Id()),
  fileName: Type.String(),
  bucketName: Type.String(),
  action: Type.Union([Type.Literal('EDIT'), Type.Literal('DELETE')]),
  userId: Id(),
  userName: Type.String(),
  occurredAt: Timestamp,
  detail: Type.String(),
})
export const EditLogPage = PageOf(EditLogRow, 'File edits and deletions, newest first')

/** `GET …/files/preview`: the file, or an SVG of it with the tenant's watermark. */
export const PreviewBytes = FileBody('The file, or an SVG of it under the watermark (X-Watermark says which)')
