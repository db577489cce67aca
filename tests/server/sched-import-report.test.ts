/**
 * Scheduler (hsdr), import engine (himp) and reports (hrpt) on the real app: jobs fire on their cron (the clock
 * driven by config.now, ticks by hand), run once, failures logged, disabled jobs idle, one firing run by one
 * server; imports land valid rows and list bad ones; data sets read only and bind parameters and the tenant.
 */
import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScheduler } from '../../server/modules/hsdr/scheduler.ts'
import { bearer, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string
let clerk: string
let manager: string
let now = new Date(2026, 10, 21, 8, 0, 30).getTime()

beforeAll(async () => {
  process.env.SCHEDULER_TICK_MS = '0'
  app = await createTestApp({ now: () => now })
  await app.ready()
  admin = await signIn(app, 'admin', 'Admin@123')
  clerk = await signIn(app, 'clerk', 'Clerk@123')
  manager = await signIn(app, 'manager', 'Manager@123')
})
afterAll(async () => {
  await app.close()
  delete process.env.SCHEDULER_TICK_MS
})

const WRITABLE = [
  'jobId',
  'objectVersionNumber',
  'jobCode',
  'jobName',
  'groupCode',
  'jobType',
  'cronExpression',
  'jobParams',
  'enabledFlag',
  'description',
]
const disable = (job: Record<string, unknown>) =>
  injectAs(app, admin, 'PUT', '/api/hsdr/v1/1/job-infos', {
    ...Object.fromEntries(WRITABLE.map((k) => [k, job[k]])),
    enabledFlag: 0,
  })
const at = (h: number, m: number, s: number) => new Date(2026, 10, 21, h, m, s).getTime()

async function createJob(body: Record<string, unknown>) {
  const response = await injectAs(app, admin, 'POST', '/api/hsdr/v1/1/job-infos', {
    jobName: 'Test job',
    jobType: 'MODEL_SNAPSHOT',
    cronExpression: '0 * * * * ? *',
    jobParams: '{"models": ["wms/warehouse"]}',
    enabledFlag: 1,
    ...body,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as { jobId: number; objectVersionNumber: number }
}

async function logsOf(jobId: number) {
  const response = await injectAs(app, admin, 'GET', `/api/hsdr/v1/1/jobs/${jobId}/logs?size=50`)
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { content: Array<Record<string, unknown>> }).content
}

describe('scheduler', () => {
  it('runs an enabled job on its cron and logs it; nothing runs before the firing', async () => {
    now = at(8, 0, 30)
    const job = await createJob({ jobCode: 'T_EVERY_MINUTE' })
    await app.scheduler.tick() // schedules 08:01:00
    await app.scheduler.tick()
    expect(await logsOf(job.jobId)).toHaveLength(0)
    const info = (await injectAs(app, admin, 'GET', `/api/hsdr/v1/1/job-infos/${job.jobId}`)).json()
    expect(info.nextFireTime).toBe('2026-11-21 08:01:00')

    now = at(8, 1, 2)
    await app.scheduler.tick()
    const logs = await logsOf(job.jobId)
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ status: 'SUCCESS', triggerType: 'SCHEDULE', jobCode: 'T_EVERY_MINUTE' })
    expect(String(logs[0]?.message)).toMatch(/snapshot \{"wms\/warehouse":\d+\}/)
    const after = (await injectAs(app, admin, 'GET', `/api/hsdr/v1/1/job-infos/${job.jobId}`)).json()
    expect(after).toMatchObject({ nextFireTime: '2026-11-21 08:02:00', lastStatus: 'SUCCESS' })
    // Disabled so the other tests' ticks leave it alone.
    await disable(after)
  })

  it('runs a firing on one server only when two schedulers tick at once', async () => {
    now = at(9, 0, 30)
    const job = await createJob({ jobCode: 'T_TWO_SERVERS' })
    await app.scheduler.tick()
    now = at(9, 1, 1)
    const other = createScheduler({
      db: app.db,
      files: app.files,
      models: [],
      now: () => now,
      tickMs: 0,
      serverId: 'other',
    })
    await Promise.all([app.scheduler.tick(), other.tick()])
    await other.stop()
    expect(await logsOf(job.jobId)).toHaveLength(1)
    const info = (await injectAs(app, admin, 'GET', `/api/hsdr/v1/1/job-infos/${job.jobId}`)).json()
    await disable(info)
  })

  it('does not run a disabled job, even when its firing is due', async () => {
    now = at(10, 0, 30)
    const job = await createJob({ jobCode: 'T_DISABLED' })
    await app.scheduler.tick()
    const info = (await injectAs(app, admin, 'GET', `/api/hsdr/v1/1/job-infos/${job.jobId}`)).json()
    const disabled = await disable(info)
    expect(disabled.statusCode, disabled.body).toBe(200)
    now = at(10, 5, 0)
    await app.scheduler.tick()
    expect(await logsOf(job.jobId)).toHaveLength(0)
  })

  it('runs a job once on demand and logs a failure with its error', async () => {
    const job = await createJob({
      jobCode: 'T_FAILING',
      jobParams: '{"models": ["wms/nothing"]}',
      enabledFlag: 0,
    })
    const run = await injectAs(app, admin, 'POST', `/api/hsdr/v1/1/jobs/${job.jobId}/run`)
    expect(run.statusCode, run.body).toBe(200)
    expect(run.json()).toMatchObject({ status: 'FAILED', triggerType: 'MANUAL' })
    expect(run.json().message).toMatch(/unknown model 'wms\/nothing'/)
    const info = (await injectAs(app, admin, 'GET', `/api/hsdr/v1/1/job-infos/${job.jobId}`)).json()
    expect(info.lastStatus).toBe('FAILED')
    expect((await injectAs(app, clerk, 'POST', `/api/hsdr/v1/1/jobs/${job.jobId}/run`)).statusCode).toBe(403)
    expect((await injectAs(app, manager, 'POST', `/api/hsdr/v1/2/jobs/${job.jobId}/run`)).statusCode).toBe(
      404,
    )
  })

  it('refuses an invalid cron, parameters that are not JSON and an unknown job type', async () => {
    const bad = await injectAs(app, admin, 'POST', '/api/hsdr/v1/1/job-infos', {
      jobCode: 'T_BAD',
      jobName: 'x',
      jobType: 'MODEL_SNAPSHOT',
      cronExpression: 'every day',
      enabledFlag: 1,
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields.cronExpression).toMatch(/not valid/)
    const params = await injectAs(app, admin, 'POST', '/api/hsdr/v1/1/job-infos', {
      jobCode: 'T_BAD',
      jobName: 'x',
      jobType: 'MODEL_SNAPSHOT',
      cronExpression: '0 0 2 * * ? *',
      jobParams: '{days: 1',
    })
    expect(params.statusCode).toBe(400)
    expect(params.json().fields.jobParams).toMatch(/JSON/)
    const type = await injectAs(app, admin, 'POST', '/api/hsdr/v1/1/job-infos', {
      jobCode: 'T_BAD',
      jobName: 'x',
      jobType: 'SEND_MONEY',
      cronExpression: '0 0 2 * * ? *',
    })
    expect(type.statusCode).toBe(400)
    expect(type.json().message).toMatch(/HSDR.JOB_TYPE/)
  })

  it('submits a concurrent program and runs a request set step by step', async () => {
    const programs = (
      await injectAs(app, admin, 'GET', '/api/hsdr/v1/1/concurrents?concCode=SNAPSHOT_WAREHOUSE')
    ).json()
    const program = programs.content[0]
    const submitted = await injectAs(
      app,
      admin,
      'POST',
      `/api/hsdr/v1/1/programs/${program.concurrentId}/submit`,
    )
    expect(submitted.statusCode, submitted.body).toBe(200)
    expect(submitted.json()).toMatchObject({ status: 'COMPLETED', concCode: 'SNAPSHOT_WAREHOUSE' })
    const sets = (await injectAs(app, admin, 'GET', '/api/hsdr/v1/1/request-sets?setCode=NIGHTLY')).json()
    const ran = await injectAs(
      app,
      admin,
      'POST',
      `/api/hsdr/v1/1/request-set-runs/${sets.content[0].requestSetId}`,
    )
    expect(ran.statusCode, ran.body).toBe(200)
    expect(ran.json().completed).toBe(true)
    expect(ran.json().requests.map((r: { concCode: string }) => r.concCode)).toEqual([
      'CLEAN_EXPORTS_NOW',
      'SNAPSHOT_WAREHOUSE',
    ])
  })
})

type Part = { name: string; filename: string; content: Buffer }
function upload(token: string, url: string, part: Part) {
  const boundary = '----h3ImportBoundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    part.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
}

const TITLES = ['仓库编码', '仓库名称', '仓库类型', '地址', '联系人', '联系电话', '面积', '启用']
async function workbook(rows: unknown[][], sheetName = 'Warehouses', titles = TITLES) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet(sheetName)
  sheet.addRow(titles)
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await book.xlsx.writeBuffer())
}
const uploadWarehouses = (content: Buffer, filename = 'warehouses.xlsx', token = admin) =>
  upload(token, '/api/himp/v1/1/import-templates/WMDM.WAREHOUSE/upload', { name: 'file', filename, content })

