import { notification } from 'antd'
import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../renderer/env'
import { createI18n } from '../locales/i18n'
import type { BrowserLocation } from '../session/login'
import { envelope, fakeServer, type FakeHandler } from '../test-support/fake-adapter'
import { createHttpClient } from './http-client'
import { createNotifier } from './notifier'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function setup(handler: FakeHandler, options: { language?: 'en_US' | 'zh_CN'; menuId?: number } = {}) {
  const i18n = createI18n(options.language ?? 'en_US')
  const t = (key: string, vars?: Record<string, string | number>) => i18n.t(key, vars)
  const server = fakeServer(handler)
  const visited: string[] = []
  const navigated: string[] = []
  const browser: BrowserLocation = {
    assign: (url) => void visited.push(url),
    reload: () => {},
    href: () => 'http://wms.test/wmdm/warehouse',
  }
  const http = createHttpClient({
    getAccessToken: () => document.cookie.match(/access_token=([^;]+)/)?.[1],
    getMenuId: () => options.menuId,
    getNotifier: () => createNotifier(notification, t),
    t,
    browser,
    navigate: (to) => void navigated.push(to),
    adapter: server.adapter,
  })
  return { http, sent: server.sent, visited, navigated }
}

const getWarehouses = { method: 'GET', service: 'wms', path: '/v1/1/warehouses' } as const

beforeEach(() => {
  document.cookie = 'access_token=tok-1; path=/'
})
afterEach(() => {
  notification.destroy()
  document.cookie = 'access_token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT'
})

describe('what every call sends (CORE-API-01..05)', () => {
  it('sends the bearer token, a fresh request id, the menu id and the service prefix', async () => {
    const { http, sent } = setup(() => ({ status: 200, body: [] }), { menuId: 42 })
    await http.request(getWarehouses)
    await http.request({ ...getWarehouses, path: '/v1/1/warehouses/7' }, { menuId: 7 })
    expect(sent.map((r) => r.url)).toEqual(['/api/wms/v1/1/warehouses', '/api/wms/v1/1/warehouses/7'])
    expect(sent[0]?.headers.Authorization).toBe('bearer tok-1')
    expect(sent[0]?.headers['H-Request-Id']).toMatch(UUID)
    expect(sent[1]?.headers['H-Request-Id']).toMatch(UUID)
    expect(sent[0]?.headers['H-Request-Id']).not.toBe(sent[1]?.headers['H-Request-Id'])
    expect(sent[0]?.headers['H-Menu-Id']).toBe('42')
    expect(sent[1]?.headers['H-Menu-Id']).toBe('7')
  })

  it('sends no Authorization header and no menu id when there is neither', async () => {
    document.cookie = 'access_token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT'
    const { http, sent } = setup(() => ({ status: 200, body: {} }))
    await http.request({ method: 'GET', service: 'hpfm', path: '/v1/pub/lovs/value/batch' })
    expect(sent[0]?.headers.Authorization).toBeUndefined()
    expect(sent[0]?.headers['H-Menu-Id']).toBeUndefined()
    expect(sent[0]?.headers['H-Request-Id']).toMatch(UUID)
  })

  it('strips null, undefined and empty GET parameters but keeps 0 and false', async () => {
    const { http, sent } = setup(() => ({ status: 200, body: [] }))
    await http.request({
      ...getWarehouses,
      params: {
        warehouseCode: '',
        warehouseName: null,
        warehouseType: undefined,
        page: 0,
        enabledFlag: false,
        size: 10,
      },
    })
    expect(sent[0]?.url).toBe('/api/wms/v1/1/warehouses?page=0&enabledFlag=false&size=10')
  })

  it('sends JSON bodies as application/json;charset=UTF-8', async () => {
    const { http, sent } = setup(() => ({ status: 200, body: { warehouseId: 1 } }))
    await http.request({
      method: 'POST',
      service: 'wms',
      path: '/v1/1/warehouses',
      data: { warehouseCode: 'W1' },
    })
    expect(sent[0]?.headers['Content-Type']).toBe('application/json;charset=UTF-8')
    expect(sent[0]?.body).toEqual({ warehouseCode: 'W1' })
  })

  it('resolves a 204 without a body', async () => {
    const { http } = setup(() => ({ status: 204 }))
    await expect(
      http.request({ method: 'DELETE', service: 'wms', path: '/v1/1/warehouses' }),
    ).resolves.toBeUndefined()
  })
})

