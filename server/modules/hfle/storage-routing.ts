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
  })
}

/** The key prefix new uploads of the tenant get: `s3-<id>/` for an S3 default config, else none. */
export async function storagePrefixFor(db: Db, tenantId: number): Promise<string> {
  const config = await storageConfig(db, { tenantId }).catch(() => undefined)
  return config && config.storageType === 'S3' ? `s3-${String(config.storageConfigId)}/` : ''
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
