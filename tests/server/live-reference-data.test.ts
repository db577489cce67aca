/**
 * Reference data the files declare reaches a running database (issue 22): a value set file and a Lov view file
 * saved while the server runs (live files on, the seed data folder a temporary copy) are in the database within
 * a second, usable through the value set and Lov view APIs; a value set the database holds already keeps what an
 * administrator made of it; a file that does not read changes nothing and the next good save applies. At start,
 * an existing database gets what the files added since (prepareDatabase → syncReferenceData).
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDataDir } from '../../server/seed/data.ts'
import { syncReferenceData } from '../../server/seed/reference-data.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let data: string
let token: string

const texts = (en: string) => ({ zh_CN: en, en_US: en, zh_TW: en })
const DOCK_KINDS = {
  'WMDM.LIVE_DOCK_KIND': {
    name: texts('Dock kind'),
    values: [
      { value: 'COLD', meaning: texts('Cold dock') },
      { value: 'BULK', meaning: texts('Bulk dock') },
    ],
  },
}
const DOCK_VIEW = [
  {
    viewCode: 'WMDM.LIVE_WAREHOUSE',
    viewName: texts('Warehouses (live)'),
    lovTypeCode: 'URL',
    queryUrl: '/wms/v1/{organizationId}/warehouses/accessibleList',
    valueField: 'warehouseId',
    displayField: 'warehouseName',
    title: texts('Choose a warehouse'),
    queryFields: [{ field: 'warehouseCode', label: texts('Code') }],
    tableFields: [{ dataIndex: 'warehouseCode', title: texts('Code'), width: 160 }],
  },
]

const values = async (code: string) =>
  (await injectAs(app, token, 'GET', `/api/hpfm/v1/1/lovs/value?lovCode=${code}&lang=en_US`)).json<
    Array<{ value: string; meaning: string }>
  >()

async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const end = Date.now() + 20_000
  for (;;) {
    const value = await read()
    if (check(value)) return value
    if (Date.now() > end) throw new Error(`not applied; last read ${JSON.stringify(value).slice(0, 300)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

beforeAll(async () => {
  data = await mkdtemp(join(tmpdir(), 'wms-seed-data-'))
  await cp(seedDataDir, data, { recursive: true })
  app = await createTestApp({ liveSchemas: true, seedDataDir: data })
  token = await signIn(app, 'admin', 'Admin@123')
})

afterAll(async () => {
  await app?.close()
  await rm(data, { recursive: true, force: true })
})

describe('reference data of the files on a running database', () => {
  it('adds a saved value set and Lov view at once, and leaves a value set the database holds as it is', async () => {
    expect(await values('WMDM.LIVE_DOCK_KIND')).toEqual([])
    // an administrator renamed a value of a value set the files declare too: their version stays
    await app.db
      .updateTable('hpfmLookupValue')
      .set({ meanings: JSON.stringify(texts('Standard')) })
      .where('lookupCode', '=', 'WMDM.WAREHOUSE_TYPE')
      .where('value', '=', 'NORMAL')
      .where('tenantId', '=', 0)
      .execute()
    const held = await values('WMDM.WAREHOUSE_TYPE')
    expect(held.find((row) => row.value === 'NORMAL')?.meaning).toBe('Standard')
    await writeFile(join(data, 'lookups', 'zz-live.json'), JSON.stringify({ ...DOCK_KINDS }, null, 2))
    await writeFile(join(data, 'lov-views', 'zz-live.json'), JSON.stringify(DOCK_VIEW, null, 2))
    const added = await until(
      () => values('WMDM.LIVE_DOCK_KIND'),
      (rows) => rows.length === 2,
    )
    expect(added.map((row) => [row.value, row.meaning])).toEqual([
      ['COLD', 'Cold dock'],
      ['BULK', 'Bulk dock'],
    ])
    const view = await until(
      () =>
        injectAs(app, token, 'GET', '/api/hpfm/v1/1/lov-view/info?viewCode=WMDM.LIVE_WAREHOUSE&lang=en_US'),
      (reply) => reply.statusCode === 200,
    )
    expect(view.json<{ title: string }>().title).toBe('Choose a warehouse')
    expect(await values('WMDM.WAREHOUSE_TYPE')).toEqual(held)
  })

  it('changes nothing for a file that does not read, and applies the next good save', async () => {
    const file = join(data, 'lookups', 'zz-broken.json')
    await writeFile(file, '{ "WMDM.LIVE_BROKEN": { "name": ')
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(await values('WMDM.LIVE_BROKEN')).toEqual([])
    await writeFile(
      file,
      JSON.stringify({
        'WMDM.LIVE_BROKEN': { name: texts('Fixed'), values: [{ value: 'A', meaning: texts('A') }] },
      }),
    )
    await until(
      () => values('WMDM.LIVE_BROKEN'),
      (rows) => rows.length === 1,
    )
  })

  it('gives an existing database at start what the files added since, once', async () => {
    await app.db.deleteFrom('hpfmLookupValue').where('lookupCode', '=', 'WMDM.LIVE_DOCK_KIND').execute()
    const first = await syncReferenceData(app.db, data)
    expect(first.lookups).toEqual(['WMDM.LIVE_DOCK_KIND'])
    expect(first.lovViews).toEqual([])
    expect(await syncReferenceData(app.db, data)).toEqual({ lookups: [], lovViews: [] })
  })

  it('adds a value a file gives a value set the database holds, once: deleted later, it stays deleted', async () => {
    const withStatus = {
      'WMDM.LIVE_DOCK_KIND': {
        ...DOCK_KINDS['WMDM.LIVE_DOCK_KIND'],
        values: [
          ...DOCK_KINDS['WMDM.LIVE_DOCK_KIND'].values,
          { value: 'SPLIT', meaning: texts('Split dock') },
        ],
      },
    }
    await syncReferenceData(app.db, data, DOCK_KINDS)
    const added = await syncReferenceData(app.db, data, withStatus)
    expect(added.values).toEqual(['WMDM.LIVE_DOCK_KIND:SPLIT'])
    const codes = await values('WMDM.LIVE_DOCK_KIND')
    expect(codes.map((v) => v.value).slice(-1)).toEqual(['SPLIT'])
    expect(codes.find((v) => v.value === 'SPLIT')?.meaning).toBe('Split dock')
    // an administrator deletes it: the files do not bring it back
    await app.db
      .deleteFrom('hpfmLookupValue')
      .where('lookupCode', '=', 'WMDM.LIVE_DOCK_KIND')
      .where('value', '=', 'SPLIT')
      .execute()
    expect((await syncReferenceData(app.db, data, withStatus)).values).toBeUndefined()
    expect((await values('WMDM.LIVE_DOCK_KIND')).map((v) => v.value)).not.toContain('SPLIT')
  })
})
