/**
 * Import runs (issue 9, himp): a run claims its upload (IMPORTING) before it writes, so two runs of the same
 * upload at once cannot both write — one imports, the other gets 409 and every row lands once; an upload a
 * crashed run left IMPORTING ends FAILED with the reason at the next start and imports whole when run again.
 * (The real crash, a SIGKILL in the middle of an import, is in faults.test.ts.) The import page polls how far
 * a run is (GET …/import-batches/:id/progress), answered while the run writes on PGlite and PostgreSQL alike.
 */
import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failInterruptedImports, IMPORT_INTERRUPTED } from '../../server/modules/himp/index.ts'
import { bearer, createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { expectEnvelope, signInMember } from './support/security.ts'

let app: FastifyInstance
let admin: string
/** A member of tenant 2 (for the progress of tenant 1's import). */
let member2: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
  member2 = (await signInMember(app, 2, [])).token
}, 600_000)
afterAll(() => app.close())

const TITLES = ['仓库编码', '仓库名称', '仓库类型', '地址', '联系人', '联系电话', '面积', '启用']

async function uploadRows(prefix: string, count: number): Promise<{ importId: number; status: string }> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Warehouses')
  sheet.addRow(TITLES)
  for (let i = 0; i < count; i++) sheet.addRow([`${prefix}${i}`, `Run ${i}`, 'NORMAL', '', '', '', '', '是'])
  const content = Buffer.from(await book.xlsx.writeBuffer())
  const boundary = '----importRunsBoundary'
  const response = await app.inject({
    method: 'POST',
    url: '/api/himp/v1/1/import-templates/WMDM.WAREHOUSE/upload',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="runs.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const runImport = (importId: number) =>
  injectAs(app, admin, 'POST', `/api/himp/v1/1/import-batches/${importId}/import`)
const landed = async (prefix: string) =>
  (await injectAs(app, admin, 'GET', `/api/wms/v1/1/warehouses?warehouseCode=${prefix}&size=1`)).json()
    .totalElements as number

describe('import runs', () => {
  it('two runs of the same upload at once: one imports, the other gets 409, every row lands once', async () => {
    const batch = await uploadRows('RUN-A', 40)
    const results = await Promise.all([runImport(batch.importId), runImport(batch.importId)])
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([200, 409])
    const refused = results.find((r) => r.statusCode === 409)!.json()
    expect(refused.message).toMatch(/being imported by another request|No row is valid/)
    expect(await landed('RUN-A')).toBe(40)
    const history = (await injectAs(app, admin, 'GET', `/api/himp/v1/1/imports/${batch.importId}`)).json()
    expect(history).toMatchObject({ status: 'IMPORTED', importedCount: 40, errorMessage: null })
  })

  it('an upload a crashed run left IMPORTING ends FAILED with the reason at start, and imports whole again', async () => {
    const batch = await uploadRows('RUN-B', 12)
    // What a run cut off by a crash leaves: the committed claim, none of its rows (their transaction died).
    await sql`update himp_import set status = 'IMPORTING' where import_id = ${batch.importId}`.execute(app.db)
    const whileClaimed = await runImport(batch.importId)
    expect(whileClaimed.statusCode).toBe(409)
    expect(whileClaimed.json().message).toMatch(/being imported by another request/)

    expect(await failInterruptedImports(app.db)).toBe(1)
    const failed = (await injectAs(app, admin, 'GET', `/api/himp/v1/1/imports/${batch.importId}`)).json()
    expect(failed).toMatchObject({ status: 'FAILED', errorMessage: IMPORT_INTERRUPTED, importedCount: 0 })
    expect(await landed('RUN-B')).toBe(0)

    const again = await runImport(batch.importId)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toMatchObject({ status: 'IMPORTED', importedCount: 12, errorMessage: null })
    expect(await landed('RUN-B')).toBe(12)
    expect(await failInterruptedImports(app.db)).toBe(0)
  })

  it('a run with nothing valid is refused with 400 and leaves the upload as it was', async () => {
    const batch = await uploadRows('RUN-C', 3)
    expect((await runImport(batch.importId)).statusCode).toBe(200)
    const nothing = await runImport(batch.importId)
    expect(nothing.statusCode).toBe(400)
    expect(nothing.json().message).toMatch(/No row is valid/)
    const history = (await injectAs(app, admin, 'GET', `/api/himp/v1/1/imports/${batch.importId}`)).json()
    expect(history).toMatchObject({ status: 'IMPORTED', importedCount: 3 })
  })

  it('tells how far an import is: before, while and after it runs, rows done never beyond the total', async () => {
    const rows = 1100 // many steps of the run (it lets polls in every 50 rows)
    const batch = await uploadRows('RUN-P', rows)
    const progressOf = async () => {
      const response = await injectAs(
        app,
        admin,
        'GET',
        `/api/himp/v1/1/import-batches/${batch.importId}/progress`,
      )
      expect(response.statusCode, response.body).toBe(200)
      return response.json<{ importId: number; status: string; done: number; total: number }>()
    }
    expect(await progressOf()).toEqual({
      importId: batch.importId,
      status: 'VALIDATED',
      done: 0,
      total: rows,
    })

    let ended = false
    const run = runImport(batch.importId).finally(() => (ended = true))
    const seen: Array<{ status: string; done: number; total: number }> = []
    // Asked while the run writes: another tenant's member of the same import id, and the same path of tenant 1.
    let otherTenant: Promise<Awaited<ReturnType<typeof injectAs>>> | undefined
    let otherPath: Promise<Awaited<ReturnType<typeof injectAs>>> | undefined
    while (!ended) {
      seen.push(await progressOf())
      if (!otherTenant && seen.at(-1)!.status === 'IMPORTING') {
        otherTenant = injectAs(
          app,
          member2,
          'GET',
          `/api/himp/v1/2/import-batches/${batch.importId}/progress`,
        )
        otherPath = injectAs(app, member2, 'GET', `/api/himp/v1/1/import-batches/${batch.importId}/progress`)
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const result = await run
    expect(result.statusCode, result.body).toBe(200)
    expect(seen.length).toBeGreaterThan(0)
    for (const [i, progress] of seen.entries()) {
      expect(['VALIDATED', 'IMPORTING', 'IMPORTED']).toContain(progress.status)
      expect(progress.total).toBe(rows)
      expect(progress.done).toBeGreaterThanOrEqual(i ? seen[i - 1]!.done : 0)
      expect(progress.done).toBeLessThanOrEqual(rows)
    }
    // Answered while the run writes, on PGlite too (from the run itself: its rows are not committed, and on
    // PGlite its transaction holds the only connection, so the run's own token is vouched for from memory).
    const during = seen.filter((p) => p.status === 'IMPORTING' && p.done > 0 && p.done < rows)
    expect(new Set(during.map((p) => p.done)).size, JSON.stringify(seen)).toBeGreaterThan(1)
    // Another tenant learns nothing of the run: the id is not theirs, and tenant 1's path is not their tenant.
    const notTheirs = expectEnvelope(await otherTenant!, [404])
    expect(notTheirs).not.toHaveProperty('done')
    expect(notTheirs.message).toMatch(/does not exist \(or is not yours\)/)
    const notTheirTenant = expectEnvelope(await otherPath!, [403])
    expect(notTheirTenant.message).toMatch(/not your current tenant/)
    expect(await progressOf()).toEqual({
      importId: batch.importId,
      status: 'IMPORTED',
      done: rows,
      total: rows,
    })

    const unknown = expectEnvelope(
      await injectAs(app, admin, 'GET', '/api/himp/v1/1/import-batches/999999/progress'),
      [404],
    )
    expect(unknown.message).toBe(
      'Import 999999 does not exist (or is not yours): open it from the import history.',
    )
  }, 300_000)
})
