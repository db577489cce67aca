import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { HttpRequest, RendererEnv } from '../env'
import { createLookupLoader } from './lookups'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function fakeEnv() {
  const calls: HttpRequest[] = []
  const user = { tenantId: 1, roleLevel: 'organization', language: 'zh_CN' }
  const env = {
    user,
    request: async (request: HttpRequest) => {
      calls.push(request)
      return Object.fromEntries(
        Object.keys(request.params ?? {}).map((code) => [code, [{ value: 'A', meaning: `${code} ${user.language}` }]]),
      )
    },
  } as unknown as RendererEnv
  return { env, calls, user }
}

test('codes asked for in one tick go out in ONE batch call; answers are cached per language', async () => {
  const { env, calls, user } = fakeEnv()
  const loader = createLookupLoader(env)
  const both = Promise.all([loader.load('WMDM.WAREHOUSE_TYPE'), loader.load('HPFM.ENABLED_FLAG')])
  await vi.runAllTimersAsync()
  const [types, flags] = await both
  expect(calls).toHaveLength(1)
  expect(calls[0]).toMatchObject({ method: 'GET', service: 'hpfm', path: '/v1/1/lovs/value/batch' })
  expect(calls[0]?.params).toEqual({ 'WMDM.WAREHOUSE_TYPE': 'WMDM.WAREHOUSE_TYPE', 'HPFM.ENABLED_FLAG': 'HPFM.ENABLED_FLAG' })
  expect(types[0]?.meaning).toBe('WMDM.WAREHOUSE_TYPE zh_CN')
  expect(flags[0]?.meaning).toBe('HPFM.ENABLED_FLAG zh_CN')

  await loader.load('WMDM.WAREHOUSE_TYPE')
  expect(calls).toHaveLength(1)
  user.language = 'en_US'
  const english = loader.load('WMDM.WAREHOUSE_TYPE')
  await vi.runAllTimersAsync()
  expect((await english)[0]?.meaning).toBe('WMDM.WAREHOUSE_TYPE en_US')
  expect(calls).toHaveLength(2)
})
