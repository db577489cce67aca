import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeWatchOf } from '../../server/db/write-watch.ts'
import {
  applyPermissionRules,
  refreshRuleSnapshot,
  ruleFreeNow,
} from '../../server/modules/hpfm-admin/data-permission.ts'
import { modelDb } from '../../server/modules/models/model-scope.ts'
import { bearer, createTestApp, injectAs, signIn } from '../../server/testing.ts'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import type { Session } from '../../server/types.ts'

let app: FastifyInstance
let admin: string
let clerk: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
  clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

const as = (token: string) => ({
  get: (url: string) => injectAs(app, token, 'GET', url),
  post: (url: string, body?: unknown) => injectAs(app, token, 'POST', url, body ?? {}),
  put: (url: string, body: unknown) => injectAs(app, token, 'PUT', url, body),
  del: (url: string, body: unknown) => injectAs(app, token, 'DELETE', url, body),
})

describe('value lists feed the lookup batch', () => {
  it('a new value of a platform set appears in the batch call, for this tenant only', async () => {
    const a = as(admin)
    const created = await a.post('/api/hpfm/v1/1/value-lists/WMDM.WAREHOUSE_TYPE/values', {
      value: 'CROSSDOCK',
      meaningZhCn: '越库仓',
      meaningEnUs: 'Cross-dock',
      meaningZhTw: '越庫倉',
      orderSeq: 50,
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ value: 'CROSSDOCK', source: 'TENANT' })
    const batch = (await a.get('/api/hpfm/v1/1/lovs/value/batch?type=WMDM.WAREHOUSE_TYPE&lang=en_US')).json()
    const values = batch.type.map((row: { value: string }) => row.value)
    // The platform's values were copied first, so nothing disappears.
    expect(values).toEqual(['NORMAL', 'BONDED', 'COLD', 'VIRTUAL', 'CROSSDOCK'])
    expect(batch.type.at(-1).meaning).toBe('Cross-dock')
    // Tenant 2 still sees the platform's values.
    const manager = await signIn(app, 'manager', 'Manager@123')
    const other = (await as(manager).get('/api/hpfm/v1/2/lovs/value/batch?type=WMDM.WAREHOUSE_TYPE')).json()
    expect(other.type.map((row: { value: string }) => row.value)).not.toContain('CROSSDOCK')
  })

  it('an edited meaning is what the batch answers; a duplicate is a 409; bad input a 400', async () => {
    const a = as(admin)
    const list = (await a.get('/api/hpfm/v1/1/value-lists/WMDM.WAREHOUSE_TYPE/values?size=50')).json()
    const cold = list.content.find((row: { value: string }) => row.value === 'COLD')
    const saved = await a.put('/api/hpfm/v1/1/value-lists/WMDM.WAREHOUSE_TYPE/values', {
      lookupValueId: cold.lookupValueId,
      objectVersionNumber: cold.objectVersionNumber,
      meaningEnUs: 'Cold chain',
    })
    expect(saved.statusCode).toBe(200)
    const batch = (await a.get('/api/hpfm/v1/1/lovs/value/batch?type=WMDM.WAREHOUSE_TYPE&lang=en_US')).json()
    expect(batch.type.find((row: { value: string }) => row.value === 'COLD').meaning).toBe('Cold chain')
    const stale = await a.put('/api/hpfm/v1/1/value-lists/WMDM.WAREHOUSE_TYPE/values', {
      lookupValueId: cold.lookupValueId,
      objectVersionNumber: cold.objectVersionNumber,
      meaningEnUs: 'Again',
    })
    expect(stale.statusCode).toBe(409)
    const duplicate = await a.post('/api/hpfm/v1/1/value-lists/WMDM.WAREHOUSE_TYPE/values', {
      value: 'COLD',
      meaningEnUs: 'x',
    })
    expect(duplicate.statusCode).toBe(409)
    const noMeaning = await a.post('/api/hpfm/v1/1/value-lists/WMDM.WAREHOUSE_TYPE/values', { value: 'X1' })
    expect(noMeaning.statusCode).toBe(400)
    expect(noMeaning.json().message).toContain('meaning')
  })

  it('a new set is listed and serves its values; a clerk may not change sets', async () => {
    const a = as(admin)
    expect(
      (await a.post('/api/hpfm/v1/1/value-lists', { lookupCode: 'WMS.PRIORITY', lookupName: 'Priority' }))
        .statusCode,
    ).toBe(201)
    await a.post('/api/hpfm/v1/1/value-lists/WMS.PRIORITY/values', { value: 'HIGH', meaningEnUs: 'High' })
    const sets = (await a.get('/api/hpfm/v1/1/value-lists?lookupCode=WMS.PRIORITY')).json()
    expect(sets.content).toEqual([
      expect.objectContaining({ lookupCode: 'WMS.PRIORITY', source: 'TENANT', valueCount: 1 }),
    ])
    const batch = (await a.get('/api/hpfm/v1/1/lovs/value/batch?p=WMS.PRIORITY&lang=en_US')).json()
    expect(batch.p).toEqual([expect.objectContaining({ value: 'HIGH', meaning: 'High' })])
    const refused = await as(clerk).post('/api/hpfm/v1/1/value-lists/WMS.PRIORITY/values', {
      value: 'LOW',
      meaningEnUs: 'Low',
    })
    expect(refused.statusCode).toBe(403)
  })
})

