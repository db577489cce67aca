import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string
let clerk: string
let otherTenant: string
let now = Date.UTC(2026, 10, 21, 8, 0, 0)

beforeAll(async () => {
  app = await createTestApp({ now: () => now })
  admin = await signIn(app, 'admin', 'Admin@123')
  clerk = await signIn(app, 'clerk', 'Clerk@123')
  otherTenant = await signIn(app, 'manager', 'Manager@123')
  // Tenant 1's rule for bucket "docs": PDFs and texts up to 1 KB.
  const rule = await injectAs(app, admin, 'PUT', '/api/hfle/v1/1/upload-configs', {
    bucketName: 'docs',
    allowedTypes: ['pdf', '.TXT'],
    maxSize: 1024,
  })
  expect(rule.json()).toEqual({ bucketName: 'docs', allowedTypes: ['pdf', 'txt'], maxSize: 1024 })
})
afterAll(() => app.close())

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer | string }

/** A multipart/form-data body as a browser sends it. */
function multipart(parts: Part[]) {
  const boundary = '----wmsTestBoundary7MA4YWxkTrZu0gW'
  const chunks: Buffer[] = []
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream`
        : `Content-Disposition: form-data; name="${part.name}"`
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`))
    chunks.push(Buffer.from('filename' in part ? part.content : part.value))
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), 'content-type': `multipart/form-data; boundary=${boundary}` }
}

function upload(token: string, parts: Part[], url = '/api/hfle/v1/1/files/multipart') {
  const { payload, 'content-type': type } = multipart(parts)
  return app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), 'content-type': type } })
}

const file = (filename: string, content: Buffer | string, bucketName = 'wms-attachment'): Part[] => [
  { name: 'bucketName', value: bucketName },
  { name: 'directory', value: 'warehouse' },
  { name: 'file', filename, content },
]

const download = (token: string, url: string, tenant = 1) =>
  injectAs(app, token, 'GET', `/api/hfle/v1/${tenant}/files/download?url=${encodeURIComponent(url)}`)

async function storedCount() {
  const rows = await app.db
    .selectFrom('hfleFile')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const files = await readdir(app.config.filesDir, { recursive: true, withFileTypes: true }).catch(() => [])
  return { rows: Number(rows.n), files: files.filter((entry) => entry.isFile()).length }
}

describe('upload and download (CORE-UPL-01, CORE-API-23/24)', () => {
  it('answers the file URL as text and downloads the same bytes as an attachment with safe headers', async () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x0a])
    const response = await upload(clerk, file('Stock report 2026.pdf', bytes))
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
    const url = response.body
    expect(url).toMatch(/^\/hfle\/wms-attachment\/warehouse\/[0-9a-f-]{36}\/Stock%20report%202026\.pdf$/)

    const back = await download(clerk, url)
    expect(back.statusCode).toBe(200)
    expect(back.rawPayload.equals(bytes)).toBe(true)
    expect(back.headers['content-type']).toBe('application/pdf')
    expect(back.headers['x-content-type-options']).toBe('nosniff')
    expect(back.headers['content-disposition']).toBe(
      `attachment; filename="Stock report 2026.pdf"; filename*=UTF-8''Stock%20report%202026.pdf`,
    )
    expect(back.headers['content-length']).toBe(String(bytes.length))
  })

  it('works in the site form too', async () => {
    const response = await upload(admin, file('notes.txt', 'hello'), '/api/hfle/v1/files/multipart')
    expect(response.statusCode).toBe(200)
    const back = await injectAs(
      app,
      admin,
      'GET',
      `/api/hfle/v1/files/download?url=${encodeURIComponent(response.body)}`,
    )
    expect(back.body).toBe('hello')
    expect(back.headers['content-type']).toBe('text/plain; charset=utf-8')
  })

  it('refuses an upload without a file, without a bucket, or not multipart, with the error envelope', async () => {
    const noFile = await upload(clerk, [{ name: 'bucketName', value: 'wms-attachment' }])
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json()).toMatchObject({
      failed: true,
      message: expect.stringContaining("part named 'file'"),
    })
    const noBucket = await upload(clerk, [{ name: 'file', filename: 'a.txt', content: 'x' }])
    expect(noBucket.json()).toMatchObject({
      failed: true,
      message: expect.stringContaining('bucketName is required'),
    })
    const json = await injectAs(app, clerk, 'POST', '/api/hfle/v1/1/files/multipart', { file: 'x' })
    expect(json.statusCode).toBe(400)
    expect(json.json().message).toContain('multipart/form-data')
  })

  it('refuses an empty file and a field sent after the file, keeping nothing', async () => {
    const before = await storedCount()
    const empty = await upload(clerk, file('empty.txt', ''))
    expect(empty.json()).toMatchObject({
      failed: true,
      message: "'empty.txt' is empty: choose a file with content.",
    })
    const late = await upload(clerk, [...file('late.txt', 'abc'), { name: 'directory', value: 'x' }])
    expect(late.json().message).toContain('send text fields before the file part')
    expect(await storedCount()).toEqual(before)
  })
})

