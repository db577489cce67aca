import { screen, waitFor, within } from '@testing-library/react'
import { message, notification } from 'antd'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SelfTenant } from '../../renderer/contract/wire'
import type { SentRequest } from '../test-support/fake-adapter'
import { adminUser } from '../test-support/fixtures'
import { renderSignedIn } from '../test-support/render-signed-in'
import { orderTenants } from './TenantModal'

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})
afterEach(() => {
  message.destroy()
  notification.destroy()
})

const serverTenants: SelfTenant[] = [
  { tenantId: 1, tenantName: '华东仓储', tenantNum: 'WH-EAST', defaultTenantId: 1 },
  { tenantId: 2, tenantName: '华南仓储', tenantNum: 'WH-SOUTH' },
  { tenantId: 3, tenantName: '华北仓储', tenantNum: 'WH-NORTH' },
]

/** A server that answers the tenant list and accepts the PUTs; setting a default moves the default mark. */
function tenantServer() {
  let tenants = serverTenants.map((t) => ({ ...t }))
  return (req: SentRequest) => {
    if (req.method === 'GET' && req.url === '/api/iam/hzero/v1/users/self-tenants')
      return { status: 200, body: tenants }
    const setDefault = /default-tenant\?tenantId=(\d+)$/.exec(req.url)
    if (req.method === 'PUT' && setDefault) {
      const id = Number(setDefault[1])
      tenants = tenants.map(({ defaultTenantId: _, ...t }) =>
        t.tenantId === id ? { ...t, defaultTenantId: id } : t,
      )
      return { status: 200, body: {} }
    }
    if (req.method === 'PUT') return { status: 200, body: {} }
    return undefined
  }
}

async function openModal(user: ReturnType<typeof renderSignedIn>['user']) {
  await user.click(screen.getByRole('button', { name: /^Tenant:/ }))
  const dialog = await screen.findByRole('dialog')
  await within(dialog).findByText('华北仓储') // the fresh list from the server
  return dialog
}
const row = (dialog: HTMLElement, name: string) => within(dialog).getByRole('listitem', { name })

describe('tenant modal (PLAT-HDR-09..12, PLAT-SW-03..05)', () => {
  it('lists all tenants with name and code, marks default and current, 620 wide with a 360 px body', async () => {
    const { user, sent } = renderSignedIn({ handler: tenantServer() })
    const dialog = await openModal(user)
    expect(sent.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/iam/hzero/v1/users/self-tenants')
    expect(within(row(dialog, '华东仓储')).getByText('WH-EAST')).toBeInTheDocument()
    expect(within(row(dialog, '华东仓储')).getByText('Default')).toBeInTheDocument()
    expect(within(row(dialog, '华东仓储')).getByText('Current')).toBeInTheDocument()
    expect(within(row(dialog, '华北仓储')).getByText('WH-NORTH')).toBeInTheDocument()
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '620px' })
    expect(dialog.querySelector('.ant-modal-body')).toHaveStyle({ height: '360px' })
  })

  it('offers "set as default" only where the tenant is not default, and sends it', async () => {
    const { user, sent, browser } = renderSignedIn({ handler: tenantServer() })
    const dialog = await openModal(user)
    expect(within(row(dialog, '华东仓储')).queryByRole('button', { name: 'Set as default' })).toBeNull()
    await user.click(within(row(dialog, '华南仓储')).getByRole('button', { name: 'Set as default' }))
    expect(await screen.findByText('The default tenant was saved')).toBeInTheDocument()
    await waitFor(() =>
      expect(within(row(dialog, '华南仓储')).queryByRole('button', { name: 'Set as default' })).toBeNull(),
    )
    expect(
      within(row(dialog, '华东仓储')).getByRole('button', { name: 'Set as default' }),
    ).toBeInTheDocument()
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual([
      '/api/iam/hzero/v1/users/default-tenant?tenantId=2',
    ])
    expect(browser.visited).toEqual([])
  })

  it('switching sends the tenant id, clears cached state and restarts the app at /', async () => {
    sessionStorage.setItem('redirectUrl', '/somewhere')
    sessionStorage.setItem('language', 'en_US')
    const { user, sent, browser } = renderSignedIn({ handler: tenantServer() })
    const dialog = await openModal(user)
    expect(within(row(dialog, '华东仓储')).queryByRole('button', { name: 'Switch' })).toBeNull()
    await user.click(within(row(dialog, '华北仓储')).getByRole('button', { name: 'Switch' }))
    await waitFor(() => expect(browser.visited).toEqual(['/']))
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual([
      '/api/iam/v1/users/tenant-id?tenantId=3',
    ])
    expect(sessionStorage.getItem('redirectUrl')).toBeNull()
    expect(sessionStorage.getItem('language')).toBe('en_US')
  })

  it('puts recently accessed tenants first', () => {
    expect(orderTenants(serverTenants, [3]).map((t) => t.tenantId)).toEqual([3, 1, 2])
    expect(orderTenants(serverTenants, []).map((t) => t.tenantId)).toEqual([1, 2, 3])
    expect(adminUser.recentAccessTenantList).toBeUndefined()
  })
})