describe('prompts feed the texts', () => {
  it('a prompt created in /hpfm/prompt is returned by the prompt endpoint, and its change too', async () => {
    const a = as(admin)
    const created = await a.post('/api/hpfm/v1/1/prompts', {
      promptKey: 'wmdm.warehouse.title',
      lang: 'en_US',
      description: 'Depots',
    })
    expect(created.statusCode).toBe(201)
    let texts = (await a.get('/api/hpfm/v1/1/prompt/en_US?promptKey=wmdm.warehouse')).json()
    expect(texts['wmdm.warehouse.title']).toBe('Depots')
    const row = created.json()
    await a.put('/api/hpfm/v1/1/prompts', { ...row, description: 'Storage sites' })
    texts = (await a.get('/api/hpfm/v1/1/prompt/en_US?promptKey=wmdm.warehouse')).json()
    expect(texts['wmdm.warehouse.title']).toBe('Storage sites')
    const duplicate = await a.post('/api/hpfm/v1/1/prompts', {
      promptKey: 'wmdm.warehouse.title',
      lang: 'en_US',
      description: 'x',
    })
    expect(duplicate.statusCode).toBe(409)
  })
})

describe('code rules number documents', () => {
  it("the tenant's own rule numbers the next dealer outbound order; its counter is listed and reset", async () => {
    const a = as(admin)
    const rule = await a.post('/api/hpfm/v1/1/code-rules', {
      ruleCode: 'WINV.JXS_OUTBOUND',
      ruleName: 'Dealer outbound (tenant)',
      prefix: 'OUT-',
      dateFormat: 'YYYYMM',
      sequenceLength: 4,
      resetPerDay: 0,
    })
    expect(rule.statusCode).toBe(201)
    const order = await a.post('/api/wms/v1/1/jxs-outbound-orders', {
      customerName: 'Rule test',
      receiverName: 'Zhang San',
      receiverPhone: '13800000000',
      receiverAddress: 'No. 1 Road',
      warehouseId: 1,
    })
    expect(order.statusCode, order.body).toBe(201)
    const number = Object.values(order.json()).find((v) => typeof v === 'string' && v.startsWith('OUT-'))
    expect(number).toMatch(/^OUT-\d{6}0001$/)
    const sequences = (await a.get(`/api/hpfm/v1/1/code-rule-sequences/${rule.json().codeRuleId}`)).json()
    expect(sequences.content[0]).toMatchObject({ period: 'all', currentValue: 1 })
    expect(sequences.content[0].nextCode).toMatch(/^OUT-\d{6}0002$/)
    const reset = await a.post(`/api/hpfm/v1/1/code-rule-sequences/${rule.json().codeRuleId}/all/reset`)
    expect(reset.statusCode).toBe(200)
    const periods = (await a.get(`/api/hpfm/v1/1/code-rule-sequences/${rule.json().codeRuleId}`)).json()
      .content
    expect(periods.map((row: { period: string }) => row.period)).not.toContain('all')
    const platform = (await a.get('/api/hpfm/v1/1/platform-code-rules?ruleCode=JXS')).json()
    expect(platform.content[0]).toMatchObject({ ruleCode: 'WINV.JXS_OUTBOUND', overriddenFlag: 1 })
    const bad = await a.post('/api/hpfm/v1/1/code-rules', { ruleCode: 'bad code', sequenceLength: 0 })
    expect(bad.statusCode).toBe(400)
  })
})