describe('size and type are enforced on the server before a file is kept (CORE-UPL-02..04)', () => {
  it('refuses an over-size file with the spec message, leaving nothing on disk or in the table', async () => {
    const before = await storedCount()
    const response = await upload(clerk, file('big.txt', 'x'.repeat(1025), 'docs'))
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({
      failed: true,
      code: 'error.file.size',
      message: expect.stringMatching(/^Uploaded file size cannot exceed: 0\.\d+ MB/),
    })
    expect(await storedCount()).toEqual(before)
    const atLimit = await upload(clerk, file('ok.txt', 'x'.repeat(1024), 'docs'))
    expect(atLimit.statusCode).toBe(200)
  })

  it('uses 30 MB for a bucket without a rule: 31457280 bytes pass, 31457281 do not', async () => {
    const exact = await upload(clerk, file('exact.bin', Buffer.alloc(31_457_280, 1)))
    expect(exact.statusCode).toBe(200)
    const before = await storedCount()
    const over = await upload(clerk, file('over.bin', Buffer.alloc(31_457_281, 1)))
    expect(over.statusCode).toBe(413)
    expect(over.json().message).toMatch(/^Uploaded file size cannot exceed: 30 MB/)
    expect(await storedCount()).toEqual(before)
  })

  it('refuses a type the bucket does not allow, naming the allowed types', async () => {
    const before = await storedCount()
    const response = await upload(clerk, file('photo.png', 'png', 'docs'))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      code: 'error.file.type',
      message: expect.stringMatching(/^Uploaded file type must be: pdf,txt/),
    })
    expect(await storedCount()).toEqual(before)
  })

  it('answers the effective rule for the widget, and only admins may change it', async () => {
    const rule = await injectAs(app, clerk, 'GET', '/api/hfle/v1/1/upload-configs/effective?bucketName=other')
    expect(rule.json()).toEqual({ bucketName: 'other', allowedTypes: [], maxSize: 31_457_280 })
    const denied = await injectAs(app, clerk, 'PUT', '/api/hfle/v1/1/upload-configs', {
      bucketName: 'docs',
      allowedTypes: [],
      maxSize: 10,
    })
    expect(denied.statusCode).toBe(403)
  })
})

