/**
 * Export (CORE-EXP, CORE-API-26/27/35/36): the column tree, sync xlsx and CSV read back and compared with
 * the list endpoint, async tasks to DONE and their download, cancel between batches, restart recovery,
 * every bad input answered with the error envelope, and tenant/owner isolation of tasks.
 */
import type { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signIn, type Method } from '../../server/testing.ts'
import { createTask } from '../../server/modules/export/export-tasks.ts'
import { createExportWorker } from '../../server/modules/export/export-worker.ts'
import type { ExportRequest } from '../../server/modules/export/export-options.ts'
import type { FileStore } from '../../server/modules/hfle/file-store.ts'
import { loadModelFiles } from '../../server/bootstrap.ts'
import { sortedRows } from '../../server/modules/models/model-list.ts'
import { modelDb } from '../../server/modules/models/model-scope.ts'
import { rowBatches } from '../../server/modules/export/row-batches.ts'

let app: FastifyInstance
const tokens: Record<string, string> = {}
const warehouses = '/api/wms/v1/1/warehouses'
const tasks = '/api/hpfm/v1/1/self/export-task'
// Columns of the warehouse model in order: code 2, name 3, type 4, address 5, …, enabled 9, remark 10.
const CODE_NAME_TYPE_ENABLED = 'ids=2&ids=3&ids=4&ids=9'

beforeAll(async () => {
  app = await createTestApp()
  for (const [user, password] of [
    ['admin', 'Admin@123'],
    ['clerk', 'Clerk@123'],
    ['jxs', 'Jxs@12345'],
    ['manager', 'Manager@123'],
  ] as const)
    tokens[user] = await signIn(app, user, password)
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)

async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    return { name: sheet.name, rows }
  })
}

/** The rows the list endpoint answers, as the export should write them (zh_CN meanings, 是/否). */
async function expectedRows(user: string, filter: string) {
  const page = (await call(user, 'GET', `${warehouses}?size=1000&${filter}`)).json()
  const types: Record<string, string> = {
    NORMAL: '普通仓',
    BONDED: '保税仓',
    COLD: '冷库',
    VIRTUAL: '虚拟仓',
  }
  return (page.content as Array<Record<string, unknown>>).map((row) => [
    row.warehouseCode,
    row.warehouseName,
    types[String(row.warehouseType)],
    row.enabledFlag === 1 ? '是' : '否',
  ])
}

describe('exportType=COLUMN (CORE-EXP-02, CORE-DATA-15)', () => {
  it('answers the column tree with human titles, all checked, and the export settings', async () => {
    const tree = (await call('clerk', 'GET', `${warehouses}?exportType=COLUMN`)).json()
    expect(tree).toMatchObject({
      id: 1,
      parentId: 0,
      type: 'Class',
      checked: true,
      enableAsync: true,
      defaultRequestMode: null,
      allowFillType: ['single-sheet'],
      allowFileType: ['EXCEL2007', 'CSV'],
    })
    expect(tree.children.slice(0, 3)).toEqual([
      {
        id: 2,
        title: 'Warehouse code',
        name: 'warehouseCode',
        parentId: 1,
        order: 1,
        type: 'Data',
        checked: true,
      },
      {
        id: 3,
        title: 'Warehouse name',
        name: 'warehouseName',
        parentId: 1,
        order: 2,
        type: 'Data',
        checked: true,
      },
      {
        id: 4,
        title: 'Warehouse type',
        name: 'warehouseType',
        parentId: 1,
        order: 3,
        type: 'Data',
        checked: true,
      },
    ])
  })

  it('needs the model export code: a dealer without it gets 403', async () => {
    const response = await call('jxs', 'GET', `${warehouses}?exportType=COLUMN`)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({
      failed: true,
      message: expect.stringContaining('wmdm.warehouse.button.export'),
    })
  })
})