describe('data permission rules restrict model lists', () => {
  it('a rule on wms/warehouse for the clerk role hides the other warehouses from the clerk only', async () => {
    const before = (await as(clerk).get('/api/wms/v1/1/warehouses?size=100')).json()
    expect(before.totalElements).toBeGreaterThan(1)
    const kept = before.content[0].warehouseCode as string
    const adminBefore = (await as(admin).get('/api/wms/v1/1/warehouses?size=100')).json()
    const rule = await as(admin).post('/api/hpfm/v1/1/permission-rules', {
      ruleCode: 'CLERK_ONE_WH',
      ruleName: 'Clerks see one warehouse',
      modelKey: 'wms/warehouse',
      roleCode: 'wh-clerk',
      fieldName: 'warehouseCode',
      operator: 'EQUAL',
      ruleValue: kept,
    })
    expect(rule.statusCode).toBe(201)
    const after = (await as(clerk).get('/api/wms/v1/1/warehouses?size=100')).json()
    expect(after.content.map((row: { warehouseCode: string }) => row.warehouseCode)).toEqual([kept])
    const adminView = (await as(admin).get('/api/wms/v1/1/warehouses?size=100')).json()
    expect(adminView.totalElements).toBe(adminBefore.totalElements)
    // Disabled: the clerk sees everything again.
    await as(admin).put('/api/hpfm/v1/1/permission-rules', { ...(rule.json() as object), enabledFlag: 0 })
    expect((await as(clerk).get('/api/wms/v1/1/warehouses?size=100')).json().totalElements).toBe(
      before.totalElements,
    )
  })

  it('a model no enabled rule of the tenant names lists without the clause, on PGlite only while nothing was written', async () => {
    const db = modelDb(app.db)
    const model = { service: 'wms', entity: 'warehouse', table: 'wmdm_warehouse' } as ModelSchema
    const session = (tenantId: number) => ({ tenantId, userId: 1, roleCode: 'wh-clerk' }) as Session
    const clauseIn = (tenantId: number) =>
      applyPermissionRules(db.selectFrom('wmdm_warehouse').selectAll(), model, session(tenantId), db)
        .compile()
        .sql.includes('hpfm_permission_rule')
    await refreshRuleSnapshot(db)
    expect((await as(clerk).get('/api/wms/v1/1/warehouses?size=5')).json().totalElements).toBeGreaterThan(0)
    // PostgreSQL: another process may write a rule at any time, so the clause is always there.
    const pglite = writeWatchOf(app.db) !== undefined
    expect(clauseIn(1)).toBe(!pglite)
    // what the list endpoint asks, on either database: no rule of tenant 1 names warehouses yet
    expect(await ruleFreeNow(db, model, session(1))).toBe(true)
    const rule = await as(admin).post('/api/hpfm/v1/1/permission-rules', {
      ruleCode: 'CLERK_NO_WH',
      ruleName: 'Clerks see no warehouse',
      modelKey: 'wms/warehouse',
      roleCode: 'wh-clerk',
      fieldName: 'warehouseCode',
      operator: 'IS_NULL',
    })
    expect(rule.statusCode).toBe(201)
    // the write made the snapshot stale: the clause is back before anyone reads the rules again
    expect(clauseIn(1)).toBe(true)
    await refreshRuleSnapshot(db)
    expect(clauseIn(1)).toBe(true)
    expect(clauseIn(2)).toBe(!pglite) // tenant 2 has no rule on warehouses
    expect(await ruleFreeNow(db, model, session(1))).toBe(false)
    expect(await ruleFreeNow(db, model, session(2))).toBe(true)
    expect((await as(clerk).get('/api/wms/v1/1/warehouses?size=5')).json().totalElements).toBe(0)
    await as(admin).put('/api/hpfm/v1/1/permission-rules', { ...(rule.json() as object), enabledFlag: 0 })
    expect((await as(clerk).get('/api/wms/v1/1/warehouses?size=5')).json().totalElements).toBeGreaterThan(0)
    await refreshRuleSnapshot(db)
    expect(clauseIn(1)).toBe(!pglite)
    expect(await ruleFreeNow(db, model, session(1))).toBe(true)
  })
})

