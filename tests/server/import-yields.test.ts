/**
 * Long work yields (issue 21): on PGlite the server has one connection, and a 4,000-row import held it in one
 * transaction for the whole run, so `users/self` sent meanwhile waited until the import ended. A run now commits
 * in batches of IMPORT_BATCH rows and lets waiting requests in between: a request sent while the run writes is
 * answered before the run ends. (Asserted as the order of the answers, not as a duration.)
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORT_BATCH } from '../../server/modules/himp/index.ts'
import { bearer, createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { part, SHEET_HEAD, SHEET_TAIL, sheetRow, workbookParts, zip } from './support/xlsx-files.ts'

let app: FastifyInstance
let admin: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
}, 600_000)
afterAll(() => app.close())

const ROWS = 4000

describe('a long import yields to other requests', () => {
  it('users/self sent while a 4,000-row import writes is answered before the import ends', async () => {
    let xml = SHEET_HEAD
    for (let r = 2; r < ROWS + 2; r++) xml += sheetRow(r, `IY-${String(r).padStart(5, '0')}`)
    const file = zip([...workbookParts(), part('xl/worksheets/sheet1.xml', xml + SHEET_TAIL)])
    const boundary = '----importYieldsBoundary'
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/himp/v1/1/import-templates/WMDM.WAREHOUSE/upload',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="yields.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const batch = uploaded.json() as { importId: number; totalCount: number; errorCount: number }
    expect(batch).toMatchObject({ totalCount: ROWS, errorCount: 0 })

    const answered: string[] = []
    const run = injectAs(app, admin, 'POST', `/api/himp/v1/1/import-batches/${batch.importId}/import`).then(
      (response) => {
        answered.push('import')
        return response
      },
    )
    // Wait until the run has written rows (its progress is answered from memory), then ask who I am.
    let done = 0
    while (done < 2 * IMPORT_BATCH && !answered.length) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      const progress = await injectAs(
        app,
        admin,
        'GET',
        `/api/himp/v1/1/import-batches/${batch.importId}/progress`,
      )
      done = Number(progress.json().done)
    }
    expect(answered, 'the import ended before the test could ask: give it more rows').toEqual([])
    const self = await injectAs(app, admin, 'GET', '/api/iam/hzero/v1/users/self')
    answered.push('users/self')
    expect(self.statusCode).toBe(200)

    const response = await run
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ status: 'IMPORTED', importedCount: ROWS })
    expect(answered, 'the order the answers came in').toEqual(['users/self', 'import'])
  }, 600_000)
})