describe('sync export (CORE-EXP-11)', () => {
  it('streams an xlsx with the chosen columns, titles, meanings and the page filters, named by Content-Disposition', async () => {
    const response = await call(
      'admin',
      'GET',
      `${warehouses}?exportType=DATA&${CODE_NAME_TYPE_ENABLED}&fileType=EXCEL2007&async=false&fileName=${encodeURIComponent('仓库')}&warehouseType=COLD&sort=warehouseCode,desc`,
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="__.xlsx"; filename*=UTF-8''%E4%BB%93%E5%BA%93.xlsx`,
    )
    const [sheet, ...others] = await readXlsx(response.rawPayload)
    expect(others).toEqual([])
    expect(sheet?.rows[0]).toEqual(['Warehouse code', 'Warehouse name', 'Warehouse type', 'Enabled'])
    const expected = await expectedRows('admin', 'warehouseType=COLD&sort=warehouseCode,desc')
    expect(expected).toHaveLength(6)
    expect(sheet?.rows.slice(1)).toEqual(expected)
  })

  it('splits rows over sheets of singleSheetMaxRow rows each', async () => {
    const response = await call(
      'admin',
      'GET',
      `${warehouses}?exportType=DATA&ids=2&singleSheetMaxRow=7&singleExcelMaxSheetNum=5`,
    )
    const sheets = await readXlsx(response.rawPayload)
    expect(sheets.map((s) => [s.name, s.rows.length - 1])).toEqual([
      ['Sheet1', 7],
      ['Sheet2', 7],
      ['Sheet3', 7],
      ['Sheet4', 7],
      ['Sheet5', 2],
    ])
    expect(sheets.flatMap((s) => s.rows.slice(1).map((r) => r[0]))).toEqual(
      (await expectedRows('admin', '')).map((r) => r[0]),
    )
  })

  it('writes CSV as UTF-8 with a BOM, quoted where needed, in the list order', async () => {
    const response = await call(
      'admin',
      'GET',
      `${warehouses}?exportType=DATA&${CODE_NAME_TYPE_ENABLED}&fileType=CSV&fileName=wh&enabledFlag=1`,
    )
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toContain("filename*=UTF-8''wh.csv")
    const text = response.rawPayload.toString('utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const lines = text
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','))
    expect(lines[0]).toEqual(['Warehouse code', 'Warehouse name', 'Warehouse type', 'Enabled'])
    expect(lines.slice(1)).toEqual(await expectedRows('admin', 'enabledFlag=1'))
  })
})

describe('bad input answers the error envelope', () => {
  const cases: Array<[string, string, string]> = [
    ['no columns', 'exportType=DATA', 'Choose at least one column'],
    ['an unknown column id', 'exportType=DATA&ids=2&ids=99', "Unknown column id '99'"],
    [
      '1048576 rows per sheet (CORE-EXP-04)',
      'exportType=DATA&ids=2&singleSheetMaxRow=1048576',
      'singleSheetMaxRow must be from 1 to 1048575',
    ],
    [
      '0 rows per sheet',
      'exportType=DATA&ids=2&singleSheetMaxRow=0',
      'singleSheetMaxRow must be from 1 to 1048575',
    ],
    [
      '1.5 rows per sheet',
      'exportType=DATA&ids=2&singleSheetMaxRow=1.5',
      'singleSheetMaxRow must be a whole number',
    ],
    [
      '0 sheets (CORE-EXP-05)',
      'exportType=DATA&ids=2&singleExcelMaxSheetNum=0',
      'singleExcelMaxSheetNum must be at least 1',
    ],
    [
      'an unknown file type',
      'exportType=DATA&ids=2&fileType=pdf',
      "Unknown fileType 'pdf': use EXCEL2007 (xlsx) or CSV.",
    ],
    [
      'multi-sheet on a flat model',
      'exportType=DATA&ids=2&fillerType=multi-sheet',
      'has no child rows: use single-sheet',
    ],
    ['an unknown export type', 'exportType=PDF', "Unknown exportType 'PDF'"],
    [
      'more rows than sheets × rows',
      'exportType=DATA&ids=2&singleSheetMaxRow=10&singleExcelMaxSheetNum=2',
      '30 rows match, but 2 sheets × 10 rows hold only 20',
    ],
  ]
  it.each(cases)('%s', async (_name, query, message) => {
    const response = await call('admin', 'GET', `${warehouses}?${query}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      failed: true,
      code: 'error.validation',
      message: expect.stringContaining(message),
    })
  })

  it('1 and 1048575 rows per sheet and 1 sheet are accepted', async () => {
    for (const [rows, sheets] of [
      [1048575, 1],
      [1, 30],
    ]) {
      const response = await call(
        'admin',
        'GET',
        `${warehouses}?exportType=DATA&ids=2&singleSheetMaxRow=${rows}&singleExcelMaxSheetNum=${sheets}`,
      )
      expect(response.statusCode).toBe(200)
      expect((await readXlsx(response.rawPayload)).length).toBe(sheets)
    }
  })
})