describe('hostile file names are cleaned', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['a\u0000b.txt', 'ab.txt'],
    ['<script>.html', 'script.html'],
    ['..\\..\\windows\\.hidden.txt', 'hidden.txt'],
    ['...', 'file'],
  ])('%j is kept as %j and served as an attachment', async (raw, expected) => {
    const response = await upload(clerk, [
      { name: 'bucketName', value: 'wms-attachment' },
      { name: 'fileName', value: raw },
      { name: 'file', filename: 'upload.bin', content: 'data' },
    ])
    expect(response.statusCode).toBe(200)
    expect(response.body.endsWith(`/${encodeURIComponent(expected)}`)).toBe(true)
    const back = await download(clerk, response.body)
    expect(back.headers['content-disposition']).toContain(`filename="${expected}"`)
    expect(back.headers['content-disposition']).toMatch(/^attachment;/)
  })

  it('cuts an over-long name to 120 characters keeping the extension', async () => {
    const response = await upload(clerk, file(`${'n'.repeat(300)}.pdf`, 'data'))
    const name = decodeURIComponent(response.body.split('/').pop() ?? '')
    expect(name).toHaveLength(120)
    expect(name.endsWith('.pdf')).toBe(true)
  })

  it('keeps a long non-ASCII name whole in the header (RFC 5987) with an ASCII fallback', async () => {
    const name = `${'仓库平面图'.repeat(23)}.pdf`
    const response = await upload(clerk, file(name, 'data'))
    expect(response.statusCode).toBe(200)
    const back = await download(clerk, response.body)
    expect(back.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`)
    expect(back.headers['content-disposition']).toMatch(/^attachment; filename="_+\.pdf";/)
  })

  it('serves an HTML file as an attachment under a sandbox policy', async () => {
    const response = await upload(clerk, file('<script>.html', '<script>alert(1)</script>'))
    const back = await download(clerk, response.body)
    expect(back.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(back.headers['content-security-policy']).toContain('sandbox')
  })
})

describe('tenants', () => {
  it("answers 404 for another tenant's file and 403 for another tenant's path", async () => {
    const url = (await upload(clerk, file('private.txt', 'secret'))).body
    const viaOwnTenant = await download(otherTenant, url, 2)
    expect(viaOwnTenant.statusCode).toBe(404)
    expect(viaOwnTenant.json()).toMatchObject({ failed: true, code: 'error.not_found' })
    const viaPath = await download(otherTenant, url, 1)
    expect(viaPath.statusCode).toBe(403)
    const signed = await injectAs(
      app,
      otherTenant,
      'GET',
      `/api/hfle/v1/2/files/signedUrl?url=${encodeURIComponent(url)}`,
    )
    expect(signed.statusCode).toBe(404)
  })
})

describe('signed links (CORE-API-22, CORE-FILE-01)', () => {
  let url: string
  let link: string
  beforeAll(async () => {
    url = (await upload(clerk, file('manifest.txt', 'signed bytes'))).body
    const response = await injectAs(
      app,
      clerk,
      'GET',
      `/api/hfle/v1/1/files/signedUrl?url=${encodeURIComponent(url)}&bucketName=wms-attachment`,
    )
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
    link = response.body
  })

  it('downloads without a token while valid', async () => {
    expect(link).toMatch(
      /^\/api\/hfle\/v1\/pub\/files\/signed\?file=\d+&tenant=1&expires=\d+&signature=[0-9a-f]{64}$/,
    )
    const response = await app.inject({ url: link })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe('signed bytes')
    expect(response.headers['content-disposition']).toContain('filename="manifest.txt"')
  })

  it('refuses a tampered link', async () => {
    const otherFile = link.replace(/file=(\d+)/, (_, id: string) => `file=${Number(id) - 1}`)
    const otherSignature = link.replace(
      /signature=([0-9a-f])/,
      (_, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`,
    )
    const longer = link.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`)
    for (const bad of [otherFile, otherSignature, longer]) {
      const response = await app.inject({ url: bad })
      expect(response.statusCode).toBe(403)
      expect(response.json().message).toContain('signature does not match')
    }
  })

  it('refuses an expired link', async () => {
    now += 601_000
    const response = await app.inject({ url: link })
    expect(response.statusCode).toBe(403)
    expect(response.json().message).toMatch(/^The link expired at .*: ask for a new download link\.$/)
    now -= 601_000
  })

  it('redirect-url sends the browser to a fresh signed link', async () => {
    const response = await injectAs(
      app,
      clerk,
      'GET',
      `/api/hfle/v1/1/files/redirect-url?url=${encodeURIComponent(url)}`,
    )
    expect(response.statusCode).toBe(302)
    const followed = await app.inject({ url: String(response.headers.location) })
    expect(followed.body).toBe('signed bytes')
  })
})

describe('attachment groups', () => {
  it('makes a group, adds files, lists and deletes them', async () => {
    const { content: uuid } = (await injectAs(app, clerk, 'POST', '/api/hfle/v1/1/files/uuid')).json()
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/)
    const add = (name: string) =>
      upload(
        clerk,
        [{ name: 'attachmentUUID', value: uuid }, ...file(name, `content of ${name}`)],
        '/api/hfle/v1/1/files/attachment/multipart',
      )
    const first = (await add('a.txt')).body
    const second = (await add('b.txt')).body
    const list = await injectAs(app, clerk, 'GET', `/api/hfle/v1/1/files/${uuid}/file`)
    expect(list.json()).toEqual([
      expect.objectContaining({
        fileUrl: first,
        fileName: 'a.txt',
        fileSize: 16,
        fileType: 'text/plain; charset=utf-8',
      }),
      expect.objectContaining({ fileUrl: second, fileName: 'b.txt', fileSize: 16, attachmentUuid: uuid }),
    ])
    expect((await injectAs(app, otherTenant, 'GET', `/api/hfle/v1/2/files/${uuid}/file`)).json()).toEqual([])

    const before = await storedCount()
    const removed = await injectAs(app, clerk, 'POST', '/api/hfle/v1/1/files/delete-by-uuidurl', {
      attachmentUUID: uuid,
      urls: [first],
    })
    expect(removed.statusCode).toBe(200)
    expect(await storedCount()).toEqual({ rows: before.rows - 1, files: before.files - 1 })
    const after = await injectAs(app, clerk, 'GET', `/api/hfle/v1/1/files/${uuid}/file`)
    expect(after.json().map((f: { fileName: string }) => f.fileName)).toEqual(['b.txt'])
    expect((await download(clerk, first)).statusCode).toBe(404)
  })

  it('requires a group uuid for attachment uploads', async () => {
    const response = await upload(clerk, file('a.txt', 'x'), '/api/hfle/v1/1/files/attachment/multipart')
    expect(response.json()).toMatchObject({
      failed: true,
      message: expect.stringContaining('attachmentUUID is required'),
    })
  })

  it('lets only the uploader or a holder of hfle.file.delete remove a file', async () => {
    const { content: uuid } = (await injectAs(app, admin, 'POST', '/api/hfle/v1/1/files/uuid')).json()
    const url = (
      await upload(
        admin,
        [{ name: 'attachmentUUID', value: uuid }, ...file('admin.txt', 'x')],
        '/api/hfle/v1/1/files/attachment/multipart',
      )
    ).body
    const denied = await injectAs(app, clerk, 'POST', '/api/hfle/v1/1/files/delete-by-uuidurl', {
      attachmentUUID: uuid,
      urls: [url],
    })
    expect(denied.statusCode).toBe(403)
    expect(denied.json().message).toContain('hfle.file.delete')
    const unknown = await injectAs(app, admin, 'POST', '/api/hfle/v1/1/files/delete-by-uuidurl', {
      attachmentUUID: uuid,
      urls: ['/hfle/nope'],
    })
    expect(unknown.statusCode).toBe(404)
  })
})

it('keeps bytes under the configured files folder, in tenant/bucket folders', async () => {
  const entries = await readdir(join(app.config.filesDir, '1'))
  expect(entries).toContain('wms-attachment')
})
