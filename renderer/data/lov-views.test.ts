import { expect, test } from 'vitest'
import type { LovView } from '../contract/lov-view'
import { ApiError, type HttpRequest, type RendererEnv } from '../env'
import { createLovViewLoader } from './lov-views'

function fakeEnv(fail = false) {
  const calls: HttpRequest[] = []
  const user = { tenantId: 1, roleLevel: 'organization', language: 'zh_CN' }
  const env = {
    user,
    request: async (request: HttpRequest) => {
      calls.push(request)
      if (fail) throw new ApiError('boom', 500, 'error.server')
      return { viewCode: request.params?.viewCode, title: `${user.language}` } as unknown as LovView
    },
  } as unknown as RendererEnv
  return { env, calls, user }
}

test('a view is fetched once per session, silently; a tenant or language switch reads it again', async () => {
  const { env, calls, user } = fakeEnv()
  const loader = createLovViewLoader(env)
  const [a, b] = await Promise.all([loader.load('WMDM.WAREHOUSE'), loader.load('WMDM.WAREHOUSE')])
  await loader.load('WMDM.WAREHOUSE')
  expect(a).toBe(b)
  expect(calls).toHaveLength(1)
  expect(calls[0]).toMatchObject({
    method: 'GET',
    service: 'hpfm',
    path: '/v1/1/lov-view/info',
    params: { viewCode: 'WMDM.WAREHOUSE' },
    silent: true,
  })
  expect(loader.cached('WMDM.WAREHOUSE')?.title).toBe('zh_CN')
  user.language = 'en_US'
  expect(loader.cached('WMDM.WAREHOUSE')).toBeUndefined()
  expect((await loader.load('WMDM.WAREHOUSE')).title).toBe('en_US')
  user.tenantId = 2
  await loader.load('WMDM.WAREHOUSE')
  expect(calls.map((c) => c.path)).toEqual(['/v1/1/lov-view/info', '/v1/1/lov-view/info', '/v1/2/lov-view/info'])
})

test('a failed fetch is forgotten, so the next open tries again (CORE-LOV-14)', async () => {
  const { env, calls } = fakeEnv(true)
  const loader = createLovViewLoader(env)
  await expect(loader.load('HIAM.USER')).rejects.toThrow('boom')
  await expect(loader.load('HIAM.USER')).rejects.toThrow('boom')
  expect(calls).toHaveLength(2)
})
