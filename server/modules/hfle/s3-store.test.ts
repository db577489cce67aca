import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { s3FileStore, s3SettingsFromEnv } from './s3-store.ts'
import { sha256Hex } from './sigv4.ts'

/** An in-memory S3 that checks each request carries a SigV4 Authorization header and the payload hash. */
function fakeS3() {
  const objects = new Map<string, Buffer>()
  const seen: Array<{ method: string; url: string; headers: Record<string, string> }> = []
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input)
    const headers = init?.headers as Record<string, string>
    seen.push({ method: init?.method ?? 'GET', url, headers })
    const key = new URL(url).pathname
    switch (init?.method) {
      case 'PUT':
        objects.set(key, Buffer.from(init.body as Uint8Array))
        return new Response(null, { status: 200 })
      case 'GET':
      case 'HEAD': {
        const body = objects.get(key)
        if (!body) return new Response('<Error><Code>NoSuchKey</Code></Error>', { status: 404 })
        return new Response(init.method === 'GET' ? new Uint8Array(body) : null, {
          status: 200,
          headers: { 'content-length': String(body.length) },
        })
      }
      default:
        objects.delete(key)
        return new Response(null, { status: 204 })
    }
  }) as typeof fetch
  return { objects, seen, fetchImpl }
}

const settings = {
  endpoint: 'http://minio.local:9000',
  bucket: 'wms-files',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret',
  region: 'us-east-1',
}

describe('S3-compatible store', () => {
  it('puts, reads, sizes and removes objects with signed path-style requests', async () => {
    const s3 = fakeS3()
    const store = s3FileStore(settings, s3.fetchImpl)
    await expect(
      store.put('1/docs/abc', Readable.from([Buffer.from('hello '), Buffer.from('s3')])),
    ).resolves.toEqual({
      key: '1/docs/abc',
      size: 8,
    })
    expect([...s3.objects.keys()]).toEqual(['/wms-files/1/docs/abc'])
    const put = s3.seen[0]
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    )
    expect(put?.headers['x-amz-content-sha256']).toBe(sha256Hex('hello s3'))
    const chunks: Buffer[] = []
    for await (const chunk of await store.get('1/docs/abc')) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('hello s3')
    expect(await store.size('1/docs/abc')).toBe(8)
    await store.remove('1/docs/abc')
    expect(await store.size('1/docs/abc')).toBeUndefined()
    await expect(store.get('1/docs/abc')).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('puts with the storage class (signed), and in virtual-hosted style when path-style is off', async () => {
    const s3 = fakeS3()
    const store = s3FileStore({ ...settings, storageClass: 'GLACIER', pathStyle: false }, s3.fetchImpl)
    await store.put('1/docs/abc', Readable.from([Buffer.from('x')]))
    await store.size('1/docs/abc')
    const [put, head] = s3.seen
    expect(put?.url).toBe('http://wms-files.minio.local:9000/1/docs/abc')
    expect(put?.headers['x-amz-storage-class']).toBe('GLACIER')
    expect(put?.headers.authorization).toContain(
      'SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,',
    )
    expect(head?.headers['x-amz-storage-class']).toBeUndefined()
  })

  it('refuses unsafe keys before any request', async () => {
    const s3 = fakeS3()
    const store = s3FileStore(settings, s3.fetchImpl)
    await expect(store.put('../etc/passwd', Readable.from(['x']))).rejects.toThrow(/Unsafe file key/)
    expect(s3.seen).toHaveLength(0)
  })

  it('is configured from the environment, and says what is missing', () => {
    expect(s3SettingsFromEnv({})).toBeUndefined()
    expect(() => s3SettingsFromEnv({ S3_ENDPOINT: 'http://s3', S3_BUCKET: 'b' })).toThrow(
      'S3_ENDPOINT is set but S3_ACCESS_KEY, S3_SECRET_KEY are not: set them or unset S3_ENDPOINT.',
    )
    expect(
      s3SettingsFromEnv({
        S3_ENDPOINT: 'http://s3/',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY: 'a',
        S3_SECRET_KEY: 's',
      }),
    ).toEqual({
      endpoint: 'http://s3',
      bucket: 'b',
      accessKeyId: 'a',
      secretAccessKey: 's',
      region: 'us-east-1',
    })
  })
})