describe('failures the user is told about (CORE-ERR, PLAT-ERR)', () => {
  it('treats failed: true as an error even with HTTP 200 and shows its message', async () => {
    const { http } = setup(() => ({
      status: 200,
      body: envelope('Warehouse code W1 already exists', 'error.duplicate'),
    }))
    const error = await http.request(getWarehouses).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).code).toBe('error.duplicate')
    expect(await screen.findByText('Warehouse code W1 already exists')).toBeInTheDocument()
    expect(screen.getByText('operation failed')).toBeInTheDocument()
  })

  it('shows a warning envelope as a warning', async () => {
    const { http } = setup(() => ({
      status: 409,
      body: envelope('The record changed meanwhile; reload it.', 'error.stale', 'warn'),
    }))
    await expect(http.request(getWarehouses)).rejects.toThrow('The record changed meanwhile; reload it.')
    const text = await screen.findByText('The record changed meanwhile; reload it.')
    expect(text.closest('.ant-notification-notice-warning')).not.toBeNull()
  })

  it('says "no permission" on 403', async () => {
    const { http } = setup(() => ({
      status: 403,
      body: envelope('Permission wmdm.warehouse.button.delete is required'),
    }))
    await expect(http.request(getWarehouses)).rejects.toMatchObject({ status: 403 })
    expect(await screen.findByText(/no permission, contact the system administrator/)).toBeInTheDocument()
    expect(screen.getByText(/Permission wmdm.warehouse.button.delete is required/)).toBeInTheDocument()
  })

  it('shows detailsMessage of other HTTP errors', async () => {
    const { http } = setup(() => ({ status: 500, body: { detailsMessage: 'Database is read-only' } }))
    await expect(http.request(getWarehouses)).rejects.toMatchObject({ status: 500 })
    expect(await screen.findByText('Database is read-only')).toBeInTheDocument()
  })

  it('says the server cannot be reached when it is down, in the user language', async () => {
    const en = setup(() => 'network-down')
    await expect(en.http.request(getWarehouses)).rejects.toMatchObject({ code: 'error.network' })
    expect(
      await screen.findByText('The server cannot be reached. Check your network connection and try again.'),
    ).toBeInTheDocument()
    const zh = setup(() => ({ status: 502 }), { language: 'zh_CN' })
    await expect(zh.http.request(getWarehouses)).rejects.toMatchObject({ code: 'error.network' })
    expect(await screen.findByText('无法连接服务器，请检查网络后重试')).toBeInTheDocument()
    expect(screen.getByText('操作失败')).toBeInTheDocument()
  })

  it("shows the server's own reason on a 503 that carries the error envelope (its database is lost)", async () => {
    const { http } = setup(() => ({
      status: 503,
      body: envelope('The database is not reachable: the server retries; try again in a moment.'),
    }))
    await expect(http.request(getWarehouses)).rejects.toMatchObject({ status: 503 })
    expect(
      await screen.findByText('The database is not reachable: the server retries; try again in a moment.'),
    ).toBeInTheDocument()
  })

  it('stays quiet for silent calls but still rejects', async () => {
    const { http } = setup(() => ({ status: 400, body: envelope('Bad filter') }))
    await expect(http.request({ ...getWarehouses, silent: true })).rejects.toThrow('Bad filter')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Bad filter')).toBeNull()
  })

  it('goes to /exception/501 on 501', async () => {
    const { http, navigated } = setup(() => ({ status: 501, body: envelope('Not implemented') }))
    await expect(http.request(getWarehouses)).rejects.toMatchObject({ status: 501 })
    expect(navigated).toEqual(['/exception/501'])
  })
})

describe('401: the kickoff check decides where to go (CORE-SES-06..09)', () => {
  const unauthorizedThen =
    (kickoff: FakeHandler): FakeHandler =>
    (req) =>
      req.url.startsWith('/api/oauth/public/token/kickoff')
        ? kickoff(req)
        : { status: 401, body: envelope('Token expired', 'error.unauthorized') }

  it('asks the login service with the current token, then kickoff 1 → /public/kickoff', async () => {
    const { http, sent, visited } = setup(unauthorizedThen(() => ({ status: 200, body: { kickoff: 1 } })))
    await expect(http.request(getWarehouses)).rejects.toMatchObject({ status: 401 })
    expect(sent[1]).toMatchObject({
      method: 'POST',
      url: '/api/oauth/public/token/kickoff?access_token=tok-1',
    })
    expect(visited).toEqual(['/public/kickoff'])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Token expired')).toBeNull()
  })

  it('kickoff 0 → /public/unauthorized, once for several failing calls', async () => {
    const { http, sent, visited } = setup(unauthorizedThen(() => ({ status: 200, body: { kickoff: 0 } })))
    await Promise.allSettled([http.request(getWarehouses), http.request(getWarehouses)])
    expect(sent.filter((r) => r.url.includes('kickoff'))).toHaveLength(1)
    expect(visited).toEqual(['/public/unauthorized'])
  })

  it('a failing kickoff call → the login address', async () => {
    const { http, visited } = setup(unauthorizedThen(() => 'network-down'))
    await expect(http.request(getWarehouses)).rejects.toMatchObject({ status: 401 })
    expect(visited).toHaveLength(1)
    const login = new URL(visited[0] ?? '', 'http://wms.test')
    expect(login.pathname).toBe('/api/oauth/oauth/authorize')
    expect(login.searchParams.get('redirect_uri')).toBe('http://wms.test/wmdm/warehouse')
  })
})
