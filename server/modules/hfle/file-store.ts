/**
 * Where file bytes live. The hfle module (uploads, attachments) and the export worker write through this seam;
 * rows describing the files (name, type, size, tenant, bucket) live in the database. Local disk under
 * `AppConfig.filesDir` by default; an S3-compatible store implements the same interface when configured.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import { dirname, join, normalize, sep } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

export interface StoredObject {
  key: string
  size: number
}

export interface FileStore {
  /** Writes the stream under `key` (a relative path of safe segments); resolves with the stored size. */
  put(key: string, body: Readable): Promise<StoredObject>
  /** The bytes of `key`; rejects with code ENOENT when there is none. */
  get(key: string): Promise<Readable>
  /** Size of `key`, or undefined when there is none. */
  size(key: string): Promise<number | undefined>
  /** Removes `key` (no error when it is already gone). */
  remove(key: string): Promise<void>
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/

/** Refuses keys that could leave the store's folder (.., absolute paths, odd characters). */
export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe file key '${key}': use segments of letters, digits, '.', '_' and '-'.`)
  }
  return key
}

/** Files on local disk under `root`. */
export function localFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    const path = normalize(join(root, checkKey(key)))
    if (!path.startsWith(normalize(root) + sep)) throw new Error(`File key '${key}' leaves the store.`)
    return path
  }
  return {
    async put(key, body) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      await pipeline(body, createWriteStream(path))
      return { key, size: (await stat(path)).size }
    },
    async get(key) {
      const path = pathOf(key)
      await stat(path)
      return createReadStream(path)
    },
    async size(key) {
      return stat(pathOf(key)).then(
        (s) => s.size,
        () => undefined,
      )
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
