import { expect, test } from 'vitest'
import type { DynamicFormDefinition } from '../contract/dynamic-form'
import { ApiError, type HttpRequest, type RendererEnv } from '../env'
import { createDynamicFormLoader } from './dynamic-forms'

function fakeEnv(fail = false) {
  const calls: HttpRequest[] = []
  const user = { tenantId: 1, roleLevel: 'organization', language: 'en_US' }
  const env = {
    user,
    request: async (request: HttpRequest) => {
      calls.push(request)
      if (fail) throw new ApiError("Dynamic form 'X' does not exist: check the form code", 404, 'error.not_found')
      return { formCode: 'HFLE.STORAGE_EXTRA', lines: [] } as unknown as DynamicFormDefinition
    },
  } as unknown as RendererEnv
  return { env, calls, user }
}

test('a form is read once per session, silently; a tenant switch reads it again', async () => {
  const { env, calls, user } = fakeEnv()
  const loader = createDynamicFormLoader(env)
  const [a, b] = await Promise.all([loader.load('HFLE.STORAGE_EXTRA'), loader.load('HFLE.STORAGE_EXTRA')])
  expect(a).toBe(b)
  expect(calls).toHaveLength(1)
  expect(calls[0]).toMatchObject({ method: 'GET', service: 'hpfm', path: '/v1/1/dynamic-forms/HFLE.STORAGE_EXTRA', silent: true })
  expect(loader.cached('HFLE.STORAGE_EXTRA')).toBe(a)
  user.tenantId = 2
  await loader.load('HFLE.STORAGE_EXTRA')
  expect(calls.map((c) => c.path)).toEqual(['/v1/1/dynamic-forms/HFLE.STORAGE_EXTRA', '/v1/2/dynamic-forms/HFLE.STORAGE_EXTRA'])
  loader.clear()
  expect(loader.cached('HFLE.STORAGE_EXTRA')).toBeUndefined()
})

test('a failed read is forgotten, so the next render tries again', async () => {
  const { env, calls } = fakeEnv(true)
  const loader = createDynamicFormLoader(env)
  await expect(loader.load('X')).rejects.toThrow('does not exist')
  await expect(loader.load('X')).rejects.toThrow('does not exist')
  expect(calls).toHaveLength(2)
})