describe('online users', () => {
  it('lists live sessions and kicking one off makes its token refused (kickoff 1)', async () => {
    const victim = await signIn(app, 'jxs', 'Jxs@12345')
    const list = (await as(admin).get('/api/hpfm/v1/1/online-users?loginName=jxs')).json()
    expect(list.content).toHaveLength(1)
    const { sessionId } = list.content[0]
    expect((await as(victim).get('/api/iam/hzero/v1/users/self')).statusCode).toBe(200)
    expect((await as(clerk).post(`/api/hpfm/v1/1/online-users/${sessionId}/kickoff`)).statusCode).toBe(403)
    const kicked = await as(admin).post(`/api/hpfm/v1/1/online-users/${sessionId}/kickoff`)
    expect(kicked.statusCode).toBe(200)
    expect((await as(victim).get('/api/iam/hzero/v1/users/self')).statusCode).toBe(401)
    const state = await app.inject({
      method: 'POST',
      url: `/api/oauth/public/token/kickoff?access_token=${victim}`,
    })
    expect(state.json()).toEqual({ kickoff: 1 })
    const self = (await as(admin).get('/api/hpfm/v1/1/online-users?loginName=admin')).json().content[0]
    expect((await as(admin).post(`/api/hpfm/v1/1/online-users/${self.sessionId}/kickoff`)).statusCode).toBe(
      400,
    )
  })
})

describe('configuration and profiles reach users/self', () => {
  it('title, logo and a tenant profile default are what the app reads', async () => {
    const a = as(admin)
    // The seed keeps TITLE (WMS) and a tenant DATE_FORMAT: edit those rows, add the others.
    const title = (await a.get('/api/hpfm/v1/1/configs?configCode=TITLE')).json().content[0]
    expect((await a.put('/api/hpfm/v1/1/configs', { ...title, configValue: 'East WMS' })).statusCode).toBe(
      200,
    )
    expect(
      (await a.post('/api/hpfm/v1/1/configs', { configCode: 'LOGO', configValue: '/logo-east.png' }))
        .statusCode,
    ).toBe(201)
    const dates = (
      await a.get('/api/hpfm/v1/1/profile-values?profileName=DATE_FORMAT&levelCode=TENANT')
    ).json().content[0]
    expect(
      (await a.put('/api/hpfm/v1/1/profile-values', { ...dates, profileValue: 'DD/MM/YYYY' })).statusCode,
    ).toBe(200)
    const role = await a.post('/api/hpfm/v1/1/profile-values', {
      profileName: 'DATE_FORMAT',
      levelCode: 'ROLE',
      levelValue: 'wh-clerk',
      profileValue: 'YYYY.MM.DD',
    })
    expect(role.statusCode).toBe(201)
    const self = (await a.get('/api/iam/hzero/v1/users/self')).json()
    expect(self).toMatchObject({ title: 'East WMS', logo: '/logo-east.png', dateFormat: 'DD/MM/YYYY' })
    const clerkSelf = (await as(clerk).get('/api/iam/hzero/v1/users/self')).json()
    expect(clerkSelf.dateFormat).toBe('YYYY.MM.DD')
    const effective = (await as(clerk).get('/api/hpfm/v1/1/effective-profile-values')).json()
    expect(effective.content).toEqual([
      expect.objectContaining({ profileName: 'DATE_FORMAT', levelCode: 'ROLE' }),
    ])
  })
})