describe('import', () => {
  it('downloads the template with its header row', async () => {
    const response = await injectAs(app, admin, 'GET', '/api/himp/v1/1/import-templates/WMDM.WAREHOUSE/excel')
    expect(response.statusCode).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
    const header = book.getWorksheet('Warehouses')?.getRow(1).values as unknown[]
    expect(header.slice(1)).toEqual(TITLES)
  })

  it('checks each row, imports the valid ones in one go, lists the bad ones, and imports a fixed row', async () => {
    const content = await workbook([
      ['IMP-A01', '导入仓一', 'NORMAL', '上海', '李四', '021-1234567', 100, '是'],
      ['IMP-A02', '导入仓二', 'SPACESHIP', '', '', '', '', ''],
      ['IMP-A01', '重复编码', 'COLD', '', '', '', '', ''],
      ['IMP-A03', '', 'COLD', '', '', '', 'big', ''],
      ['IMP-A04', '导入仓四', 'COLD', '', '', '', 55.5, 0],
    ])
    const uploaded = await uploadWarehouses(content)
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const batch = uploaded.json()
    expect(batch).toMatchObject({ status: 'VALIDATED', totalCount: 5, errorCount: 3, importedCount: 0 })
    const lines = (
      await injectAs(app, admin, 'GET', `/api/himp/v1/1/import-batches/${batch.importId}/lines?size=50`)
    ).json().content
    const byRow = Object.fromEntries(lines.map((l: { rowNumber: number }) => [l.rowNumber, l]))
    expect(byRow[2].status).toBe('VALID')
    expect(byRow[3].errorMessage).toMatch(/SPACESHIP' is not a value of WMDM.WAREHOUSE_TYPE/)
    expect(byRow[4].errorMessage).toMatch(/repeats row 2/)
    expect(byRow[5].errorMessage).toMatch(/warehouseName/)
    expect(byRow[5].errorMessage).toMatch(/area/)
    // Nothing lands before Import.
    const before = (await injectAs(app, admin, 'GET', '/api/wms/v1/1/warehouses?warehouseCode=IMP-')).json()
    expect(before.totalElements).toBe(0)

    const imported = await injectAs(
      app,
      admin,
      'POST',
      `/api/himp/v1/1/import-batches/${batch.importId}/import`,
    )
    expect(imported.statusCode, imported.body).toBe(200)
    expect(imported.json()).toMatchObject({ status: 'IMPORTED', importedCount: 2, errorCount: 3 })
    const landed = (
      await injectAs(app, admin, 'GET', '/api/wms/v1/1/warehouses?warehouseCode=IMP-&size=50')
    ).json()
    expect(landed.content.map((w: { warehouseCode: string }) => w.warehouseCode).sort()).toEqual([
      'IMP-A01',
      'IMP-A04',
    ])

    const fix = await injectAs(
      app,
      admin,
      'PUT',
      `/api/himp/v1/1/import-batches/${batch.importId}/lines/${byRow[3].lineId}`,
      {
        data: { warehouseCode: 'IMP-A02', warehouseName: '导入仓二', warehouseType: 'BONDED' },
      },
    )
    expect(fix.statusCode, fix.body).toBe(200)
    expect(fix.json().status).toBe('VALID')
    const again = await injectAs(app, admin, 'POST', `/api/himp/v1/1/import-batches/${batch.importId}/import`)
    expect(again.json()).toMatchObject({ importedCount: 3, errorCount: 2 })
    // The imported rows are not imported twice, and another tenant sees none of it.
    const count = (
      await injectAs(app, admin, 'GET', '/api/wms/v1/1/warehouses?warehouseCode=IMP-&size=50')
    ).json()
    expect(count.totalElements).toBe(3)
    expect((await injectAs(app, manager, 'GET', `/api/himp/v1/2/imports/${batch.importId}`)).statusCode).toBe(
      404,
    )
  })

  it('refuses bad files with a clear 400 and keeps nothing of them', async () => {
    const notXlsx = await uploadWarehouses(Buffer.from('code,name\nA,B\n'), 'warehouses.csv')
    expect(notXlsx.statusCode).toBe(400)
    expect(notXlsx.json().message).toMatch(/not an \.xlsx workbook/)
    const fake = await uploadWarehouses(Buffer.from('PK this is not a zip'), 'fake.xlsx')
    expect(fake.statusCode).toBe(400)
    expect(fake.json().message).toMatch(/not a readable \.xlsx/)
    const sheet = await uploadWarehouses(await workbook([['X', 'Y', 'NORMAL']], 'Sheet1'))
    expect(sheet.statusCode).toBe(400)
    expect(sheet.json().message).toMatch(/no sheet 'Warehouses' \(sheets found: 'Sheet1'\)/)
    const columns = await uploadWarehouses(
      await workbook([['X', 'Y']], 'Warehouses', ['仓库编码', '仓库名称']),
    )
    expect(columns.statusCode).toBe(400)
    expect(columns.json().message).toMatch(/lacks the column\(s\) '仓库类型'/)
    const big = Buffer.concat([Buffer.from('PK'), Buffer.alloc(11 * 1024 * 1024)])
    const tooBig = await uploadWarehouses(big, 'big.xlsx')
    expect(tooBig.statusCode).toBe(400)
    expect(tooBig.json().message).toMatch(/larger than 10 MB/)
    const history = (await injectAs(app, admin, 'GET', '/api/himp/v1/1/imports?fileName=big')).json()
    expect(history.totalElements).toBe(0)
    expect((await uploadWarehouses(await workbook([]), 'w.xlsx', clerk)).statusCode).toBe(403)
  })
})

describe('reports', () => {
  const dataSet = (sqlText: string) =>
    injectAs(app, admin, 'POST', '/api/hrpt/v1/1/data-sets', {
      datasetCode: 'T_DS',
      datasetName: 'x',
      sqlText,
    })

  it('refuses SQL that is not one read-only SELECT limited to the tenant', async () => {
    for (const [text, message] of [
      ['delete from wmdm_warehouse where tenant_id = :tenantId', /SELECT/],
      ['select 1 from wmdm_warehouse', /tenant/],
      ['select 1 where 1 = :tenantId; drop table wmdm_warehouse', /one statement/],
      [
        'with x as (delete from wmdm_warehouse returning *) select * from x where :tenantId = 1',
        /'delete' is not allowed/,
      ],
      ['select password_hash from iam_user where tenant_id = :tenantId', /not reachable/],
    ] as const) {
      const response = await dataSet(text)
      expect(response.statusCode, text).toBe(400)
      expect(response.json().message, text).toMatch(message)
    }
  })

  it('binds the parameters and the tenant: text is never SQL', async () => {
    const cold = await injectAs(app, admin, 'POST', '/api/hrpt/v1/1/data-set-preview/WAREHOUSE_LIST', {
      params: { warehouseType: 'COLD' },
    })
    expect(cold.statusCode, cold.body).toBe(200)
    const rows = cold.json().rows as Array<{ warehouseType: string }>
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.warehouseType === 'COLD')).toBe(true)
    const injection = await injectAs(app, admin, 'POST', '/api/hrpt/v1/1/data-set-preview/WAREHOUSE_LIST', {
      params: { warehouseType: "x' or '1'='1", tenantId: 2 },
    })
    expect(injection.statusCode, injection.body).toBe(200)
    expect(injection.json().rows).toEqual([])
    const all = (
      await injectAs(app, admin, 'POST', '/api/hrpt/v1/1/data-set-preview/WAREHOUSE_LIST', {
        params: { tenantId: 2 },
      })
    ).json()
    const own = (await injectAs(app, admin, 'GET', '/api/wms/v1/1/warehouses?size=1')).json()
    expect(all.rows.length).toBe(Math.min(own.totalElements, 1000))
  })

  it('runs a report, exports it as xlsx and records both requests', async () => {
    const run = await injectAs(app, admin, 'POST', '/api/hrpt/v1/1/reports/WAREHOUSE_BY_TYPE/run', {
      params: {},
    })
    expect(run.statusCode, run.body).toBe(200)
    expect(run.json().columns).toEqual(['warehouseType', 'warehouseCount', 'totalArea'])
    const cards = (
      await injectAs(app, clerk, 'POST', '/api/hrpt/v1/1/reports/WAREHOUSE_CARDS/run', {
        params: { warehouseType: 'COLD' },
      })
    ).json()
    expect(cards.rendered).toMatch(/类型: COLD/)
    const exported = await injectAs(app, admin, 'POST', '/api/hrpt/v1/1/reports/WAREHOUSE_LIST/export', {
      params: {},
    })
    expect(exported.statusCode).toBe(200)
    expect(exported.headers['content-type']).toMatch(/spreadsheetml/)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer)
    expect((book.worksheets[0]?.getRow(1).values as unknown[]).slice(1)).toEqual([
      'warehouseCode',
      'warehouseName',
      'warehouseType',
      'address',
      'area',
    ])
    const requests = (await injectAs(app, admin, 'GET', '/api/hrpt/v1/1/report-requests?size=50')).json()
    const types = requests.content.map(
      (r: { reportCode: string; requestType: string }) => `${r.reportCode}:${r.requestType}`,
    )
    expect(types).toEqual(expect.arrayContaining(['WAREHOUSE_BY_TYPE:RUN', 'WAREHOUSE_LIST:EXPORT']))
    const bad = await injectAs(app, admin, 'POST', '/api/hrpt/v1/1/reports/NOPE/run', { params: {} })
    expect(bad.statusCode).toBe(404)
  })
})
