/**
 * The story environment is the app's own env and HTTP client with only the network replaced: these check that
 * fixtures travel the wire path (query string, headers, envelopes, downloads) and that failures come back as the
 * real client makes them.
 */
import { describe, expect, it } from 'vitest'
import { ApiError, type DownloadResult } from '../../renderer/index'
import { createFakeEnv, NetworkDown } from './fake-env'

describe('story env over the real HTTP client', () => {
  it('sends the call as the app does: service prefix, query without empty params, bearer, request id, menu id', async () => {
    const env = createFakeEnv({
      menuId: 42,
      handlers: { 'GET wms /v1/1/warehouses': (request) => ({ seen: request.params }) },
    })
    const body = await env.request({
      method: 'GET',
      service: 'wms',
      path: '/v1/1/warehouses',
      params: { page: 0, warehouseCode: '', remark: null },
    })
    expect(body).toEqual({ seen: { page: 0 } })
    expect(env.sent[0]!.url).toBe('/api/wms/v1/1/warehouses?page=0')
    expect(env.sent[0]!.headers.Authorization).toMatch(/^bearer /)
    expect(env.sent[0]!.headers['H-Request-Id']).toBeTruthy()
    expect(env.sent[0]!.headers['H-Menu-Id']).toBe('42')
    expect(env.calls).toHaveLength(1)
  })

  it('a thrown ApiError answers its envelope: the client rejects with it and notifies unless silent', async () => {
    const env = createFakeEnv({
      handlers: {
        'PUT wms /v1/1/warehouses': () => {
          throw new ApiError('Warehouse code WH-1 already exists', 409, 'error.duplicate', 'error', {
            warehouseCode: 'taken',
          })
        },
      },
    })
    const failed = env.request({ method: 'PUT', service: 'wms', path: '/v1/1/warehouses', data: { a: 1 } })
    await expect(failed).rejects.toMatchObject({
      message: 'Warehouse code WH-1 already exists',
      status: 409,
      code: 'error.duplicate',
      fields: { warehouseCode: 'taken' },
    })
    expect(env.notices).toEqual([{ type: 'error', message: 'Warehouse code WH-1 already exists' }])
    expect(env.sent[0]!.body).toEqual({ a: 1 })
    await expect(
      env.request({ method: 'PUT', service: 'wms', path: '/v1/1/warehouses', silent: true }),
    ).rejects.toBeInstanceOf(ApiError)
    expect(env.notices).toHaveLength(1)
  })

  it('an envelope on status 200 is a failure too; a refused connection is the client’s unreachable message', async () => {
    const env = createFakeEnv({
      handlers: {
        'POST hfle /v1/1/files/multipart': () => {
          throw new ApiError('The file could not be stored: the disk is full', 200, 'error.file.store')
        },
        'GET iam /v1/users/self': () => {
          throw new NetworkDown()
        },
      },
    })
    await expect(
      env.request({ method: 'POST', service: 'hfle', path: '/v1/1/files/multipart' }),
    ).rejects.toMatchObject({
      message: 'The file could not be stored: the disk is full',
      code: 'error.file.store',
    })
    await expect(
      env.request({ method: 'GET', service: 'iam', path: '/v1/users/self' }),
    ).rejects.toMatchObject({
      message: 'The server cannot be reached. Check your network connection and try again.',
      code: 'error.network',
    })
  })

  it('a download answers the file with its name (Content-Disposition) or the JSON of an async export', async () => {
    const env = createFakeEnv({
      handlers: {
        'POST hrpt /v1/1/reports/R/export': () => ({
          kind: 'file',
          blob: new Blob(['rows']),
          fileName: '仓库.xlsx',
        }),
        'GET wms /v1/1/warehouses/export': () => ({ kind: 'json', body: { uuid: 'u-1' } }),
      },
    })
    const file = await env.request<DownloadResult>({
      method: 'POST',
      service: 'hrpt',
      path: '/v1/1/reports/R/export',
      responseType: 'download',
    })
    expect(file.kind === 'file' && file.fileName).toBe('仓库.xlsx')
    const json = await env.request<DownloadResult>({
      method: 'GET',
      service: 'wms',
      path: '/v1/1/warehouses/export',
      responseType: 'download',
    })
    expect(json).toEqual({ kind: 'json', body: { uuid: 'u-1' } })
  })

  it('a call without a fixture is recorded as missing and rejects naming it', async () => {
    const env = createFakeEnv({ handlers: {} })
    await expect(
      env.request({ method: 'GET', service: 'hpfm', path: '/v1/1/lovs/value/batch', silent: true }),
    ).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('GET hpfm /v1/1/lovs/value/batch'),
    })
    expect(env.missing).toEqual(['GET hpfm /v1/1/lovs/value/batch'])
  })
})
