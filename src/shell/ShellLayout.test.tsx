import { act, screen, waitFor, within } from '@testing-library/react'
import { notification } from 'antd'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { envelope } from '../test-support/fake-adapter'
import { jxsMenus, jxsUser } from '../test-support/fixtures'
import { renderSignedIn } from '../test-support/render-signed-in'

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})
afterEach(() => notification.destroy())

describe('side menu (PLAT-SHELL)', () => {
  it('shows the menu tree: collapsed single chains as entries, groups with their children', async () => {
    const { user } = renderSignedIn()
    const menu = within(screen.getByTestId('side-menu'))
    expect(menu.getByText('Warehouses')).toBeInTheDocument()
    expect(menu.getByText('Dealer outbound orders')).toBeInTheDocument()
    expect(menu.queryByText('Master data')).toBeNull()
    await user.click(menu.getByText('Platform'))
    expect(await menu.findByText('Value sets')).toBeInTheDocument()
    expect(menu.getByText('Prompts')).toBeInTheDocument()
  })

  it('collapses to 48 px and expands to 210 px', async () => {
    const { user } = renderSignedIn()
    const sider = screen.getByTestId('side-menu')
    expect(sider).toHaveStyle({ width: '210px' })
    await user.click(screen.getByRole('button', { name: 'Collapse menu' }))
    expect(sider).toHaveStyle({ width: '48px' })
    await user.click(screen.getByRole('button', { name: 'Expand menu' }))
    expect(sider).toHaveStyle({ width: '210px' })
  })

  it('menu search finds an entry by quick index and goes there', async () => {
    const { user, router } = renderSignedIn()
    // The searching box loads on first focus and takes the focus over, so typing goes on in it.
    await user.click(screen.getByRole('combobox', { name: 'Search menus (name or quick index)' }))
    await waitFor(() => expect(document.querySelector('.ant-select-auto-complete input')).toHaveFocus())
    await user.keyboard('zj')
    await user.click(
      await screen.findByText('Value sets', { selector: '.ant-select-item-option-content span' }),
    )
    // /hpfm/lov-view has no page file in this build: it lands on the not-found page
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'))
    expect(await screen.findByText('Sorry, the page you asked for does not exist.')).toBeInTheDocument()
  })

  it('a keyboard user who moves on from the menu search before its box has loaded keeps the focus there', async () => {
    renderSignedIn()
    const search = screen.getByRole('combobox', { name: 'Search menus (name or quick index)' })
    const menu = within(screen.getByTestId('side-menu')).getByRole('menu')
    // focus the plain input (the box starts loading), then Tab on into the menu at once
    act(() => search.focus())
    act(() => menu.focus())
    await waitFor(() => expect(document.querySelector('.ant-select-auto-complete input')).not.toBeNull())
    expect(menu).toHaveFocus()
  })

  it('unknown addresses show the not-found page inside the shell', async () => {
    renderSignedIn({ path: '/no/such/page' })
    expect(await screen.findByText('Sorry, the page you asked for does not exist.')).toBeInTheDocument()
    expect(within(screen.getByTestId('side-menu')).getByText('Warehouses')).toBeInTheDocument()
  })
})

describe('role switch (PLAT-SW-01/02)', () => {
  async function pickRole(user: ReturnType<typeof renderSignedIn>['user'], roleLabel: string) {
    await user.click(screen.getByRole('button', { name: /Admin/ }))
    await user.click(await screen.findByText('Current role: 租户管理员'))
    await user.click(await screen.findByText(roleLabel))
  }

  it('lists the roles, sends the switch and reloads at / on success', async () => {
    const { user, sent, browser } = renderSignedIn({
      handler: (req) => (req.method === 'PUT' ? { status: 200, body: {} } : undefined),
    })
    await pickRole(user, '平台管理员 (HZERO平台)')
    await waitFor(() => expect(browser.visited).toEqual(['/']))
    // the home page's own GETs (cards) load alongside: only the writes matter here
    const writes = () => sent.filter((r) => r.method !== 'GET')
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual(['PUT /api/iam/v1/users/roles?roleId=10'])
  })

  it('does not reload when the server refuses, and says why', async () => {
    const { user, sent, browser } = renderSignedIn({
      handler: () => ({ status: 400, body: envelope('Role 12 is not assigned to user admin') }),
    })
    await pickRole(user, '租户管理员 (华南仓储)')
    expect(await screen.findByText('Role 12 is not assigned to user admin')).toBeInTheDocument()
    expect(sent.filter((r) => r.method !== 'GET').map((r) => r.url)).toEqual([
      '/api/iam/v1/users/roles?roleId=12',
    ])
    expect(browser.visited).toEqual([])
    expect(browser.reloads).toBe(0)
  })
})

describe('header', () => {
  it('language picker saves the default language, then reloads in it', async () => {
    const { user, sent, browser } = renderSignedIn({ handler: () => ({ status: 200, body: {} }) })
    await user.click(screen.getByRole('button', { name: /^Language/ }))
    await user.click(await screen.findByText('简体中文'))
    await waitFor(() => expect(browser.reloads).toBe(1))
    expect(sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /api/iam/hzero/v1/users/default-language?language=zh_CN',
    ])
    expect(sessionStorage.getItem('language')).toBe('zh_CN')
  })

  it('language picker offers the languages of HPFM.LANGUAGE in their order and names, only those with texts', async () => {
    const { user, sent } = renderSignedIn({
      handler: (request) =>
        request.url.includes('/lovs/value/batch')
          ? {
              status: 200,
              body: {
                'HPFM.LANGUAGE': [
                  { value: 'en_US', meaning: 'English (UK)', orderSeq: 0 },
                  { value: 'fr_FR', meaning: 'Français', orderSeq: 1 },
                  { value: 'zh_CN', meaning: '中文(简体)', orderSeq: 2 },
                ],
              },
            }
          : { status: 200, body: {} },
    })
    await user.click(await screen.findByRole('button', { name: 'Language: English (UK)' }))
    const menu = (await screen.findByText('中文(简体)')).closest('ul')!
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['English (UK)', '中文(简体)'])
    expect(sent.some((r) => r.url === '/api/hpfm/v1/1/lovs/value/batch?HPFM.LANGUAGE=HPFM.LANGUAGE')).toBe(
      true,
    )
  })

  it('offers the tenant chooser, but not to role jxs', () => {
    renderSignedIn()
    expect(screen.getByRole('button', { name: /^Tenant:/ })).toHaveTextContent('华东仓储')
  })

  it('jxs: no tenant chooser, no workplace (home is the dealer outbound orders)', async () => {
    const { router } = renderSignedIn({ user: jxsUser, path: '/workplace', menus: jxsMenus })
    await waitFor(() => expect(router.state.location.pathname).toBe('/winv/jxsOutboundOrder'))
    expect(screen.queryByRole('button', { name: /^Tenant:/ })).toBeNull()
  })

  it('logout goes to the logout address with the token', async () => {
    document.cookie = 'access_token=tok-9; path=/'
    const { user, browser } = renderSignedIn()
    await user.click(screen.getByRole('button', { name: /Admin/ }))
    await user.click(await screen.findByText('Log out'))
    expect(browser.visited).toEqual(['/api/oauth/logout?access_token=tok-9'])
  })
})
