import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

/** A self-signed certificate (CN=Test CA, O=WMS), valid ten years from 2026-11. */
const PEM =
  '-----BEGIN CERTIFICATE-----\nMIICHDCCAYWgAwIBAgIUFhd7k2AObtdgxygoCcUbaEBzY5EwDQYJKoZIhvcNAQEL\nBQAwIDEQMA4GA1UEAwwHVGVzdCBDQTEMMAoGA1UECgwDV01TMB4XDTI2MTEyMTA5\nNTIzNloXDTM2MTExODA5NTIzNlowIDEQMA4GA1UEAwwHVGVzdCBDQTEMMAoGA1UE\nCgwDV01TMIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC6lIoiIct7R3Bj51Nu\nqoW7cyzqzH4YOkl7DoiF/L8i6tcznPsnjYIHobNtwj7w+fMKa+qN4Z6m3QcvMDR8\n8zCZsHpEA8hc6D5Y1qlHmLQ0p8EuQfSvcxDZJcWWKYm6mP8s5ZZm8sKAx9yembWz\nVT9k57JhVKVrq9yty1SuEOPVeQIDAQABo1MwUTAdBgNVHQ4EFgQU2+vZBn9B2QJd\nJa0DmEY7Q7POaH0wHwYDVR0jBBgwFoAU2+vZBn9B2QJdJa0DmEY7Q7POaH0wDwYD\nVR0TAQH/BAUwAwEB/zANBgkqhkiG9w0BAQsFAAOBgQBo0ZE5ddGXQbzJ7dGpxJYm\n51mDK7kUfbAnffuNnvpRSV7dq//qA4PmG99rBV5K9Ngh4Duieclx/H22BTCIMxrt\n4NelC+l8YzMcLsQjkGhlxpcwQWkdwfj0M5ep/svSme7ATlYmz2OCD7VS4BFBgGYi\neiiO9ZhN8jFsN8TYuTagLA==\n-----END CERTIFICATE-----\n'

let app: FastifyInstance
let admin: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

const post = (url: string, body: unknown = {}) => injectAs(app, admin, 'POST', url, body)
const get = (url: string) => injectAs(app, admin, 'GET', url)

describe('events', () => {
  it('raising an event runs its rules: a NOTICE reaches the users of the role, a dead HTTP address fails', async () => {
    const event = await post('/api/hpfm/v1/1/events', { eventCode: 'TEST.SHIPPED', eventName: 'Shipped' })
    expect(event.statusCode).toBe(201)
    const { eventId } = event.json()
    await post('/api/hpfm/v1/1/event-rules', {
      eventId,
      ruleName: 'Tell clerks',
      callType: 'NOTICE',
      target: 'wh-clerk',
      messageTemplate: 'Order shipped',
      orderSeq: 10,
    })
    await post('/api/hpfm/v1/1/event-rules', {
      eventId,
      ruleName: 'Call ERP',
      callType: 'HTTP',
      target: 'http://127.0.0.1:1/hook',
      orderSeq: 20,
    })
    const clerk = await signIn(app, 'clerk', 'Clerk@123')
    const before = (await injectAs(app, clerk, 'GET', '/api/hmsg/v1/1/messages/user/count')).json()
      .unreadMessageCount
    const raised = await post('/api/hpfm/v1/1/event-raises/TEST.SHIPPED', { payload: { orderNum: 'X1' } })
    expect(raised.statusCode).toBe(200)
    expect(raised.json().outcomes).toEqual([
      expect.objectContaining({ ruleName: 'Tell clerks', ok: true }),
      expect.objectContaining({ ruleName: 'Call ERP', ok: false }),
    ])
    const after = (await injectAs(app, clerk, 'GET', '/api/hmsg/v1/1/messages/user/count')).json()
      .unreadMessageCount
    expect(after).toBe(before + 1)
    const flow = (await get(`/api/hpfm/v1/1/event-flows/${eventId}`)).json()
    expect(flow.content.map((s: { step: number; callType: string }) => [s.step, s.callType])).toEqual([
      [1, 'NOTICE'],
      [2, 'HTTP'],
    ])
    expect((await get(`/api/hpfm/v1/1/events/${eventId}`)).json().lastRaiseResult).toContain(
      'Tell clerks: OK',
    )
    expect((await post('/api/hpfm/v1/1/event-raises/NO.SUCH')).statusCode).toBe(404)
  })
})

