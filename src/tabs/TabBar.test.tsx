import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { message } from 'antd'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { jxsMenus, jxsUser } from '../test-support/fixtures'
import { renderSignedIn } from '../test-support/render-signed-in'

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})
afterEach(() => message.destroy())

// antd gives the close buttons role tab too: the tabs themselves are the `.ant-tabs-tab-btn` elements.
const tabs = () => screen.queryAllByRole('tab').filter((tab) => tab.classList.contains('ant-tabs-tab-btn'))
const tabNames = () => tabs().map((tab) => tab.textContent)
const tabOf = (name: string) => tabs().find((tab) => tab.textContent === name) as HTMLElement
const closeControlOf = (name: string) =>
  within(tabOf(name).parentElement as HTMLElement).queryByRole('tab', { name: 'remove' })

// Closed dropdowns stay in the DOM: the menu opened last is the last match.
async function pickMenuItem(user: ReturnType<typeof renderSignedIn>['user'], name: string) {
  const items = await screen.findAllByRole('menuitem', { name })
  await user.click(items[items.length - 1] as HTMLElement)
}

async function openMenu(user: ReturnType<typeof renderSignedIn>['user'], name: string) {
  await user.click(within(screen.getByTestId('side-menu')).getByText(name))
}

describe('tab bar in the shell (CORE-TAB)', () => {
  it('starts with the fixed Workplace tab and adds one tab per page, re-opening activates it', async () => {
    const { user, router, services } = renderSignedIn()
    await waitFor(() => expect(tabNames()).toEqual(['Workplace']))
    expect(closeControlOf('Workplace')).toBeNull()
    await openMenu(user, 'Warehouses')
    await waitFor(() => expect(tabNames()).toEqual(['Workplace', 'Warehouses']))
    expect(services.activeMenu.id).toBe(101)
    await user.click(tabOf('Workplace'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/workplace'))
    expect(services.activeMenu.id).toBeUndefined()
    // the kept-alive workplace reads its recent visits again when it comes back
    const recent = screen.getByText('Recently visited').closest('.ant-card') as HTMLElement
    expect(await within(recent).findByRole('link', { name: /Warehouses/ })).toBeInTheDocument()
    await openMenu(user, 'Warehouses')
    await waitFor(() => expect(tabOf('Warehouses')).toHaveAttribute('aria-selected', 'true'))
    expect(tabNames()).toEqual(['Workplace', 'Warehouses'])
    expect(services.activeMenu.id).toBe(101)
  })

  it('closing the active tab activates its neighbour', async () => {
    const { user, router } = renderSignedIn({ path: '/wmdm/warehouse' })
    await waitFor(() => expect(tabNames()).toEqual(['Workplace', 'Warehouses']))
    await user.click(closeControlOf('Warehouses') as HTMLElement)
    await waitFor(() => expect(router.state.location.pathname).toBe('/workplace'))
    expect(tabNames()).toEqual(['Workplace'])
  })

  it('right-click offers the actions the tab position allows', async () => {
    renderSignedIn({ path: '/wmdm/warehouse' })
    await waitFor(() => expect(tabNames()).toEqual(['Workplace', 'Warehouses']))
    fireEvent.contextMenu(screen.getByText('Warehouses', { selector: '[data-tab-key]' }))
    const fullscreen = await screen.findByRole('menuitem', { name: 'Full screen' })
    const menu = fullscreen.closest('[role="menu"]') as HTMLElement
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Full screen', 'Close all'])
  })

  it('the more menu acts on the active tab and answers with messages when nothing is there', async () => {
    const { user } = renderSignedIn({ path: '/wmdm/warehouse' })
    await waitFor(() => expect(tabNames()).toEqual(['Workplace', 'Warehouses']))
    await user.click(screen.getByRole('button', { name: 'Tab actions' }))
    await pickMenuItem(user, 'Close tabs on the left')
    expect(await screen.findByText('no tabs on the left')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Tab actions' }))
    await pickMenuItem(user, 'Close tabs on the right')
    expect(await screen.findByText('no tabs on the right')).toBeInTheDocument()
  })

  it('close all leaves the home tab; with only home left it says the last tab cannot be closed', async () => {
    const { user } = renderSignedIn({ path: '/wmdm/warehouse' })
    await waitFor(() => expect(tabNames()).toEqual(['Workplace', 'Warehouses']))
    await user.click(screen.getByRole('button', { name: 'Tab actions' }))
    await pickMenuItem(user, 'Close all')
    await waitFor(() => expect(tabNames()).toEqual(['Workplace']))
    await user.click(screen.getByRole('button', { name: 'Tab actions' }))
    await pickMenuItem(user, 'Close all')
    expect(await screen.findByText('this is the last tab, it cannot be closed')).toBeInTheDocument()
  })

  it('full screen shows the chosen page over the shell with a way back', async () => {
    const { user } = renderSignedIn()
    await waitFor(() => expect(tabNames()).toEqual(['Workplace']))
    fireEvent.contextMenu(screen.getByText('Workplace', { selector: '[data-tab-key]' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Full screen' }))
    expect(screen.getByTestId('page-area')).toHaveStyle({ position: 'fixed' })
    await user.click(screen.getByRole('button', { name: /Exit full screen/ }))
    expect(screen.getByTestId('page-area')).not.toHaveStyle({ position: 'fixed' })
    fireEvent.contextMenu(screen.getByText('Workplace', { selector: '[data-tab-key]' }))
    const items = await screen.findAllByRole('menuitem', { name: 'Full screen' })
    await user.click(items[items.length - 1] as HTMLElement)
    expect(screen.getByTestId('page-area')).toHaveStyle({ position: 'fixed' })
    await user.keyboard('{Escape}')
    expect(screen.getByTestId('page-area')).not.toHaveStyle({ position: 'fixed' })
  })

  it('jxs: no tab bar at all (X-05)', async () => {
    renderSignedIn({ user: jxsUser, path: '/winv/jxsOutboundOrder', menus: jxsMenus })
    expect(await screen.findByTestId('page-area')).toBeInTheDocument()
    expect(screen.queryByRole('tablist')).toBeNull()
  })
})
