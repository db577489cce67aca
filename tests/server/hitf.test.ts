/**
 * Integration (hitf): real outbound calls against a local HTTP server, the inbound gateway, masked secrets,
 * mapping history and charges computed from the logs.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let target: Server
let targetUrl: string
const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }> = []
const tokens: Record<string, string> = {}

beforeAll(async () => {
  target = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += String(chunk)))
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body })
      if (request.url?.startsWith('/fail')) {
        response.writeHead(500, { 'content-type': 'application/json' })
        response.end('{"error":"boom"}')
        return
      }
      if (request.url?.startsWith('/oauth/token')) {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ access_token: 'tok-from-oauth', expires_in: 3600 }))
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({ ok: true, echo: body ? (JSON.parse(body) as unknown) : null, orderNo: 'so-1' }),
      )
    })
  })
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(async () => {
  await app.close()
  await new Promise((resolve) => target.close(resolve))
})

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
const basic = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`
const api = (path: string) => `/api/hitf/v1/1${path}`

async function create(resource: string, row: Record<string, unknown>) {
  const response = await call('admin', 'POST', api(`/${resource}`), row)
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json() as Record<string, unknown>
}

async function lastLog(query = '') {
  const page = (
    await call('admin', 'GET', api(`/interface-logs?sort=interfaceLogId,desc&size=1${query}`))
  ).json()
  return page.content[0] as Record<string, unknown>
}

describe('outbound invoke', () => {
  let server: Record<string, unknown>
  beforeAll(async () => {
    server = await create('interface-servers', {
      serverCode: 'T_LOCAL',
      serverName: 'Local test',
      namespace: 'TEST',
      serviceType: 'REST',
      baseUrl: targetUrl,
    })
  })

  it('calls the target with the configured bearer token and logs status and duration', async () => {
    const iface = await create('interfaces', {
      serverCode: 'T_LOCAL',
      interfaceCode: 'ORDER_PUSH',
      interfaceName: 'Push order',
      requestMethod: 'POST',
      interfacePath: '/orders',
      authType: 'BEARER',
      authToken: 's3cr3t-token',
      testBody: '{"a":1}',
      publishedFlag: 1,
      inboundMode: 'PROXY',
    })
    expect(iface.authToken).toBe('******')
    const response = await call(
      'admin',
      'POST',
      api(`/interfaces/${String(iface.interfaceId)}/invoke`),
      iface,
    )
    expect(response.statusCode, response.body).toBe(200)
    const received = seen.at(-1)!
    expect(received.headers.authorization).toBe('Bearer s3cr3t-token')
    expect(received.body).toBe('{"a":1}')
    const log = await lastLog()
    expect(log).toMatchObject({
      direction: 'OUTBOUND',
      interfaceCode: 'ORDER_PUSH',
      responseStatus: 200,
      resultStatus: 'SUCCESS',
    })
    expect(typeof log.durationMs).toBe('number')
    expect(String(log.requestHeaders)).toContain('Bearer ******')
    expect(String(log.requestHeaders)).not.toContain('s3cr3t')
    const traces = (await call('admin', 'GET', api(`/trace-logs?traceId=${String(log.traceId)}`))).json()
    expect(traces.content.map((t: { stepCode: string }) => t.stepCode)).toContain('HTTP_CALL')
  })

  it('sends basic, API key and OAuth2 client-credentials auth', async () => {
    const basic = await create('interfaces', {
      serverCode: 'T_LOCAL',
      interfaceCode: 'BASIC_GET',
      interfaceName: 'b',
      requestMethod: 'GET',
      interfacePath: '/b',
      authType: 'BASIC',
      authUsername: 'u1',
      authPassword: 'p1',
    })
    expect(
      (await call('admin', 'POST', api(`/interfaces/${String(basic.interfaceId)}/invoke`), {})).statusCode,
    ).toBe(200)
    expect(seen.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from('u1:p1').toString('base64')}`)
    const key = await create('interfaces', {
      serverCode: 'T_LOCAL',
      interfaceCode: 'KEY_GET',
      interfaceName: 'k',
      requestMethod: 'GET',
      interfacePath: '/k',
      authType: 'API_KEY',
      apiKeyName: 'X-Key',
      apiKeyIn: 'HEADER',
      apiKeyValue: 'kv',
    })
    expect(
      (await call('admin', 'POST', api(`/interfaces/${String(key.interfaceId)}/invoke`), {})).statusCode,
    ).toBe(200)
    expect(seen.at(-1)!.headers['x-key']).toBe('kv')
    const oauth = await create('interfaces', {
      serverCode: 'T_LOCAL',
      interfaceCode: 'OAUTH_GET',
      interfaceName: 'o',
      requestMethod: 'GET',
      interfacePath: '/o',
      authType: 'OAUTH2_CC',
      oauthTokenUrl: `${targetUrl}/oauth/token`,
      oauthClientId: 'cid',
      oauthClientSecret: 'csec',
    })
    expect(
      (await call('admin', 'POST', api(`/interfaces/${String(oauth.interfaceId)}/invoke`), {})).statusCode,
    ).toBe(200)
    expect(seen.at(-2)!.headers.authorization).toBe(`Basic ${Buffer.from('cid:csec').toString('base64')}`)
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer tok-from-oauth')
  })

  it('logs an HTTP error status of the target as a failure and answers 424', async () => {
    const iface = await create('interfaces', {
      serverCode: 'T_LOCAL',
      interfaceCode: 'FAILING',
      interfaceName: 'f',
      requestMethod: 'GET',
      interfacePath: '/fail',
    })
    const response = await call('admin', 'POST', api(`/interfaces/${String(iface.interfaceId)}/invoke`), {})
    expect(response.statusCode).toBe(424)
    expect(response.json().message).toContain('HTTP 500')
    expect(await lastLog()).toMatchObject({ responseStatus: 500, resultStatus: 'FAILED' })
  })

  it('logs an unreachable target with the real reason', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    await create('interface-servers', {
      serverCode: 'T_DEAD',
      serverName: 'Dead',
      namespace: 'TEST',
      serviceType: 'REST',
      baseUrl: `http://127.0.0.1:${port}`,
    })
    const iface = await create('interfaces', {
      serverCode: 'T_DEAD',
      interfaceCode: 'DEAD',
      interfaceName: 'd',
      requestMethod: 'GET',
      interfacePath: '/x',
    })
    const response = await call('admin', 'POST', api(`/interfaces/${String(iface.interfaceId)}/invoke`), {})
    expect(response.statusCode).toBe(424)
    expect(response.json().message).toContain('ECONNREFUSED')
    const log = await lastLog()
    expect(log).toMatchObject({ interfaceCode: 'DEAD', resultStatus: 'FAILED', responseStatus: null })
    expect(String(log.errorMessage)).toContain('ECONNREFUSED')
  })

  it('health check really calls the service and records DOWN for a dead one', async () => {
    const ok = await call(
      'admin',
      'POST',
      api(`/interface-servers/${String(server.serverId)}/health-check`),
      {},
    )
    expect(ok.statusCode, ok.body).toBe(200)
    const dead = (await call('admin', 'GET', api('/interface-servers?serverCode=T_DEAD'))).json().content[0]
    const down = await call(
      'admin',
      'POST',
      api(`/interface-servers/${String(dead.serverId)}/health-check`),
      {},
    )
    expect(down.statusCode).toBe(424)
    const after = (await call('admin', 'GET', api(`/interface-servers/${String(dead.serverId)}`))).json()
    expect(after.healthStatus).toBe('DOWN')
  })

  it('refuses invoke without the permission', async () => {
    const response = await call('clerk', 'POST', api('/interfaces/1/invoke'), {})
    expect(response.statusCode).toBe(403)
  })
})

describe('secrets', () => {
  it('are masked in list and detail, kept when ****** is sent back, cleared when emptied', async () => {
    const iface = await create('interfaces', {
      serverCode: 'T_LOCAL',
      interfaceCode: 'SECRET_KEEP',
      interfaceName: 's',
      requestMethod: 'GET',
      interfacePath: '/s',
      authType: 'BASIC',
      authUsername: 'u',
      authPassword: 'pw-1',
    })
    const list = await call('admin', 'GET', api('/interfaces?interfaceCode=SECRET_KEEP'))
    expect(list.body).not.toContain('pw-1')
    expect(list.json().content[0].authPassword).toBe('******')
    const put = await call('admin', 'PUT', api('/interfaces'), {
      ...iface,
      interfaceName: 'renamed',
    })
    expect(put.statusCode, put.body).toBe(200)
    const updated = put.json()
    expect(updated.authPassword).toBe('******')
    await call('admin', 'POST', api(`/interfaces/${String(iface.interfaceId)}/invoke`), {})
    expect(seen.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from('u:pw-1').toString('base64')}`)
    const exported = await call(
      'admin',
      'GET',
      api('/interfaces?exportType=DATA&fileType=CSV&interfaceCode=SECRET_KEEP'),
    )
    expect(exported.body).not.toContain('pw-1')
  })
})

describe('inbound gateway', () => {
  beforeAll(async () => {
    await create('client-roles', {
      roleCode: 'ORDERS_ONLY',
      roleName: 'Orders',
      allowedInterfaces: 'T_LOCAL.ORDER_PUSH',
    })
    await create('applications', {
      applicationCode: 'SHOP',
      applicationName: 'Shop',
      applicationType: 'ECOMMERCE',
    })
    await create('clients', {
      clientCode: 'shop-client',
      clientName: 'Shop',
      applicationCode: 'SHOP',
      authType: 'BASIC',
      clientSecret: 'cs-1',
      roleCode: 'ORDERS_ONLY',
    })
  })
  it('authenticates the client, proxies the call with the outbound auth and logs it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/hitf/v1/rest/invoke/TEST/T_LOCAL/ORDER_PUSH?x=1',
      headers: { authorization: basic('shop-client', 'cs-1'), 'content-type': 'application/json' },
      payload: { order: 7 },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ ok: true, echo: { order: 7 } })
    const received = seen.at(-1)!
    expect(received.url).toBe('/orders?x=1')
    expect(received.headers.authorization).toBe('Bearer s3cr3t-token')
    expect(await lastLog('&direction=INBOUND')).toMatchObject({
      direction: 'INBOUND',
      applicationCode: 'SHOP',
      clientCode: 'shop-client',
      responseStatus: 200,
      resultStatus: 'SUCCESS',
    })
  })

  it('refuses a wrong secret (401) and an interface the role does not allow (403), both logged', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/hitf/v1/rest/invoke/TEST/T_LOCAL/ORDER_PUSH',
      headers: { authorization: basic('shop-client', 'nope') },
      payload: {},
    })
    expect(bad.statusCode).toBe(401)
    expect(await lastLog('&direction=INBOUND')).toMatchObject({ responseStatus: 401, resultStatus: 'FAILED' })
    await call('admin', 'PUT', api('/interfaces'), {
      ...(await call('admin', 'GET', api('/interfaces?interfaceCode=BASIC_GET'))).json().content[0],
      publishedFlag: 1,
    })
    const denied = await app.inject({
      method: 'GET',
      url: '/api/hitf/v1/rest/invoke/TEST/T_LOCAL/BASIC_GET',
      headers: { authorization: basic('shop-client', 'cs-1') },
    })
    expect(denied.statusCode).toBe(403)
    const none = await app.inject({ method: 'GET', url: '/api/hitf/v1/rest/invoke/TEST/T_LOCAL/ORDER_PUSH' })
    expect(none.statusCode).toBe(401)
  })

  it('client secrets are stored hashed and read back masked', async () => {
    const list = await call('admin', 'GET', api('/clients?clientCode=shop-client'))
    expect(list.json().content[0].clientSecret).toBe('******')
  })
})

describe('mapping history', () => {
  it('keeps a version with before/after on every change', async () => {
    const saved = await call('admin', 'POST', api('/field-mappings/with-lines'), {
      header: { mappingCode: 'ORDER_MAP', mappingName: 'Order map' },
      lines: [
        {
          key: 'lines',
          resource: 'field-mapping-lines',
          parentField: 'mappingId',
          rows: [
            {
              _status: 'create',
              lineNum: 1,
              sourcePath: 'order',
              targetPath: 'data.no',
              transformType: 'STRING',
            },
          ],
        },
      ],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const header = saved.json().header as Record<string, unknown>
    const versions1 = (
      await call('admin', 'GET', api(`/field-mapping-histories?mappingId=${String(header.mappingId)}`))
    ).json()
    expect(versions1.content.every((row: { versionNumber: number }) => row.versionNumber === 1)).toBe(true)
    await call('admin', 'PUT', api('/field-mappings'), { ...header, mappingName: 'Order map v2' })
    const history = (
      await call(
        'admin',
        'GET',
        api(`/field-mapping-histories?mappingId=${String(header.mappingId)}&versionNumber=2`),
      )
    ).json()
    expect(history.content).toHaveLength(1)
    expect(JSON.parse(history.content[0].beforeValue).mapping_name).toBe('Order map')
    expect(JSON.parse(history.content[0].afterValue).mapping_name).toBe('Order map v2')
    const diff = (
      await call('admin', 'GET', api(`/field-mapping-versions/${String(header.mappingId)}/2`))
    ).json()
    expect(diff.content).toEqual([
      expect.objectContaining({
        fieldName: 'mappingName',
        beforeValue: 'Order map',
        afterValue: 'Order map v2',
      }),
    ])
  })

  it('runs a debug case through the mapping', async () => {
    const debug = await create('mapping-debugs', {
      caseName: 'c',
      mappingCode: 'ORDER_MAP',
      inputJson: '{"order": 42}',
    })
    const run = await call('admin', 'POST', api(`/mapping-debugs/${String(debug.debugId)}/run`), debug)
    expect(run.statusCode, run.body).toBe(200)
    expect(run.json().output).toEqual({ data: { no: '42' } })
  })
})

describe('statistics and charges from the logs', () => {
  it('aggregates calls per interface and prices the calls of a purchase', async () => {
    const stats = (
      await call('admin', 'GET', api('/interface-logs/aggregate?groupBy=interfaceCode'))
    ).json() as Array<{ key: string; value: number }>
    expect(stats.find((row) => row.key === 'ORDER_PUSH')!.value).toBeGreaterThanOrEqual(2)
    for (let i = 0; i < 3; i++) {
      const ok = await app.inject({
        method: 'POST',
        url: '/api/hitf/v1/rest/invoke/TEST/T_LOCAL/ORDER_PUSH',
        headers: { authorization: basic('shop-client', 'cs-1') },
        payload: { i },
      })
      expect(ok.statusCode).toBe(200)
    }
    await create('charge-sets', {
      setCode: 'PER_CALL_1',
      setName: 'Per call',
      chargeMethod: 'PER_CALL',
      currencyCode: 'CNY',
      unitPrice: 0.5,
      freeCalls: 1,
    })
    const group = await call('admin', 'POST', api('/charge-groups/with-lines'), {
      header: {
        groupCode: 'BASIC_PLAN',
        groupName: 'Basic plan',
        statusCode: 'PUBLISHED',
        defaultSetCode: 'PER_CALL_1',
      },
      lines: [
        {
          key: 'servers',
          resource: 'charge-group-servers',
          parentField: 'groupHeaderId',
          rows: [{ _status: 'create', serverCode: 'T_LOCAL' }],
        },
      ],
    })
    expect(group.statusCode, group.body).toBe(200)
    const today = new Date().toISOString().slice(0, 10)
    const purchase = await create('user-purchases', {
      applicationCode: 'SHOP',
      groupCode: 'BASIC_PLAN',
      startDate: '2020-01-01',
      endDate: '2099-12-31',
      statusCode: 'ACTIVE',
    })
    const bill = await call(
      'admin',
      'POST',
      api(`/user-purchases/${String(purchase.purchaseId)}/bill`),
      purchase,
    )
    expect(bill.statusCode, bill.body).toBe(200)
    // SHOP made 5 inbound calls: 4 succeeded (1 earlier + 3), 1 was refused (403, not charged); 1 free: 3 × 0.5
    expect(bill.json()).toMatchObject({ callCount: 5, billableCount: 3, amount: 1.5 })
    const stored = (await call('admin', 'GET', api(`/user-purchases/${String(purchase.purchaseId)}`))).json()
    expect(Number(stored.chargeAmount)).toBe(1.5)
    const report = (await call('admin', 'GET', api(`/charge-report?from=${today}&to=${today}`))).json()
    expect(
      report.content.find((row: { applicationCode: string }) => row.applicationCode === 'SHOP'),
    ).toMatchObject({ amount: 1.5 })
  })
})

describe('fresh install', () => {
  it('keeps seeded secrets in the vault and a first version of seeded mappings', async () => {
    const iface = (
      await call('admin', 'GET', api('/interfaces?interfaceCode=ORDER_PUSH&serverCode=ERP_SAP'))
    ).json().content[0]
    expect(iface.authPassword).toBe('******')
    const client = (await call('admin', 'GET', api('/clients?clientCode=shop-mall'))).json().content[0]
    expect(client.clientSecret).toBe('******')
    const mapping = (await call('admin', 'GET', api('/field-mappings?mappingCode=STOCK_REQ'))).json()
      .content[0]
    const diff = await call('admin', 'GET', api(`/field-mapping-versions/${String(mapping.mappingId)}/1`))
    expect(diff.statusCode, diff.body).toBe(200)
    expect(
      diff
        .json()
        .content.some(
          (row: { fieldName: string; afterValue: string }) =>
            row.fieldName === 'sourcePath' && row.afterValue === 'wh',
        ),
    ).toBe(true)
    const purchase = (await call('admin', 'GET', api('/user-purchases?applicationCode=SHOP_MALL'))).json()
      .content[0]
    expect(purchase.purchaseNum).toMatch(/^PUR\d{8}\d{5}$/)
  })

  it('answers the seeded mock interface through the gateway with the request mapped', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/hitf/v1/rest/invoke/DEFAULT/WMS_OPEN/STOCK_QUERY',
      headers: { authorization: basic('shop-mall', 'ShopMall@2026'), 'content-type': 'application/json' },
      payload: { wh: 'EAST', sku: 'sku-1001' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ onHand: 120 })
    const log = await lastLog('&direction=INBOUND')
    expect(JSON.parse(String(log.requestBody))).toEqual({ warehouseCode: 'WH-E001', itemCode: 'SKU-1001' })
  })

  it('refuses a gateway call when the inbound gateway is switched off', async () => {
    const setting = (await call('admin', 'GET', api('/system-configs?configCode=INBOUND_ENABLED'))).json()
      .content[0]
    await call('admin', 'PUT', api('/system-configs'), { ...setting, configValue: '0' })
    const response = await app.inject({
      method: 'POST',
      url: '/api/hitf/v1/rest/invoke/DEFAULT/WMS_OPEN/STOCK_QUERY',
      headers: { authorization: basic('shop-mall', 'ShopMall@2026') },
      payload: {},
    })
    expect(response.statusCode).toBe(503)
    const current = (await call('admin', 'GET', api('/system-configs?configCode=INBOUND_ENABLED'))).json()
      .content[0]
    await call('admin', 'PUT', api('/system-configs'), { ...current, configValue: '1' })
  })
})
