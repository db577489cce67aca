/** The size and type rules an upload to a bucket must meet (CORE-UPL-02..04, CORE-UPL-07). */
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest } from '../../errors.ts'
import { extensionOf, parseTypes } from './file-names.ts'
import { megabytes, UPLOAD_CEILING_BYTES, type HfleSettings } from './settings.ts'

export interface UploadRules {
  bucketName: string
  /** Lower-case extensions; empty: any type. */
  allowedTypes: string[]
  maxSize: number
}

export const BUCKET_PATTERN = '^[a-z0-9][a-z0-9.-]{0,62}$'
export const DIRECTORY_PATTERN = '^([A-Za-z0-9][A-Za-z0-9._-]{0,59})(/[A-Za-z0-9][A-Za-z0-9._-]{0,59}){0,4}$'

/** The bucket's rule of the tenant, else the defaults. */
export async function rulesOf(
  db: Db,
  tenantId: number,
  bucketName: string,
  settings: HfleSettings,
): Promise<UploadRules> {
  const row = await db
    .selectFrom('hfleUploadConfig')
    .select(['allowedTypes', 'maxSize'])
    .where('tenantId', '=', tenantId)
    .where('bucketName', '=', bucketName)
    .executeTakeFirst()
  return {
    bucketName,
    allowedTypes: row ? parseTypes(row.allowedTypes) : [],
    maxSize: Math.min(row?.maxSize ?? settings.defaultMaxBytes, UPLOAD_CEILING_BYTES),
  }
}

/** 400 'Uploaded file type must be: {fileType}' when the name's extension is not allowed. */
export function checkType(rules: UploadRules, fileName: string): void {
  if (!rules.allowedTypes.length || rules.allowedTypes.includes(extensionOf(fileName))) return
  const fileType = rules.allowedTypes.join(',')
  throw new AppError(
    400,
    'error.file.type',
    `Uploaded file type must be: ${fileType} ('${fileName}' is not one of them; bucket ${rules.bucketName}): choose a file of one of these types.`,
  )
}

/** 413 'Uploaded file size cannot exceed: N MB'. */
export const tooLarge = (rules: UploadRules) =>
  new AppError(
    413,
    'error.file.size',
    `Uploaded file size cannot exceed: ${megabytes(rules.maxSize)} MB (bucket ${rules.bucketName}): choose a smaller file.`,
  )

export function checkBucket(bucketName: string | undefined): string {
  if (!bucketName) {
    throw badRequest("bucketName is required: name the bucket the file goes to (e.g. 'wms-attachment').", {
      bucketName: 'required',
    })
  }
  if (!new RegExp(BUCKET_PATTERN).test(bucketName)) {
    throw badRequest(
      `bucketName '${bucketName}' is not valid: use 1-63 lower-case letters, digits, '.' and '-', starting with a letter or digit.`,
      { bucketName: 'invalid' },
    )
  }
  return bucketName
}

export function checkDirectory(directory: string | undefined): string {
  const value = (directory ?? '').replace(/^\/+|\/+$/g, '')
  if (value && !new RegExp(DIRECTORY_PATTERN).test(value)) {
    throw badRequest(
      `directory '${directory}' is not valid: use up to 5 segments of letters, digits, '.', '_' and '-' separated by '/'.`,
      { directory: 'invalid' },
    )
  }
  return value
}
