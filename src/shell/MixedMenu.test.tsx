import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { adminUser } from '../test-support/fixtures'
import { renderSignedIn } from '../test-support/render-signed-in'

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

const mixedUser = { ...adminUser, menuLayout: 'mixed' }

describe('mixed side menu (PLAT-SHELL-02/03)', () => {
  it('hovering a module opens its submenu panel; leaving closes it; a pinned panel stays', async () => {
    const ui = renderSignedIn({ user: mixedUser })
    const rail = screen.getByRole('navigation', { name: 'Modules' })
    expect(screen.queryByTestId('submenu-panel')).toBeNull()
    fireEvent.mouseEnter(within(rail).getByRole('button', { name: /Platform/ }))
    const panel = await screen.findByTestId('submenu-panel')
    expect(within(panel).getByText('Value sets')).toBeInTheDocument()
    fireEvent.mouseLeave(screen.getByTestId('mixed-menu'))
    await waitFor(() => expect(screen.queryByTestId('submenu-panel')).toBeNull())

    await ui.user.click(within(rail).getByRole('button', { name: /Platform/ }))
    fireEvent.click(await screen.findByRole('button', { name: 'Pin the submenu' }))
    expect(await screen.findByRole('button', { name: 'Unpin the submenu' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(screen.getByTestId('side-menu').getAttribute('style')).toContain('width: 280px')
    fireEvent.mouseLeave(screen.getByTestId('mixed-menu'))
    expect(screen.getByTestId('submenu-panel')).toBeInTheDocument()
  })

  it('a module that is a single page opens it from the rail', async () => {
    const ui = renderSignedIn({ user: mixedUser })
    await ui.user.click(
      within(screen.getByRole('navigation', { name: 'Modules' })).getByRole('button', { name: /Warehouses/ }),
    )
    await waitFor(() => expect(ui.router.state.location.pathname).toBe('/wmdm/warehouse'))
  })
})

describe('collapsed menu with titles (PLAT-SHELL-06) and breadcrumbs (PLAT-SHELL-08)', () => {
  it('collapsed: 48 px; with titles: 80 px and the module rail', async () => {
    const ui = renderSignedIn()
    await ui.user.click(screen.getByRole('button', { name: 'Collapse menu' }))
    expect(screen.getByTestId('side-menu')).toHaveStyle({ width: '48px' })
    await ui.user.click(screen.getByRole('button', { name: 'Show titles in the collapsed menu' }))
    expect(screen.getByTestId('side-menu')).toHaveStyle({ width: '80px' })
    expect(screen.getByRole('navigation', { name: 'Modules' })).toBeInTheDocument()
  })

  it('breadcrumbs lead from home to the page', async () => {
    renderSignedIn({ path: '/wmdm/warehouse' })
    const crumbs = await screen.findByTestId('breadcrumbs')
    expect(within(crumbs).getByRole('link', { name: 'Workplace' })).toHaveAttribute('href', '/workplace')
    expect(within(crumbs).getByText('Warehouses')).toBeInTheDocument()
  })
})
