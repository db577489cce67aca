/**
 * Hostile spreadsheets sent to the import upload (issue 21, "Hostile input"): a workbook is read as a stream
 * with bounded memory. A zip bomb, a huge declared image, an entry that lies about its size and a sheet far over
 * the template's row limit are each refused with a 400 that says what is wrong, the server's memory grows by far
 * less than the bomb would unpack to, and other requests are answered meanwhile. Parts the import does not read
 * (an image, even a broken one) are never unpacked.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { XLSX_MAX_ENTRY_BYTES } from '../../server/modules/himp/workbook.ts'
import { bearer, createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { expectEnvelope } from './support/security.ts'
import {
  deflateRepeated,
  part,
  SHEET_HEAD,
  SHEET_TAIL,
  sheetRow,
  workbookParts,
  zip,
  type ZipPart,
} from './support/xlsx-files.ts'

let app: FastifyInstance
let admin: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
}, 600_000)
afterAll(() => app.close())

/**
 * Far below what any of the files below unpacks to (200 MB and more) and what the old reader cost (+871 MB for
 * a 1 MB bomb), far above what reading a few MB as a stream costs: only an unbounded read passes it.
 */
const MEMORY_BOUND = 160 * 1024 * 1024

const upload = (content: Buffer, name = 'hostile.xlsx') => {
  const boundary = '----importBoundsBoundary'
  return app.inject({
    method: 'POST',
    url: '/api/himp/v1/1/import-templates/WMDM.WAREHOUSE/upload',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
}

/**
 * Uploads the file while asking `users/self` twice (once just after the upload starts, once after the upload
 * has been reading for a moment) and samples the process's memory all along: the upload's answer, the
 * others' statuses, and the most the resident memory and the heap grew.
 */
async function uploadWatched(content: Buffer) {
  global.gc?.()
  const base = process.memoryUsage()
  let rss = 0
  let heap = 0
  const sample = () => {
    const now = process.memoryUsage()
    rss = Math.max(rss, now.rss - base.rss)
    heap = Math.max(heap, now.heapUsed - base.heapUsed)
  }
  const sampler = setInterval(sample, 5)
  try {
    const answer = upload(content)
    const others = [
      injectAs(app, admin, 'GET', '/api/iam/hzero/v1/users/self'),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
        injectAs(app, admin, 'GET', '/api/iam/hzero/v1/users/self'),
      ),
    ]
    const response = await answer
    const statuses = (await Promise.all(others)).map((r) => r.statusCode)
    sample()
    return { response, statuses, rss, heap }
  } finally {
    clearInterval(sampler)
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

async function expectRefused(content: Buffer, message: RegExp) {
  const watched = await uploadWatched(content)
  expectEnvelope(watched.response, [400])
  expect(watched.response.json().message).toMatch(message)
  expect(watched.statuses, 'users/self asked while the upload was read').toEqual([200, 200])
  expect(watched.rss, `resident memory grew by ${mb(watched.rss)}`).toBeLessThan(MEMORY_BOUND)
  expect(watched.heap, `the heap grew by ${mb(watched.heap)}`).toBeLessThan(MEMORY_BOUND)
}

const sheet = (rows: number, prefix: string) => {
  let xml = SHEET_HEAD
  for (let r = 2; r < rows + 2; r++) xml += sheetRow(r, `${prefix}${r}`)
  return part('xl/worksheets/sheet1.xml', xml + SHEET_TAIL)
}

describe('hostile spreadsheets sent to the import upload', () => {
  it(
    'a zip bomb (a few hundred KB that unpack to 200 MB) is refused on its declared size',
    { timeout: 300_000 },
    async () => {
      const bomb = await deflateRepeated(
        'xl/worksheets/sheet1.xml',
        SHEET_HEAD,
        ' ',
        200 * 1024 * 1024,
        SHEET_TAIL,
      )
      const file = zip([...workbookParts(), bomb])
      expect(file.length).toBeLessThan(2 * 1024 * 1024)
      await expectRefused(
        file,
        new RegExp(
          `'xl/worksheets/sheet1\\.xml' unpacks to more than ${XLSX_MAX_ENTRY_BYTES / 1024 / 1024} MB`,
        ),
      )
    },
  )

  it(
    'the same bomb declaring a small size is refused once it unpacks past what it declared',
    { timeout: 300_000 },
    async () => {
      const bomb = await deflateRepeated(
        'xl/worksheets/sheet1.xml',
        SHEET_HEAD,
        ' ',
        200 * 1024 * 1024,
        SHEET_TAIL,
      )
      await expectRefused(
        zip([...workbookParts(), { ...bomb, declaredSize: 4096 }]),
        /'xl\/worksheets\/sheet1\.xml' unpacks to a different size than the file declares/,
      )
    },
  )

  it('two images declaring 1,000 MB each under xl/media are refused before anything is unpacked', async () => {
    const image = (n: number): ZipPart => ({
      ...part(`xl/media/image${n}.png`, Buffer.alloc(1024)),
      declaredSize: 1000 * 1024 * 1024,
    })
    await expectRefused(
      zip([...workbookParts(), sheet(3, 'IB-M'), image(1), image(2)]),
      /'xl\/media\/image1\.png' unpacks to more than 32 MB/,
    )
  })

  it('a sheet of 100,000 rows (the template takes 5,000) is refused at the row after the limit', async () => {
    const file = zip([...workbookParts(), sheet(100_000, 'IB-R')])
    await expectRefused(file, /more than 5000 data rows, the most template WMDM\.WAREHOUSE takes/)
  })

  it('a sheet whose XML is over the part limit is refused on its declared size, however its rows compress', async () => {
    const big = await deflateRepeated(
      'xl/worksheets/sheet1.xml',
      SHEET_HEAD,
      sheetRow(2, 'IB-BIG'),
      XLSX_MAX_ENTRY_BYTES + 1024,
      SHEET_TAIL,
    )
    await expectRefused(zip([...workbookParts(), big]), /'xl\/worksheets\/sheet1\.xml' unpacks to more than/)
  })

  it('parts the import does not read are never unpacked: a broken image beside good rows still imports', async () => {
    const broken: ZipPart = {
      name: 'xl/media/image1.png',
      deflated: Buffer.from('not deflate data at all'),
      size: 4096,
      crc: 0,
    }
    const response = await upload(zip([...workbookParts(), sheet(3, 'IB-OK'), broken]))
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ status: 'VALIDATED', totalCount: 3, errorCount: 0 })
  })

  it('a file that is not a zip, and a zip without a workbook, are refused with what to do', async () => {
    expectEnvelope(await upload(Buffer.from('PK but not a zip at all, just text')), [400])
    const notWorkbook = await upload(zip([part('word/document.xml', '<w:document/>')]))
    expectEnvelope(notWorkbook, [400])
    expect(notWorkbook.json().message).toMatch(/not a readable \.xlsx workbook/)
  })
})
