/**
 * The storage configs of /hfile/storage in use: a new upload goes to the tenant's enabled default config, and
 * every file is read back from the store that holds it. The store is named in the key itself: keys of files
 * on an S3 config start with `s3-<storageConfigId>/`, all others live in the server's own store (`app.files`:
 * local disk, or S3 from the environment). So files stored before a switch stay readable after it.
 */
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { modelDb, type Row } from '../models/model-scope.ts'
import type { FileStore } from './file-store.ts'
import { s3FileStore } from './s3-store.ts'

const PREFIX = /^s3-(\d+)\//

async function storageConfig(db: Db, where: { id?: number; tenantId?: number }): Promise<Row | undefined> {
  // A model table (schemas/models/hfle); callers treat its absence as "no config".
  let query = modelDb(db).selectFrom('hfle_storage_config').selectAll().where('enabledFlag', '=', 1)
  if (where.id !== undefined) query = query.where('storageConfigId', '=', where.id)
  if (where.tenantId !== undefined)
    query = query.where('tenantId', '=', where.tenantId).where('defaultFlag', '=', 1)
  return (await query.orderBy('lastUpdateDate', 'desc').executeTakeFirst()) as Row | undefined
}

/**
 * The extra parameters of a config row (its extraParams, the dynamic form HFLE.STORAGE_EXTRA, checked on save):
 * where new objects go under the bucket, their storage class, and whether requests are path-style.
 */
export function storageExtras(row: Row): { pathPrefix: string; storageClass?: string; pathStyle: boolean } {
  let extra: unknown = row.extraParams
  if (typeof extra === 'string') extra = JSON.parse(extra) as unknown
  const values = (extra && typeof extra === 'object' ? extra : {}) as Record<string, unknown>
  const prefix = typeof values.pathPrefix === 'string' ? values.pathPrefix.replace(/^\/+|\/+$/g, '') : ''
  return {
    pathPrefix: prefix ? `${prefix}/` : '',
    storageClass:
      typeof values.storageClass === 'string' && values.storageClass ? values.storageClass : undefined,
    pathStyle:
      values.forcePathStyle === undefined ||
      values.forcePathStyle === null ||
      Number(values.forcePathStyle) !== 0,
  }
}

/** The S3 store of a config row; 400 naming what is missing. */
export function s3StoreOf(row: Row): FileStore {
  const missing = ['endpoint', 'bucketName', 'accessKeyId', 'secretAccessKey'].filter((name) => !row[name])
  if (missing.length)
    throw badRequest(
      `Storage ${String(row.storageCode)} is S3 but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} empty: fill them in.`,
      Object.fromEntries(missing.map((name) => [name, 'required for S3'])),
    )
  return s3FileStore({
    endpoint: String(row.endpoint).replace(/\/+$/, ''),
    bucket: String(row.bucketName),
    accessKeyId: String(row.accessKeyId),
    secretAccessKey: String(row.secretAccessKey),
    region: String(row.region || 'us-east-1'),
    storageClass: storageExtras(row).storageClass,
    pathStyle: storageExtras(row).pathStyle,
  })
}

/**
 * The key prefix new uploads of the tenant get: `s3-<id>/` and the config's extra pathPrefix for an S3 default
 * config, else none. The prefix is part of the stored key, so changing it later moves only new uploads.
 */
export async function storagePrefixFor(db: Db, tenantId: number): Promise<string> {
  const config = await storageConfig(db, { tenantId }).catch(() => undefined)
  return config && config.storageType === 'S3'
    ? `s3-${String(config.storageConfigId)}/${storageExtras(config).pathPrefix}`
    : ''
}

/** `app.files`: keys with an S3 config prefix go to that config's bucket, the rest to `base`. */
export function routedFileStore(base: FileStore, db: Db): FileStore {
  const storeOf = async (key: string): Promise<FileStore> => {
    const match = PREFIX.exec(key)
    if (!match) return base
    const config = await storageConfig(db, { id: Number(match[1]) })
    if (!config)
      throw new Error(
        `Storage config ${match[1]} of file '${key}' is gone or disabled: enable it to reach the file.`,
      )
    return s3StoreOf(config)
  }
  return {
    put: async (key, body) => (await storeOf(key)).put(key, body),
    get: async (key) => (await storeOf(key)).get(key),
    size: async (key) => (await storeOf(key)).size(key),
    remove: async (key) => (await storeOf(key)).remove(key),
  }
}

/** The storage test: writes, reads back and removes a small object. Resolves with what worked. */
export async function testStorage(store: FileStore, label: string): Promise<string> {
  const key = `wms-storage-test/${randomUUID()}`
  const text = `storage test ${new Date().toISOString()}`
  await store.put(key, Readable.from(Buffer.from(text)))
  const chunks: Buffer[] = []
  for await (const chunk of await store.get(key)) chunks.push(Buffer.from(chunk as Buffer))
  await store.remove(key)
  if (Buffer.concat(chunks).toString() !== text)
    throw new Error(`${label}: the object read back differs from the one written`)
  return `${label}: wrote, read back and removed a test object.`
}

const PREFIX_TEXT = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/

/**
 * A storage config's extra pathPrefix becomes part of file keys: segments of letters, digits, '.', '_' and '-'
 * only (after the dynamic form's own check, listed before this one in hfleBehaviour).
 */
export const storagePrefixGuard: ModelBehaviour = modelBehaviour({
  model: 'hfle/storage-config',
  writeGuards: [
    async ({ op, values }) => {
      if (op === 'delete' || typeof values.extraParams !== 'string') return
      const prefix = (JSON.parse(values.extraParams) as Record<string, unknown> | null)?.pathPrefix
      if (typeof prefix !== 'string' || !prefix) return
      const trimmed = prefix.replace(/^\/+/, '')
      if (!PREFIX_TEXT.test(trimmed) || trimmed.split('/').some((part) => part === '.' || part === '..'))
        throw badRequest(
          `extraParams.pathPrefix (Object key prefix) '${prefix}' cannot start a file key: use folder names of letters, digits, '.', '_' and '-' separated by '/', e.g. wms/archive/.`,
          { extraParams: 'pathPrefix: letters, digits, . _ - and / only' },
        )
    },
  ],
})
