import { render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { createI18n } from '../locales/i18n'
import { createAppServices } from '../stores/app-services'
import { fakeServer } from '../test-support/fake-adapter'
import { adminMenus, adminRoles, adminTenants, adminUser, fixturePageIndex } from '../test-support/fixtures'
import { recordingBrowser, renderSignedIn } from '../test-support/render-signed-in'
import { AppRoot } from './AppRoot'
import { recordVisit } from './recent-visits'
import { SignedInApp } from './SignedInApp'

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
})

describe('/workplace', () => {
  it('greets the user with the current tenant and role and offers the menu pages', async () => {
    const { user, router } = renderSignedIn()
    expect(await screen.findByText(/, Admin$/)).toBeInTheDocument()
    expect(screen.getByText('Tenant: 华东仓储 · Role: 租户管理员')).toBeInTheDocument()
    const quick = screen.getByText('Quick entries').closest('.ant-card') as HTMLElement
    const entries = within(quick)
      .getAllByRole('link')
      .map((el) => el.getAttribute('aria-label'))
    expect(entries).toEqual(['Warehouses', 'Dealer outbound orders', 'Value sets', 'Prompts'])
    await user.click(within(quick).getByRole('link', { name: 'Prompts' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'))
  })

  it("shows the tenant's current static texts (/hpfm/static-text-org) as notices", async () => {
    renderSignedIn({
      handler: (request) =>
        request.url === '/api/hpfm/v1/1/current-static-texts'
          ? {
              status: 200,
              body: [
                {
                  staticTextId: 7,
                  textCode: 'DOCK',
                  title: 'Dock 3 closed',
                  content: 'Until Friday.\nUse dock 4.',
                },
              ],
            }
          : { status: 200, body: {} },
    })
    const notices = await screen.findByTestId('workplace-texts')
    expect(within(notices).getByText('Dock 3 closed')).toBeInTheDocument()
    expect(within(notices).getByText(/Until Friday\.\s+Use dock 4\./)).toBeInTheDocument()
  })

  it('draws no notices when the tenant has none', async () => {
    renderSignedIn({
      handler: (request) =>
        request.url === '/api/hpfm/v1/1/current-static-texts'
          ? { status: 200, body: [] }
          : { status: 200, body: {} },
    })
    expect(await screen.findByText(/, Admin$/)).toBeInTheDocument()
    expect(screen.queryByTestId('workplace-texts')).toBeNull()
  })

  it('lists the pages this user visited recently, most recent first', async () => {
    recordVisit(adminUser.id, { path: '/wmdm/warehouse', title: 'Warehouses' }, 1000)
    recordVisit(adminUser.id, { path: '/winv/jxsOutboundOrder', title: 'Dealer outbound orders' }, 2000)
    recordVisit(99, { path: '/hpfm/prompt', title: 'Someone else’s page' }, 3000)
    renderSignedIn()
    const recent = (await screen.findByText('Recently visited')).closest('.ant-card') as HTMLElement
    const links = within(recent)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['Dealer outbound orders', '/winv/jxsOutboundOrder'],
      ['Warehouses', '/wmdm/warehouse'],
    ])
  })

  describe('New company (PLAT-PERM-03: the company-create code checked on start)', () => {
    const platform = adminMenus[2]!
    const withCompanies = [
      ...adminMenus.slice(0, 2),
      {
        ...platform,
        subMenus: [
          ...(platform.subMenus ?? []),
          { ...platform.subMenus![1]!, id: 303, name: 'Organisation', route: '/hpfm/hr/org' },
        ],
      },
    ]

    it('is offered to a role holding the code, and opens the companies screen', async () => {
      const { user, router } = renderSignedIn({
        menus: withCompanies,
        startPermissions: { 'hpfm.company.button.create': true },
      })
      await user.click(await screen.findByRole('button', { name: /New company/ }))
      await waitFor(() => expect(router.state.location.pathname).not.toBe('/workplace'))
    })

    it('is not offered when the code is denied, or without the companies screen in the menu', async () => {
      renderSignedIn({ menus: withCompanies, startPermissions: { 'hpfm.company.button.create': false } })
      expect(await screen.findByText('Quick entries')).toBeInTheDocument()
      expect(screen.queryByRole('button', { name: /New company/ })).toBeNull()
      document.body.innerHTML = ''
      renderSignedIn({ startPermissions: { 'hpfm.company.button.create': true } })
      expect(await screen.findAllByText('Quick entries')).not.toHaveLength(0)
      expect(screen.queryByRole('button', { name: /New company/ })).toBeNull()
    })
  })

  it('says so when nothing was visited yet', async () => {
    renderSignedIn()
    expect(await screen.findByText(/Nothing visited yet/)).toBeInTheDocument()
  })
})

describe('signing in (CORE-USR-01, PLAT-LOGIN-04)', () => {
  it('loads the user first, then roles, tenants, menus in the user language and role, prompts and layout settings', async () => {
    window.history.replaceState(null, '', '/')
    const server = fakeServer((req) => {
      const path = req.url.split('?')[0]
      if (path === '/api/iam/hzero/v1/users/self') return { status: 200, body: adminUser }
      if (path === '/api/iam/hzero/v1/member-roles/self-roles') return { status: 200, body: adminRoles }
      if (path === '/api/iam/hzero/v1/users/self-tenants') return { status: 200, body: adminTenants }
      if (path === '/api/iam/hzero/v1/menus/tree') return { status: 200, body: adminMenus }
      if (path === '/api/iam/hzero/v1/users/self/layout-settings') return { status: 200, body: {} }
      if (path === '/api/hpfm/v1/page-schemas') {
        const index = Object.entries(fixturePageIndex).map(([file, route]) => ({
          file,
          route,
          kind: 'list',
          errors: 0,
        }))
        return { status: 200, body: index }
      }
      if (path === '/api/hpfm/v1/1/prompt/en_US')
        return { status: 200, body: { 'workplace.quickEntries': 'Shortcuts' } }
      return undefined
    })
    const services = createAppServices({
      i18n: createI18n('zh_CN'),
      browser: recordingBrowser(),
      adapter: server.adapter,
    })
    render(
      <AppRoot services={services}>{(setLanguage) => <SignedInApp setLanguage={setLanguage} />}</AppRoot>,
    )

    expect(await screen.findByText('Shortcuts')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/workplace')
    expect(server.sent[0]?.url).toBe('/api/iam/hzero/v1/users/self')
    expect(
      server.sent
        .slice(1)
        .map((r) => r.url)
        // The home page's cards (/hpfm/card-manage) and static texts load once the home page is shown.
        .filter(
          (url) => !url.startsWith('/api/hpfm/v1/1/cards') && url !== '/api/hpfm/v1/1/current-static-texts',
        )
        .sort(),
    ).toEqual([
      // the header's language menu: the languages the tenant offers (/hpfm/languages, X-06)
      '/api/hpfm/v1/1/lovs/value/batch?HPFM.LANGUAGE=HPFM.LANGUAGE',
      '/api/hpfm/v1/1/prompt/en_US',
      '/api/hpfm/v1/page-schemas',
      '/api/iam/hzero/v1/member-roles/self-roles',
      // the shell's own start-up permission check (PLAT-PERM-03)
      '/api/iam/hzero/v1/menus/check-permissions',
      '/api/iam/hzero/v1/menus/tree?lang=en_US&roldId=11&unionLabel=false',
      '/api/iam/hzero/v1/users/self-tenants',
      '/api/iam/hzero/v1/users/self/layout-settings',
      // the warehouse configuration of the session (CORE-DATA-03, CORE-USR-06)
      '/api/wms/v1/1/warehouses/query-default-warehourse-permissions',
      '/api/wms/v1/1/wms-common/query-digital-accuracy',
    ])
    const check = server.sent.find((r) => r.url === '/api/iam/hzero/v1/menus/check-permissions')
    expect(check?.body).toEqual(['hpfm.company.button.create'])
    expect(screen.getByText('Tenant: 华东仓储 · Role: 租户管理员')).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('en')
  })
})
