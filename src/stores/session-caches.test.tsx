import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { Permission } from '../../renderer/access/Permission'
import { announceConfigChange } from '../../renderer/data/config-changes'
import type { PermissionResult } from '../../renderer/contract/wire'
import { createRegistry } from '../../renderer/registry/registry'
import { RendererProvider } from '../../renderer/runtime/RendererProvider'
import { createRendererEnv, toSessionUser } from '../http/renderer-env'
import { createI18n } from '../locales/i18n'
import { createAppServices } from '../stores/app-services'
import { fakeServer } from '../test-support/fake-adapter'
import { adminUser } from '../test-support/fixtures'
import { createSessionCaches, type SessionCaches } from './session-caches'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  caches?.dispose()
  vi.useRealTimers()
})

const CODE = 'wmdm.warehouse.button.create'
let caches: SessionCaches | undefined
const registry = createRegistry([])

function setUp() {
  // The role in force decides: role 2 may create, any other role may not.
  let user = { ...adminUser, currentRoleId: 2 }
  const server = fakeServer((request) => {
    if (request.url.includes('/menus/check-permissions')) {
      const codes = request.body as string[]
      const answer: PermissionResult[] = codes.map((code) => ({
        code,
        approve: user.currentRoleId === 2,
        controllerType: null,
      }))
      return { status: 200, body: answer }
    }
    if (request.url.includes('/lov-view/info?viewCode=V')) return { status: 200, body: { viewCode: 'V' } }
    return undefined
  })
  const services = createAppServices({ i18n: createI18n('en_US'), adapter: server.adapter })
  caches = createSessionCaches(services.http, () => toSessionUser(user))
  const session = caches
  /** One page: its own environment and provider, the session's checker. */
  const page = (menuId: number) => {
    const env = createRendererEnv({
      http: services.http,
      user,
      i18n: services.i18n,
      notifier: () => services.ui.notifier,
      confirm: async () => true,
      navigate: () => undefined,
      menuId,
    })
    return (
      <RendererProvider env={env} registry={registry} permissions={session.permissions}>
        <Permission code={CODE}>{(disabled) => <button disabled={disabled}>Create</button>}</Permission>
      </RendererProvider>
    )
  }
  const checks = () => server.sent.filter((r) => r.url.includes('/menus/check-permissions'))
  const switchRole = (roleId: number) => (user = { ...user, currentRoleId: roleId })
  return { page, checks, switchRole, server }
}
const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(500)))

test('pages of one session share the permission answers: the second page asks nothing', async () => {
  const { page, checks } = setUp()
  const first = render(page(1))
  await flush()
  expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled()
  first.unmount()
  render(page(2))
  expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled()
  await flush()
  expect(checks()).toHaveLength(1)
})

test('after a role switch the next page checks the code again and follows the new answer', async () => {
  const { page, checks, switchRole } = setUp()
  const first = render(page(1))
  await flush()
  expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled()
  first.unmount()
  switchRole(5)
  render(page(2))
  // Pending (a placeholder, not the old role's button) until the new role's answer comes.
  expect(screen.queryByRole('button', { name: 'Create' })).toBeNull()
  await flush()
  expect(checks()).toHaveLength(2)
  expect(checks()[1]?.body).toEqual([CODE])
  expect(screen.queryByRole('button', { name: 'Create' })).toBeNull()
})

test('sign-out clears the answers: a page on screen asks again', async () => {
  const { page, checks } = setUp()
  render(page(1))
  await flush()
  expect(checks()).toHaveLength(1)
  act(() => caches?.reset())
  await flush()
  expect(checks()).toHaveLength(2)
  expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled()
})

test('a saved Lov view drops the session definitions; a failed read is not kept', async () => {
  const { server } = setUp()
  vi.useRealTimers()
  await caches?.lovViews.load('V')
  expect(caches?.lovViews.cached('V')).toEqual({ viewCode: 'V' })
  announceConfigChange('/hpfm/v1/1/lov-views')
  expect(caches?.lovViews.cached('V')).toBeUndefined()
  await caches?.lovViews.load('V')
  expect(server.sent.filter((r) => r.url.includes('/lov-view/info'))).toHaveLength(2)
  await expect(caches?.lovViews.load('MISSING.VIEW')).rejects.toThrow(/no answer/)
  expect(caches?.lovViews.cached('MISSING.VIEW')).toBeUndefined()
})
