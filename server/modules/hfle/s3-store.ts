/**
 * A FileStore on an S3-compatible service (AWS S3, MinIO, Ceph …), path-style requests signed with SigV4
 * (sigv4.ts) over fetch. Selected when S3_ENDPOINT and S3_BUCKET are set (README "Configuration").
 * A put reads the body into memory first: S3 needs the length and the hash up front, and uploads are bounded
 * by the bucket's size limit before they reach the store.
 */
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { checkKey, localFileStore, type FileStore } from './file-store.ts'
import { amzDateOf, authorization, sha256Hex, uriEncode, type Credentials } from './sigv4.ts'

export interface S3Settings {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  /** x-amz-storage-class of new objects (STANDARD, STANDARD_IA, GLACIER); the service's default when absent. */
  storageClass?: string
  /**
   * false: virtual-hosted requests (the bucket in the host name, https://bucket.host/key) as AWS prefers; else
   * path-style (https://host/bucket/key), which MinIO and most S3-compatible services need.
   */
  pathStyle?: boolean
}

/** The S3 settings of the environment, undefined when S3_ENDPOINT is not set; throws when half-configured. */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_ENDPOINT) return undefined
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter((name) => !env[name])
  if (missing.length) {
    throw new Error(
      `S3_ENDPOINT is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not: set them or unset S3_ENDPOINT.`,
    )
  }
  return {
    endpoint: env.S3_ENDPOINT.replace(/\/+$/, ''),
    bucket: env.S3_BUCKET ?? '',
    accessKeyId: env.S3_ACCESS_KEY ?? '',
    secretAccessKey: env.S3_SECRET_KEY ?? '',
    region: env.S3_REGION || 'us-east-1',
  }
}

/** S3 when configured, else local disk under `filesDir`. */
export function fileStoreFromEnv(env: NodeJS.ProcessEnv, filesDir: string): FileStore {
  const s3 = s3SettingsFromEnv(env)
  return s3 ? s3FileStore(s3) : localFileStore(filesDir)
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
  return Buffer.concat(chunks)
}

export function s3FileStore(settings: S3Settings, fetchImpl: typeof fetch = fetch): FileStore {
  const credentials: Credentials = { ...settings, service: 's3' }
  const base = new URL(settings.endpoint)
  const pathStyle = settings.pathStyle !== false
  const host = pathStyle ? base.host : `${settings.bucket}.${base.host}`
  const origin = `${base.protocol}//${host}`
  const send = async (method: string, key: string, body?: Buffer) => {
    const bucket = pathStyle ? `/${uriEncode(settings.bucket)}` : ''
    const path = `${base.pathname.replace(/\/$/, '')}${bucket}/${checkKey(key).split('/').map(uriEncode).join('/')}`
    const payloadHash = sha256Hex(body ?? '')
    const amzDate = amzDateOf(new Date())
    const headers: Record<string, string> = {
      host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...(method === 'PUT' && settings.storageClass ? { 'x-amz-storage-class': settings.storageClass } : {}),
    }
    const auth = authorization(credentials, { method, path, headers, payloadHash, amzDate })
    const { host: _host, ...sent } = headers
    return fetchImpl(`${origin}${path}`, {
      method,
      headers: {
        ...sent,
        authorization: auth.header,
        ...(body ? { 'content-length': String(body.length) } : {}),
      },
      body: body ? new Uint8Array(body) : undefined,
    })
  }
  const fail = async (what: string, key: string, response: Response) => {
    const detail = (await response.text()).slice(0, 300)
    return new Error(`S3 ${what} of '${key}' failed: HTTP ${response.status} ${detail}`)
  }
  return {
    async put(key, body) {
      const bytes = await readAll(body)
      const response = await send('PUT', key, bytes)
      if (!response.ok) throw await fail('put', key, response)
      return { key, size: bytes.length }
    },
    async get(key) {
      const response = await send('GET', key)
      if (response.status === 404) throw Object.assign(new Error(`No object '${key}'`), { code: 'ENOENT' })
      if (!response.ok || !response.body) throw await fail('get', key, response)
      return Readable.fromWeb(response.body as WebReadableStream)
    },
    async size(key) {
      const response = await send('HEAD', key)
      if (response.status === 404) return undefined
      if (!response.ok) throw await fail('head', key, response)
      return Number(response.headers.get('content-length'))
    },
    async remove(key) {
      const response = await send('DELETE', key)
      if (!response.ok && response.status !== 404) throw await fail('delete', key, response)
    },
  }
}