async function taskList(user: string, query = '') {
  return (await call(user, 'GET', `${tasks}?${query}`)).json()
}

describe('async export (CORE-EXP-12..18)', () => {
  // The clerk's data permissions: WH-E001 and WH-E006 are its NORMAL warehouses (seed rows 20-wmdm-user-warehouse).
  it('answers a uuid, the worker ends the task DONE and its file downloads', async () => {
    const submitted = await call(
      'clerk',
      'GET',
      `${warehouses}?exportType=DATA&${CODE_NAME_TYPE_ENABLED}&async=true&fileName=clerk-cold&warehouseType=NORMAL`,
    )
    expect(submitted.statusCode).toBe(200)
    const { uuid } = submitted.json()
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/)
    await app.exportWorker.whenIdle()
    const page = await taskList('clerk', 'taskName=clerk-cold')
    expect(page.totalElements).toBe(1)
    const task = page.content[0]
    expect(task).toMatchObject({
      uuid,
      taskCode: expect.stringMatching(/^EXP\d{8}\d{5}$/),
      taskName: 'clerk-cold',
      serviceName: 'wms',
      state: 'DONE',
      errorInfo: null,
      downloadUrl: `/hpfm/v1/1/export-task/${uuid}/file`,
      totalCount: 2,
      doneCount: 2,
      fileName: 'clerk-cold.xlsx',
    })
    expect(task.endDateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const file = await call('clerk', 'GET', `/api${task.downloadUrl}`)
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''clerk-cold.xlsx")
    const [sheet] = await readXlsx(file.rawPayload)
    expect(sheet?.rows.slice(1)).toEqual(await expectedRows('clerk', 'warehouseType=NORMAL'))
  })

  it('filters the list by task code, name and state', async () => {
    const all = await taskList('clerk')
    const code = all.content[0].taskCode
    expect((await taskList('clerk', `taskCode=${code}`)).totalElements).toBe(1)
    expect((await taskList('clerk', 'state=DONE')).totalElements).toBeGreaterThan(0)
    expect((await taskList('clerk', 'state=FAILED&taskName=clerk-cold')).totalElements).toBe(0)
    expect((await call('clerk', 'GET', `${tasks}?state=LOST`)).statusCode).toBe(400)
  })

  it('another tenant or another user cannot see or download a task; the tenant administrator can', async () => {
    const task = (await taskList('clerk', 'taskName=clerk-cold')).content[0]
    expect((await taskList('manager', '')).content ?? []).toEqual([]) // manager's own tenant 2 path below
    const managerOwn = (await call('manager', 'GET', '/api/hpfm/v1/2/self/export-task')).json()
    expect(managerOwn.content.some((t: { uuid: string }) => t.uuid === task.uuid)).toBe(false)
    const viaOtherTenant = await call('manager', 'GET', `/api/hpfm/v1/2/export-task/${task.uuid}/file`)
    expect(viaOtherTenant.statusCode).toBe(404)
    expect(viaOtherTenant.json()).toMatchObject({
      failed: true,
      message: `No export task ${task.uuid} in this tenant: reload the task list.`,
    })
    expect((await call('manager', 'GET', `/api${task.downloadUrl}`)).statusCode).toBe(403)
    expect((await call('jxs', 'GET', `/api${task.downloadUrl}`)).statusCode).toBe(404)
    expect(
      (await call('jxs', 'PUT', '/api/hpfm/v1/1/export-task/cancel', { taskCode: task.taskCode })).statusCode,
    ).toBe(404)
    expect((await call('admin', 'GET', `/api${task.downloadUrl}`)).statusCode).toBe(200)
    const tenantList = (
      await call('admin', 'GET', `/api/hpfm/v1/1/export-task?taskCode=${task.taskCode}`)
    ).json()
    expect(tenantList.content.map((t: { uuid: string }) => t.uuid)).toEqual([task.uuid])
    expect((await call('clerk', 'GET', '/api/hpfm/v1/1/export-task')).statusCode).toBe(403)
  })
})

