import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { PermissionResult } from '../contract/wire'
import type { HttpRequest, RendererEnv } from '../env'
import { createRegistry } from '../registry/registry'
import { RendererProvider } from '../runtime/RendererProvider'
import { Permission } from './Permission'
import { createPermissionChecker } from './permission-checker'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function fakeEnv(answer: (codes: string[]) => PermissionResult[]) {
  const calls: HttpRequest[] = []
  const env = {
    user: {
      userId: 1,
      tenantId: 1,
      roleId: 2,
      roleCode: 'wh-clerk',
      roleLevel: 'organization',
      language: 'en_US',
    },
    request: async (request: HttpRequest) => {
      calls.push(request)
      return answer(request.data as string[])
    },
    t: (_key: string, fallback?: string) => fallback ?? '',
  } as unknown as RendererEnv
  return { env, calls }
}
const answer = (codes: string[]): PermissionResult[] =>
  codes.map((code) => ({
    code,
    approve: code.endsWith('.create') || code.endsWith('.edit'),
    controllerType: code.endsWith('.export') ? 'disabled' : null,
  }))

function Buttons({ codes }: { codes: string[] }) {
  return (
    <>
      {codes.map((code) => (
        <Permission key={code} code={code}>
          {(disabled) => <button disabled={disabled}>{code}</button>}
        </Permission>
      ))}
    </>
  )
}
const registry = createRegistry([])
const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(500)))

test('codes asked for within 500 ms go out in one call; the elements wait hidden until approved', async () => {
  const { env, calls } = fakeEnv(answer)
  const view = render(
    <RendererProvider env={env} registry={registry}>
      <Buttons codes={['wmdm.warehouse.button.create']} />
    </RendererProvider>,
  )
  await act(async () => void (await vi.advanceTimersByTimeAsync(200)))
  view.rerender(
    <RendererProvider env={env} registry={registry}>
      <Buttons codes={['wmdm.warehouse.button.create', 'wmdm.warehouse.button.delete']} />
    </RendererProvider>,
  )
  expect(screen.queryByRole('button')).toBeNull()
  expect(calls).toHaveLength(0)
  await flush()
  expect(calls).toHaveLength(1)
  expect(calls[0]).toMatchObject({ method: 'POST', path: '/hzero/v1/menus/check-permissions' })
  expect(calls[0]?.data).toEqual(['wmdm.warehouse.button.create', 'wmdm.warehouse.button.delete'])
  expect(screen.getByRole('button', { name: 'wmdm.warehouse.button.create' })).toBeEnabled()
  expect(screen.queryByRole('button', { name: 'wmdm.warehouse.button.delete' })).toBeNull()
})

test('answers are cached for the role: a second use asks nothing', async () => {
  const { env, calls } = fakeEnv(answer)
  const view = render(
    <RendererProvider env={env} registry={registry}>
      <Buttons codes={['wmdm.warehouse.button.edit']} />
    </RendererProvider>,
  )
  await flush()
  view.rerender(
    <RendererProvider env={env} registry={registry}>
      <Buttons codes={['wmdm.warehouse.button.edit']} />
      <div>
        <Buttons codes={['wmdm.warehouse.button.edit']} />
      </div>
    </RendererProvider>,
  )
  await flush()
  expect(calls).toHaveLength(1)
  expect(screen.getAllByRole('button', { name: 'wmdm.warehouse.button.edit' })).toHaveLength(2)
})

test('a denied code with controllerType "disabled" renders the element disabled', async () => {
  const { env } = fakeEnv(answer)
  render(
    <RendererProvider env={env} registry={registry}>
      <Buttons codes={['wmdm.warehouse.button.export']} />
    </RendererProvider>,
  )
  await flush()
  expect(screen.getByRole('button', { name: 'wmdm.warehouse.button.export' })).toBeDisabled()
})

test('a code asked for while its batch is on the wire is not sent again', async () => {
  let release: (answer: PermissionResult[]) => void = () => undefined
  const calls: string[][] = []
  const env = {
    user: { tenantId: 1, roleId: 2 },
    request: (request: HttpRequest) => {
      calls.push(request.data as string[])
      return new Promise<PermissionResult[]>((resolve) => (release = resolve))
    },
  } as unknown as RendererEnv
  const checker = createPermissionChecker(env)
  checker.request('wmdm.warehouse.button.create')
  await vi.advanceTimersByTimeAsync(500)
  checker.request('wmdm.warehouse.button.create')
  await vi.advanceTimersByTimeAsync(500)
  expect(calls).toEqual([['wmdm.warehouse.button.create']])
  release([{ code: 'wmdm.warehouse.button.create', approve: true, controllerType: null }])
  await vi.advanceTimersByTimeAsync(0)
  expect(checker.state('wmdm.warehouse.button.create').status).toBe('approved')
})

test('a role or tenant switch makes cached codes pending and asks the server again', async () => {
  const { env, calls } = fakeEnv(answer)
  const checker = createPermissionChecker(env)
  checker.request('wmdm.warehouse.button.create')
  await vi.advanceTimersByTimeAsync(500)
  expect(checker.state('wmdm.warehouse.button.create').status).toBe('approved')
  for (const change of [{ roleId: 3 }, { tenantId: 9 }]) {
    Object.assign(env.user, change)
    expect(checker.state('wmdm.warehouse.button.create').status).toBe('pending')
    checker.request('wmdm.warehouse.button.create')
    await vi.advanceTimersByTimeAsync(500)
    expect(checker.state('wmdm.warehouse.button.create').status).toBe('approved')
  }
  expect(calls).toHaveLength(3)
})