describe('system tools, data sources, tenant log', () => {
  it('purges ended sessions for real and records changes in the tenant log', async () => {
    const a = as(admin)
    const tools = (await a.get('/api/hpfm/v1/1/sys-tools')).json()
    expect(tools.content.map((t: { toolCode: string }) => t.toolCode)).toContain('PURGE_ENDED_SESSIONS')
    const run = await a.post('/api/hpfm/v1/1/sys-tools/PURGE_ENDED_SESSIONS/run')
    expect(run.statusCode).toBe(200)
    expect(run.json().message).toMatch(/Deleted \d+ ended session/)
    expect((await a.post('/api/hpfm/v1/1/sys-tools/NOPE/run')).statusCode).toBe(404)
    const log = (await a.get('/api/hpfm/v1/1/tenant-logs?path=sys-tools')).json()
    expect(log.content[0]).toMatchObject({ method: 'POST', loginName: 'admin' })
    expect((await as(clerk).get('/api/hpfm/v1/1/tenant-logs')).statusCode).toBe(403)
  })

  it('a data source test really connects and reports the failure', async () => {
    const a = as(admin)
    const ds = await a.post('/api/hpfm/v1/1/data-sources', {
      datasourceCode: 'DEAD',
      description: 'Nothing listens here',
      dsType: 'POSTGRESQL',
      url: 'postgres://127.0.0.1:1/none',
    })
    expect(ds.statusCode).toBe(201)
    const test = await a.post(`/api/hpfm/v1/1/data-source-tests/${ds.json().datasourceId}`)
    expect(test.json()).toMatchObject({ connectionStatus: 'FAILED' })
    expect(test.json().message).toMatch(/ECONNREFUSED|connect/i)
    const row = (await a.get(`/api/hpfm/v1/1/data-sources/${ds.json().datasourceId}`)).json()
    expect(row.connectionStatus).toBe('FAILED')
  })
})

void bearer

describe('Lov views feed every Lov', () => {
  it('a changed title and column of a platform view is what lov-view/info answers this tenant, not another', async () => {
    const a = as(admin)
    const views = (await a.get('/api/hpfm/v1/1/lov-views?viewCode=WMDM.WAREHOUSE')).json()
    const view = views.content.find((v: { viewCode: string }) => v.viewCode === 'WMDM.WAREHOUSE')
    expect(view).toMatchObject({ source: 'PLATFORM', customizedFlag: 0 })
    const saved = await a.put('/api/hpfm/v1/1/lov-views', {
      lovViewId: view.lovViewId,
      objectVersionNumber: view.objectVersionNumber,
      title: 'Pick a depot',
      pageSize: 20,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ customizedFlag: 1, title: 'Pick a depot', pageSize: 20 })
    const columns = (await a.get(`/api/hpfm/v1/1/lov-views/${view.lovViewId}/columns`)).json().content
    await a.put(`/api/hpfm/v1/1/lov-views/${view.lovViewId}/columns`, {
      dataIndex: columns[0].dataIndex,
      title: 'Depot code',
    })
    const info = (await a.get('/api/hpfm/v1/1/lov-view/info?viewCode=WMDM.WAREHOUSE')).json()
    expect(info.title).toBe('Pick a depot')
    expect(JSON.stringify(info.tableFields)).toContain('Depot code')
    const manager = await signIn(app, 'manager', 'Manager@123')
    const other = (await as(manager).get('/api/hpfm/v1/2/lov-view/info?viewCode=WMDM.WAREHOUSE')).json()
    expect(other.title).not.toBe('Pick a depot')
    const badField = await a.put('/api/hpfm/v1/1/lov-views', {
      lovViewId: view.lovViewId,
      displayField: 'nope',
    })
    expect(badField.statusCode).toBe(400)
    // Deleting the customisation brings the platform's definition back.
    const own = (await a.get('/api/hpfm/v1/1/lov-views?viewCode=WMDM.WAREHOUSE')).json().content[0]
    expect((await a.del('/api/hpfm/v1/1/lov-views', { lovViewId: own.lovViewId })).statusCode).toBe(204)
    expect((await a.get('/api/hpfm/v1/1/lov-view/info?viewCode=WMDM.WAREHOUSE')).json().title).not.toBe(
      'Pick a depot',
    )
  })
})