const warehouseModel = loadModelFiles('schemas/models').find((model) => model.entity === 'warehouse')!
const adminScope = {
  userId: 1,
  tenantId: 1,
  roleId: 2,
  roleCode: 'tenant-admin',
  roleLevel: 'organization',
  language: 'zh_CN',
} as const
const csvRequest = (query: Record<string, unknown> = {}): ExportRequest => ({
  model: 'wms/warehouse',
  options: {
    columnIds: [2, 3],
    fileType: 'CSV',
    fillerType: 'single-sheet',
    fileName: 'bulk',
    singleSheetMaxRow: 1048575,
    singleExcelMaxSheetNum: 5,
    async: true,
  },
  query,
  session: adminScope,
})

describe('cancel and restart (CORE-EXP-18..20)', () => {
  it('cancel stops the worker between batches: the task ends CANCELLED and no file is kept', async () => {
    await sql`insert into wmdm_warehouse (tenant_id, warehouse_code, warehouse_name, warehouse_type, enabled_flag, created_by)
      select 1, 'BULK-' || lpad(n::text, 5, '0'), 'Bulk ' || n, 'NORMAL', 1, 1 from generate_series(1, 3000) n`.execute(
      app.db,
    )
    // A file store that stops reading after the first chunk until the test has cancelled: the writer then
    // waits for the stream to drain, so the cancel lands while the task is mid-way, between batches.
    const kept: string[] = []
    let firstChunkRead: () => void = () => undefined
    const firstChunk = new Promise<void>((resolve) => (firstChunkRead = resolve))
    let readOn: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (readOn = resolve))
    const store: FileStore = {
      async put(key, body: Readable) {
        kept.push(key)
        const chunks = body[Symbol.asyncIterator]()
        await chunks.next()
        firstChunkRead()
        await gate
        while (!(await chunks.next()).done);
        return { key, size: 0 }
      },
      get: () => Promise.reject(new Error('unused')),
      size: async () => undefined,
      remove: async (key) => void kept.splice(kept.indexOf(key), 1),
    }
    const worker = createExportWorker({ db: app.db, files: store, models: [warehouseModel] })
    const { uuid, taskCode } = await createTask(app.db, csvRequest({ warehouseCode: 'BULK' }), {
      taskName: 'bulk',
      serviceName: 'wms',
    })
    worker.submit(uuid)
    await firstChunk
    const cancelled = await call('admin', 'PUT', '/api/hpfm/v1/1/export-task/cancel', { taskCode })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({ taskCode, state: 'CANCELLED' })
    readOn()
    await worker.whenIdle()
    const task = (await taskList('admin', `taskCode=${taskCode}`)).content[0]
    expect(task).toMatchObject({ state: 'CANCELLED', downloadUrl: null, totalCount: 3000 })
    expect(task.doneCount).toBeLessThan(3000)
    expect(kept).toEqual([])
    const again = await call('admin', 'PUT', '/api/hpfm/v1/1/export-task/cancel', { taskCode })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(
      `Export task ${taskCode} is CANCELLED: only a task in progress (DOING) can be cancelled; reload the task list.`,
    )
    await sql`delete from wmdm_warehouse where warehouse_code like 'BULK-%'`.execute(app.db)
  })

  it('a task left DOING by a previous process ends FAILED at start, and runs again on retry', async () => {
    const { taskCode } = await createTask(app.db, csvRequest({ warehouseType: 'BONDED' }), {
      taskName: 'cut off',
      serviceName: 'wms',
    })
    expect(await app.exportWorker.start()).toBe(1)
    const failed = (await taskList('admin', `taskCode=${taskCode}`)).content[0]
    expect(failed).toMatchObject({
      state: 'FAILED',
      errorInfo: 'interrupted by a server restart',
      downloadUrl: null,
    })
    const retried = await call('admin', 'POST', '/api/hpfm/v1/1/export-task/retry', { taskCode })
    expect(retried.statusCode).toBe(200)
    await app.exportWorker.whenIdle()
    const rerun = (await taskList('admin', 'taskName=cut off&state=DONE')).content[0]
    expect(rerun).toMatchObject({ uuid: retried.json().uuid, totalCount: 6, fileName: 'bulk.csv' })
    const csv = (await call('admin', 'GET', `/api${rerun.downloadUrl}`)).rawPayload.toString('utf8')
    expect(csv.slice(1).trimEnd().split('\r\n')).toHaveLength(7)
    const done = await call('admin', 'POST', '/api/hpfm/v1/1/export-task/retry', { taskCode: rerun.taskCode })
    expect(done.json().message).toBe(
      `Export task ${rerun.taskCode} is DONE: only a FAILED or CANCELLED task can run again; reload the task list.`,
    )
  })

  it('a task whose rows outgrew the file fails with the reason in its error info', async () => {
    const request = csvRequest()
    request.options = {
      ...request.options,
      fileType: 'EXCEL2007',
      singleSheetMaxRow: 5,
      singleExcelMaxSheetNum: 1,
    }
    const { uuid, taskCode } = await createTask(app.db, request, { taskName: 'too big', serviceName: 'wms' })
    app.exportWorker.submit(uuid)
    await app.exportWorker.whenIdle()
    const task = (await taskList('admin', `taskCode=${taskCode}`)).content[0]
    expect(task.state).toBe('FAILED')
    expect(task.errorInfo).toContain('30 rows match, but 1 sheets × 5 rows hold only 5')
  })
})

