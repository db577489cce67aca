/**
 * The home page of a domain (users/self `homePath`, the domain's INDEX template, /hiam/domain-config-template):
 * the shell lands there instead of /workplace — first tab, `/`, the logo and the breadcrumbs' home link — when
 * the role's menus reach the page, and keeps its own home silently otherwise.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { adminUser, jxsMenus, jxsUser } from '../test-support/fixtures'
import { renderSignedIn } from '../test-support/render-signed-in'

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

const tabs = () => screen.queryAllByRole('tab').filter((tab) => tab.classList.contains('ant-tabs-tab-btn'))
const tabNames = () => tabs().map((tab) => tab.textContent)
const closeControlOf = (name: string) =>
  within(tabs().find((tab) => tab.textContent === name)?.parentElement as HTMLElement).queryByRole('tab', {
    name: 'remove',
  })

describe("a domain's home page", () => {
  it('is the first tab, the target of / and of the logo, and the breadcrumbs lead home to it', async () => {
    const { router, user } = renderSignedIn({
      path: '/',
      user: { ...adminUser, homePath: '/wmdm/warehouse' },
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/wmdm/warehouse'))
    await waitFor(() => expect(tabNames()).toEqual(['Warehouses']))
    expect(closeControlOf('Warehouses')).toBeNull()
    expect(screen.getByRole('link', { name: /WMS/ })).toHaveAttribute('href', '/')

    // The workplace is still there, as an ordinary tab; the breadcrumbs' home link goes back.
    await router.navigate('/workplace')
    await waitFor(() => expect(tabNames()).toEqual(['Warehouses', 'Workplace']))
    expect(closeControlOf('Workplace')).not.toBeNull()
    const crumbs = screen.getByTestId('breadcrumbs')
    const home = within(crumbs).getByRole('link', { name: 'Home page' })
    expect(home).toHaveAttribute('href', '/wmdm/warehouse')
    await user.click(home)
    await waitFor(() => expect(router.state.location.pathname).toBe('/wmdm/warehouse'))

    await router.navigate('/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/wmdm/warehouse'))
  })

  it('falls back to /workplace when the role cannot open it', async () => {
    // /hpfm/prompt is in the menu but has no page; /hrpt/data-set has a page but no menu entry of the role.
    for (const homePath of ['/hpfm/prompt', '/hrpt/data-set', '/no/such/page']) {
      const view = renderSignedIn({ path: '/', user: { ...adminUser, homePath } })
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/workplace'))
      await waitFor(() => expect(tabNames()).toEqual(['Workplace']))
      expect(closeControlOf('Workplace')).toBeNull()
      expect(
        within(screen.getByTestId('breadcrumbs')).getByRole('img', { name: 'Workplace' }),
      ).toBeInTheDocument()
      view.unmount()
    }
  })

  it('a role without the workplace keeps its own home when the domain names /workplace', async () => {
    const { router } = renderSignedIn({
      path: '/',
      user: { ...jxsUser, homePath: '/workplace' },
      menus: jxsMenus,
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/winv/jxsOutboundOrder'))
  })

  it('without a domain home page the workplace is home', async () => {
    const { router } = renderSignedIn({ path: '/' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/workplace'))
    await waitFor(() => expect(tabNames()).toEqual(['Workplace']))
  })
})
