import { expect, test, vi } from 'vitest'
import type { RendererEnv } from '../env'
import { onConfigChanged, watchConfigWrites } from './config-changes'

const env = (answer: unknown) =>
  ({ request: vi.fn(async () => answer), user: {} }) as unknown as RendererEnv

test('a successful write to a value-list, Lov view or prompt path is announced; reads and other paths are not', async () => {
  const heard: string[] = []
  const stop = onConfigChanged((path) => heard.push(path))
  const watched = watchConfigWrites(env({ ok: true }))
  await watched.request({ method: 'POST', service: 'hpfm', path: '/v1/1/value-lists/A/values', data: {} })
  await watched.request({ method: 'GET', service: 'hpfm', path: '/v1/1/value-lists' })
  await watched.request({ method: 'PUT', service: 'hpfm', path: '/v1/1/prompts', data: {} })
  await watched.request({ method: 'PUT', service: 'wms', path: '/v1/1/warehouses', data: {} })
  stop()
  await watched.request({ method: 'DELETE', service: 'hpfm', path: '/v1/1/lov-views', data: {} })
  expect(heard).toEqual(['/v1/1/value-lists/A/values', '/v1/1/prompts'])
})

test('a failed write is not announced', async () => {
  const heard: string[] = []
  const stop = onConfigChanged((path) => heard.push(path))
  const failing = { request: vi.fn(async () => Promise.reject(new Error('400'))), user: {} } as unknown as RendererEnv
  await expect(
    watchConfigWrites(failing).request({ method: 'POST', service: 'hpfm', path: '/v1/1/prompts', data: {} }),
  ).rejects.toThrow('400')
  stop()
  expect(heard).toEqual([])
})