describe('keyset batches', () => {
  const orders = loadModelFiles('schemas/models').find((model) => model.entity === 'jxsOutboundOrder')!
  const session = { ...adminScope, tokenHash: '' }

  it.each(['expectedDate,asc', 'expectedDate,desc', 'orderStatus,desc'])(
    'read in batches of 4 the same rows in the same order as one query, NULLs included, in one key page or many (sort %s)',
    async (sort) => {
      await sql`insert into winv_jxs_outbound_order (tenant_id, order_num, customer_name, receiver_name, receiver_phone,
          receiver_address, expected_date, order_status, created_by)
        select 1, 'KEYSET-' || n, 'Keyset ' || n, 'R', '13800000000', 'Addr', null, 'NEW', 1 from generate_series(1, 5) n
        on conflict do nothing`.execute(app.db)
      const db = modelDb(app.db)
      const whole = await sortedRows(db, orders, session, { sort }).execute()
      expect(whole.filter((row) => row.expectedDate === null)).toHaveLength(5)
      // one key page, then key pages of 3 (the five NULLs and every tie span page boundaries)
      for (const keyPageSize of [undefined, 3]) {
        const batched: unknown[] = []
        for await (const batch of rowBatches(db, orders, session, { sort }, 4, undefined, keyPageSize))
          batched.push(...batch)
        expect(batched.map((row) => (row as { outboundOrderId: number }).outboundOrderId)).toEqual(
          whole.map((row) => row.outboundOrderId),
        )
      }
    },
  )
})

