/**
 * The online editor on Word documents: a .docx built with the docx library opens as sanitised HTML (mammoth),
 * an edit saves as a new .docx version that mammoth reads back with the edit, the edit log notes it, and
 * files that are not a readable .docx (or are an old .doc) are refused with a 400 that says what to do.
 */
import { Document, ExternalHyperlink, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from 'docx'
import type { FastifyInstance } from 'fastify'
import mammoth from 'mammoth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, injectAs, signIn, type Method } from '../../server/testing.ts'

let app: FastifyInstance
let token = ''

beforeAll(async () => {
  app = await createTestApp()
  token = await signIn(app, 'admin', 'Admin@123')
})
afterAll(async () => {
  await app.close()
})

const call = (method: Method, url: string, payload?: unknown) => injectAs(app, token, method, url, payload)
const BUCKET = 'docx-edit'

function upload(filename: string, content: Buffer | string) {
  const boundary = '----docxBoundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="bucketName"\r\n\r\n${BUCKET}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return app.inject({
    method: 'POST',
    url: '/api/hfle/v1/1/files/multipart',
    payload,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
}

/** Uploads a file and returns its row in the file list. */
async function stored(filename: string, content: Buffer | string) {
  const uploaded = await upload(filename, content)
  expect(uploaded.statusCode, uploaded.body).toBe(200)
  const list = await call('GET', `/api/hfle/v1/1/file-aggregates?fileName=${encodeURIComponent(filename)}`)
  expect(list.statusCode, list.body).toBe(200)
  const row = (list.json().content as Array<Record<string, unknown>>).find(
    (file) => file.fileUrl === uploaded.body,
  )
  expect(row, `${filename} in the file list`).toBeDefined()
  return row as { fileId: number; fileUrl: string }
}

async function download(fileUrl: string) {
  const response = await call('GET', `/api/hfle/v1/1/files/download?url=${encodeURIComponent(fileUrl)}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.rawPayload
}

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

describe('editing a Word .docx online', () => {
  it('opens a .docx as HTML, saves an edit as a new valid .docx version, and logs it', async () => {
    const original = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph({ text: 'Dock rules', heading: HeadingLevel.HEADING_1 }),
              new Paragraph({
                children: [
                  new TextRun({ text: 'Trucks', bold: true }),
                  new TextRun(' over 9.6 m use dock 3, see '),
                  new ExternalHyperlink({
                    link: 'https://example.org/docks',
                    children: [new TextRun({ text: 'the map', style: 'Hyperlink' })],
                  }),
                ],
              }),
              new Paragraph({ text: 'Book 24 h ahead', bullet: { level: 0 } }),
              new Paragraph({
                children: [
                  new ImageRun({ type: 'png', data: PNG, transformation: { width: 10, height: 10 } }),
                ],
              }),
            ],
          },
        ],
      }),
    )
    const file = await stored('dock-rules.docx', original)
    const loaded = await call('GET', `/api/hfle/v1/1/file-documents/${file.fileId}`)
    expect(loaded.statusCode, loaded.body).toBe(200)
    const body = loaded.json<{ content: string; format: string; dropped: string[]; fileName: string }>()
    expect(body.format).toBe('docx')
    expect(body.fileName).toBe('dock-rules.docx')
    expect(body.content).toContain('<h1>Dock rules</h1>')
    expect(body.content).toContain('<strong>Trucks</strong>')
    expect(body.content).toContain('<ul><li>Book 24 h ahead</li></ul>')
    expect(body.content).toContain(
      '<a href="https://example.org/docks" rel="noopener noreferrer">the map</a>',
    )
    expect(body.content).not.toMatch(/<img|src=/)
    expect(body.dropped).toEqual([
      'fonts, colours, sizes, alignment, page layout, headers, footers and comments',
      '1 image',
    ])

    const edited = body.content.replace(
      '<ul><li>Book 24 h ahead</li></ul>',
      '<ol><li>Book <i>48 h</i> ahead</li><li>Call &amp; confirm</li></ol><blockquote><p>No exceptions.</p></blockquote>',
    )
    const saved = await call('PUT', '/api/hfle/v1/1/file-documents', {
      fileId: file.fileId,
      content: `${edited}<script>alert(1)</script>`,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const result = saved.json<{ fileId: number; previousFileId: number; format: string; content: string }>()
    expect(result).toMatchObject({ previousFileId: file.fileId, format: 'docx' })
    expect(result.content).not.toContain('script')

    // The new version: a real .docx (stored under the same name), which mammoth reads with the edit.
    const list = await call('GET', '/api/hfle/v1/1/file-aggregates?fileName=dock-rules.docx&size=10')
    const versions = list.json().content as Array<{ fileId: number; fileUrl: string; fileName: string }>
    const version = versions.find((row) => row.fileId === result.fileId)!
    expect(version.fileName).toBe('dock-rules.docx')
    const bytes = await download(version.fileUrl)
    expect(bytes.subarray(0, 2).toString()).toBe('PK')
    const reread = await mammoth.convertToHtml({ buffer: bytes })
    expect(reread.value).toContain('<h1>Dock rules</h1>')
    expect(reread.value).toContain('<ol><li>Book <em>48 h</em> ahead</li><li>Call &amp; confirm</li></ol>')
    expect(reread.value).toContain('<a href="https://example.org/docks">the map</a>')
    expect(reread.value).toContain('<p>No exceptions.</p>')
    expect(reread.value).not.toContain('alert')
    // … and opens in the editor again, the quote as a quote.
    const again = await call('GET', `/api/hfle/v1/1/file-documents/${result.fileId}`)
    expect(again.json().content).toContain('<blockquote><p>No exceptions.</p></blockquote>')
    expect(again.json().dropped).toEqual([
      'fonts, colours, sizes, alignment, page layout, headers, footers and comments',
    ])
    // The old version is kept as it was.
    expect(await download(file.fileUrl)).toEqual(original)

    const log = await call('GET', '/api/hfle/v1/1/file-edit-logs?fileName=dock-rules.docx')
    const entries = log.json().content as Array<{ action: string; detail: string }>
    expect(entries.map((entry) => entry.action)).toEqual(['EDIT'])
    expect(entries[0]!.detail).toContain(`new version saved as file ${result.fileId}`)
    expect(entries[0]!.detail).toContain(`previous version: file ${file.fileId}`)
    expect(entries[0]!.detail).toContain('Word document rebuilt from the editor')
    expect(entries[0]!.detail).toContain('unsafe or unsupported HTML')
  })

  it('refuses a renamed text file, a cut-off .docx, a zip that is not Word, and an old .doc — each saying what to do', async () => {
    const refused = async (filename: string, content: Buffer | string) => {
      const file = await stored(filename, content)
      const response = await call('GET', `/api/hfle/v1/1/file-documents/${file.fileId}`)
      expect(response.statusCode, response.body).toBe(400)
      const error = response.json<{ code: string; message: string }>()
      expect(error.code).toBe('error.validation')
      return error.message
    }
    expect(await refused('renamed.docx', 'just text, renamed')).toMatch(
      /^'renamed\.docx' is not a Word \.docx document .*: open it in Word .* save it as a Word document \(\.docx\) and upload that\.$/,
    )
    const whole = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('x')] }] }))
    expect(await refused('cut.docx', whole.subarray(0, Math.floor(whole.length / 2)))).toMatch(
      /^'cut\.docx' is not a Word \.docx document/,
    )
    // A zip with no word/document.xml: the docx package with its main part renamed.
    const renamed = Buffer.from(whole)
    for (
      let at = renamed.indexOf('word/document.xml');
      at >= 0;
      at = renamed.indexOf('word/document.xml', at + 1)
    )
      renamed.write('word/documenx.xml', at)
    expect(await refused('sheet.docx', renamed)).toMatch(/is a zip package but not a Word document/)
    expect(
      await refused('old.doc', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(64)])),
    ).toMatch(/^'old\.doc' is an old binary Word document \(\.doc\).*save it as a Word document \(\.docx\)/)
    // Saving over a .doc is refused the same way.
    const doc = await stored('old2.doc', 'x')
    const save = await call('PUT', '/api/hfle/v1/1/file-documents', {
      fileId: doc.fileId,
      content: '<p>x</p>',
    })
    expect(save.statusCode).toBe(400)
    expect(save.json().message).toMatch(/old binary Word document/)
  })
})