describe('CA certificates and servers', () => {
  it('parses a certificate from its PEM, and marks garbage INVALID', async () => {
    const cert = await post('/api/hpfm/v1/1/ca-certificates', {
      certificateCode: 'TEST_CA',
      certificateName: 'Test CA',
      pemText: PEM,
    })
    expect(cert.statusCode).toBe(201)
    const parsed = await post(`/api/hpfm/v1/1/ca-certificate-parses/${cert.json().certificateId}`)
    expect(parsed.json()).toMatchObject({ status: 'VALID' })
    expect(parsed.json().subject).toContain('CN=Test CA')
    const bad = await post('/api/hpfm/v1/1/ca-certificates', {
      certificateCode: 'BAD',
      certificateName: 'Bad',
      pemText: 'hello',
    })
    expect(
      (await post(`/api/hpfm/v1/1/ca-certificate-parses/${bad.json().certificateId}`)).json().status,
    ).toBe('INVALID')
  })

  it('a server test opens a real TCP connection and records the refusal', async () => {
    const server = await post('/api/hpfm/v1/1/server-defines', {
      serverCode: 'SFTP1',
      serverName: 'Nowhere',
      protocol: 'SFTP',
      host: '127.0.0.1',
      port: 1,
    })
    expect(server.statusCode).toBe(201)
    const test = await post(`/api/hpfm/v1/1/server-define-tests/${server.json().serverId}`)
    expect(test.json()).toMatchObject({ connectionStatus: 'FAILED' })
    expect(test.json().message).toContain('ECONNREFUSED')
  })
})

describe('data hierarchies and UI customisation', () => {
  it('a new warehouse value under an inventory organisation is offered by the header switcher', async () => {
    const values = (await get('/api/hpfm/v1/1/data-hierarchy-values?dataHierarchyCode=INV_ORG')).json()
      .content
    const org = values[0].value as string
    const orphan = await post('/api/hpfm/v1/1/data-hierarchy-values', {
      dataHierarchyCode: 'WAREHOUSE',
      value: 'WH-NEW',
      meaningEnUs: 'New',
    })
    expect(orphan.statusCode).toBe(400)
    const created = await post('/api/hpfm/v1/1/data-hierarchy-values', {
      dataHierarchyCode: 'WAREHOUSE',
      value: 'WH-NEW',
      meaningZhCn: '新仓',
      meaningEnUs: 'New warehouse',
      parentValue: org,
    })
    expect(created.statusCode, created.body).toBe(201)
    const offered = (
      await get(
        `/api/hpfm/v1/1/data-hierarchies/switch/value/details?dataHierarchyCode=WAREHOUSE&parentValue=${org}`,
      )
    ).json()
    expect(offered.map((v: { value: string }) => v.value)).toContain('WH-NEW')
    const inUse = await injectAs(app, admin, 'DELETE', '/api/hpfm/v1/1/data-hierarchy-values', {
      id: values[0].id,
    })
    expect(inUse.statusCode).toBe(409)
  })

  it("the tenant's default columns of a table are what a user without own settings gets", async () => {
    const units = (await get('/api/hpfm/v1/1/ui-customize/units?route=/wmdm/warehouse')).json().content
    expect(units[0]).toMatchObject({ unitCode: 'wmdm.warehouse.table', configuredFlag: 0 })
    const columns = JSON.stringify([
      { field: 'warehouseName', visible: true, defaultVisible: true, width: 300 },
    ])
    const bad = await post('/api/hpfm/v1/1/ui-customize/configs', {
      cuszCode: 'wmdm.warehouse.table',
      cuszInfo: '[{}]',
    })
    expect(bad.statusCode).toBe(400)
    const saved = await post('/api/hpfm/v1/1/ui-customize/configs', {
      cuszCode: 'wmdm.warehouse.table',
      cuszInfo: columns,
    })
    expect(saved.statusCode, saved.body).toBe(201)
    const clerk = await signIn(app, 'clerk', 'Clerk@123')
    const detail = await injectAs(
      app,
      clerk,
      'GET',
      '/api/hpfm/v1/1/cusz-infos/detail?userId=3&cuszCode=wmdm.warehouse.table',
    )
    expect(detail.json().cuszInfo).toBe(columns)
    // Saving from the default creates the clerk's own settings; the default stays.
    const own = await injectAs(app, clerk, 'POST', '/api/hpfm/v1/1/cusz-infos/singleSave', {
      userId: 3,
      cuszCode: 'wmdm.warehouse.table',
      id: detail.json().id,
      objectVersionNumber: detail.json().objectVersionNumber,
      cuszInfo: JSON.stringify([{ field: 'warehouseCode', visible: true, defaultVisible: true }]),
    })
    expect(own.statusCode, own.body).toBe(200)
    expect(own.json().id).not.toBe(detail.json().id)
    expect((await get('/api/hpfm/v1/1/ui-customize/configs')).json().content[0].cuszInfo).toBe(columns)
    const found = (await get('/api/hpfm/v1/1/ui-customize/models?modelKey=warehouse')).json().content
    expect(found.map((row: { modelKey: string }) => row.modelKey)).toContain('wms/warehouse')
  })
})
