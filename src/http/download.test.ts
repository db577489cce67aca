import { notification } from 'antd'
import { afterEach, describe, expect, it } from 'vitest'
import type { DownloadResult } from '../../renderer/env'
import { createI18n } from '../locales/i18n'
import { envelope, fakeServer, type FakeHandler } from '../test-support/fake-adapter'
import { createHttpClient } from './http-client'
import { createNotifier } from './notifier'

function client(handler: FakeHandler) {
  const i18n = createI18n('en_US')
  const t = (key: string, vars?: Record<string, string | number>) => i18n.t(key, vars)
  const server = fakeServer(handler)
  const http = createHttpClient({
    getAccessToken: () => 'tok',
    getMenuId: () => undefined,
    getNotifier: () => createNotifier(notification, t),
    t,
    browser: { assign: () => undefined, reload: () => undefined, href: () => 'http://wms.test/' },
    adapter: server.adapter,
  })
  return { http, sent: server.sent }
}

const exportCall = {
  method: 'GET',
  service: 'wms',
  path: '/v1/1/warehouses',
  params: { exportType: 'DATA', ids: '2,3', async: false },
  responseType: 'download',
  silent: true,
} as const

afterEach(() => notification.destroy())

describe("responseType 'download' (CORE-EXP-11, wire Export)", () => {
  it('answers the file and its name from Content-Disposition', async () => {
    const xlsx = new Blob(['PK...'], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    })
    const { http, sent } = client(() => ({
      status: 200,
      body: xlsx,
      headers: {
        'content-disposition': `attachment; filename="__.xlsx"; filename*=UTF-8''%E4%BB%93%E5%BA%93.xlsx`,
      },
    }))
    const result = await http.request<DownloadResult>(exportCall)
    expect(result).toEqual({ kind: 'file', blob: xlsx, fileName: '仓库.xlsx' })
    expect(sent[0]?.url).toBe('/api/wms/v1/1/warehouses?exportType=DATA&ids=2,3&async=false')
  })

  it('reads a body without a file name as JSON (an async uuid)', async () => {
    const { http } = client(() => ({
      status: 200,
      body: new Blob(['{"uuid":"6f1c"}'], { type: 'application/json' }),
    }))
    await expect(http.request(exportCall)).resolves.toEqual({ kind: 'json', body: { uuid: '6f1c' } })
  })

  it('rejects with the envelope message when the blob is an error envelope', async () => {
    const { http } = client(() => ({
      status: 400,
      body: new Blob([JSON.stringify(envelope('Choose at least one column to export'))], {
        type: 'application/json',
      }),
    }))
    await expect(http.request(exportCall)).rejects.toThrow('Choose at least one column to export')
  })
})