describe('paged export: key pages of 3 and batches of 2 (the path of a million rows)', () => {
  // Worker with tiny pages: 9 matching rows make three full key pages and a last empty one, each tie group
  // (5 and 4 rows of one name) spans page boundaries, so only the primary key decides where a page ends.
  const memoryStore = (files: Map<string, Buffer>): FileStore => ({
    async put(key, body: Readable) {
      const chunks: Buffer[] = []
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer))
      files.set(key, Buffer.concat(chunks))
      return { key, size: files.get(key)!.length }
    },
    get: () => Promise.reject(new Error('unused')),
    size: async () => undefined,
    remove: async (key) => void files.delete(key),
  })
  const filter = 'warehouseCode=PAGED-&enabledFlag=1&sort=warehouseName,asc'
  // Visible: NORMAL (the rule), enabled (the filter); by name, then by id descending (the list's tie-break).
  const codes = [7, 5, 4, 2, 1, 14, 13, 10, 8].map((n) => `PAGED-${String(n).padStart(2, '0')}`)

  it.each(['CSV', 'EXCEL2007'] as const)(
    'writes the rows of the list (filters and a data permission rule applied) in its order, ties across pages (%s)',
    async (fileType) => {
      await sql`insert into wmdm_warehouse (tenant_id, warehouse_code, warehouse_name, warehouse_type, enabled_flag, created_by)
        select 1, 'PAGED-' || lpad(n::text, 2, '0'), case when n <= 7 then 'Paged tie A' else 'Paged tie B' end,
          case when n % 3 = 0 then 'COLD' else 'NORMAL' end, case when n = 11 then 0 else 1 end, 1
        from generate_series(1, 14) n`.execute(app.db)
      const rule = await call('admin', 'POST', '/api/hpfm/v1/1/permission-rules', {
        ruleCode: 'PAGED_NORMAL_ONLY',
        ruleName: 'Administrators export normal warehouses',
        modelKey: 'wms/warehouse',
        roleCode: 'tenant-admin',
        fieldName: 'warehouseType',
        operator: 'EQUAL',
        ruleValue: 'NORMAL',
      })
      expect(rule.statusCode).toBe(201)
      try {
        const files = new Map<string, Buffer>()
        const worker = createExportWorker({
          db: app.db,
          files: memoryStore(files),
          models: [warehouseModel],
          paging: { batchSize: 2, keyPageSize: 3 },
        })
        const request = csvRequest({ warehouseCode: 'PAGED-', enabledFlag: '1', sort: 'warehouseName,asc' })
        request.options = { ...request.options, fileType, columnIds: [2, 3, 4, 9] }
        const { uuid, taskCode } = await createTask(app.db, request, {
          taskName: 'paged',
          serviceName: 'wms',
        })
        worker.submit(uuid)
        await worker.whenIdle()
        const task = (await taskList('admin', `taskCode=${taskCode}`)).content[0]
        expect(task).toMatchObject({ state: 'DONE', totalCount: 9, doneCount: 9, errorInfo: null })
        const [bytes] = [...files.values()]
        let rows: unknown[][]
        if (fileType === 'CSV') {
          const lines = bytes!.toString('utf8').slice(1).trimEnd().split('\r\n')
          rows = lines.map((line) => line.split(','))
        } else {
          const sheets = await readXlsx(bytes!)
          expect(sheets).toHaveLength(1)
          rows = sheets[0]!.rows
        }
        expect(rows[0]).toEqual(['Warehouse code', 'Warehouse name', 'Warehouse type', 'Enabled'])
        expect(rows.slice(1).map((row) => row[0])).toEqual(codes)
        expect(rows.slice(1)).toEqual(await expectedRows('admin', filter))
        expect(rows[1]).toEqual(['PAGED-07', 'Paged tie A', '普通仓', '是'])
      } finally {
        await call('admin', 'PUT', '/api/hpfm/v1/1/permission-rules', {
          ...(rule.json() as object),
          enabledFlag: 0,
        })
        await sql`delete from wmdm_warehouse where warehouse_code like 'PAGED-%'`.execute(app.db)
        await sql`delete from hpfm_permission_rule where rule_code = 'PAGED_NORMAL_ONLY'`.execute(app.db)
      }
    },
  )
})
