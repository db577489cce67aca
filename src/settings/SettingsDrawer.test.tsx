import { screen, waitFor, within } from '@testing-library/react'
import { message } from 'antd'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { adminUser, jxsMenus, jxsUser } from '../test-support/fixtures'
import { renderSignedIn } from '../test-support/render-signed-in'

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  document.body.style.filter = ''
})
afterEach(() => message.destroy())

type Ui = ReturnType<typeof renderSignedIn>

async function openDrawer(ui: Ui, title = 'Layout settings') {
  await ui.user.click(screen.getByRole('button', { name: title }))
  return screen.findByRole('dialog')
}
// The last settings the browser saved on the server (PUT users/self/layout-settings).
const stored = (ui: Ui) => {
  const puts = ui.sent.filter((r) => r.method === 'PUT' && r.url.endsWith('/users/self/layout-settings'))
  const last = puts[puts.length - 1]
  return (last?.body ?? {}) as Record<string, unknown>
}
const logoColor = () => document.querySelector('header svg rect')?.getAttribute('fill')?.toLowerCase()

describe('settings drawer (PLAT-SET)', () => {
  it('is 300 wide; dark page style repaints the app with a loading message and is saved; realDark is off', async () => {
    const ui = renderSignedIn()
    const drawer = await openDrawer(ui)
    expect(drawer.closest('.ant-drawer-content-wrapper')).toHaveStyle({ width: '300px' })
    expect(within(drawer).getByRole('radio', { name: 'Real dark' })).toBeDisabled()
    expect(screen.getByTestId('shell-header')).toHaveStyle({ background: '#ffffff' })
    await ui.user.click(within(drawer).getByRole('radio', { name: 'Dark' }))
    expect(await screen.findByText('Switching theme')).toBeInTheDocument()
    expect(screen.getByTestId('shell-header')).toHaveStyle({ background: '#141414' })
    expect(stored(ui)).toMatchObject({ navTheme: 'dark' })
  })

  it('theme colour: the app starts in #2F54EB, a preset recolours it, reset gives the drawer default #1890ff', async () => {
    const ui = renderSignedIn()
    expect(logoColor()).toBe('#2f54eb')
    const drawer = await openDrawer(ui)
    expect(within(drawer).getByRole('button', { name: 'Geek blue #2F54EB' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await ui.user.click(within(drawer).getByRole('button', { name: 'Dust red #F5222D' }))
    await waitFor(() => expect(logoColor()).toBe('#f5222d'))
    expect(stored(ui)).toMatchObject({ primaryColor: '#F5222D' })
    await ui.user.click(within(drawer).getByRole('button', { name: 'Reset' }))
    await waitFor(() => expect(logoColor()).toBe('#1890ff'))
    expect(within(drawer).getByRole('button', { name: 'Daybreak blue #1890ff' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })

  it('shows "正在切换主题" in zh_CN', async () => {
    const ui = renderSignedIn({ user: { ...adminUser, language: 'zh_CN' } })
    const drawer = await openDrawer(ui, '布局设置')
    await ui.user.click(within(drawer).getByRole('radio', { name: '暗色' }))
    expect(await screen.findByText('正在切换主题')).toBeInTheDocument()
  })

  it('top menu: the menu moves into the header, content becomes Fixed, the fixed sidebar is disabled', async () => {
    const ui = renderSignedIn()
    const drawer = await openDrawer(ui)
    expect(screen.getByTestId('content')).not.toHaveStyle({ maxWidth: '1200px' })
    await ui.user.click(within(drawer).getByRole('radio', { name: 'Top menu' }))
    expect(screen.queryByTestId('side-menu')).toBeNull()
    expect(within(screen.getByTestId('shell-header')).getByText('Warehouses')).toBeInTheDocument()
    expect(screen.getByTestId('content')).toHaveStyle({ maxWidth: '1200px' })
    expect(within(drawer).getByRole('switch', { name: 'Fixed sidebar' })).toBeDisabled()
    expect(within(drawer).getByRole('switch', { name: 'Fixed sidebar' })).not.toBeChecked()
    expect(stored(ui)).toMatchObject({ layout: 'topmenu', contentWidth: 'Fixed', fixSiderbar: false })
    await ui.user.click(within(drawer).getByRole('radio', { name: 'Side menu' }))
    expect(screen.getByTestId('side-menu')).toBeInTheDocument()
    expect(screen.getByTestId('content')).not.toHaveStyle({ maxWidth: '1200px' })
  })

  it('content width: only Fluid is offered with the side menu', async () => {
    const ui = renderSignedIn()
    const drawer = await openDrawer(ui)
    await ui.user.click(within(drawer).getByRole('combobox', { name: 'Content width' }))
    const options = await screen.findAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Fluid'])
  })

  it('fixed header, fixed sidebar and weak colour switch what is rendered', async () => {
    const ui = renderSignedIn()
    const drawer = await openDrawer(ui)
    expect(screen.getByTestId('shell-header')).toHaveStyle({ position: 'sticky' })
    expect(screen.getByTestId('side-menu')).toHaveStyle({ position: 'sticky' })
    await ui.user.click(within(drawer).getByRole('switch', { name: 'Fixed header' }))
    expect(screen.getByTestId('shell-header')).toHaveStyle({ position: 'relative' })
    await ui.user.click(within(drawer).getByRole('switch', { name: 'Fixed sidebar' }))
    expect(screen.getByTestId('side-menu')).not.toHaveStyle({ position: 'sticky' })
    await ui.user.click(within(drawer).getByRole('switch', { name: 'Weak colour' }))
    expect(document.body).toHaveStyle({ filter: 'invert(80%)' })
    expect(stored(ui)).toMatchObject({ fixedHeader: false, fixSiderbar: false, colorWeak: true })
  })

  it('copies the settings to the clipboard and says so', async () => {
    const ui = renderSignedIn()
    const drawer = await openDrawer(ui)
    await ui.user.click(within(drawer).getByRole('button', { name: 'Copy settings' }))
    expect(await screen.findByText('Settings copied to the clipboard')).toBeInTheDocument()
    expect(JSON.parse(await navigator.clipboard.readText())).toMatchObject({
      navTheme: 'light',
      primaryColor: '#2F54EB',
      layout: 'sidemenu',
      contentWidth: 'Fluid',
      fixedHeader: true,
      fixSiderbar: true,
      colorWeak: false,
    })
  })

  it('settings are kept per user: the same user gets them back, another user does not', async () => {
    const first = renderSignedIn({ layoutSettings: { layout: 'topmenu', navTheme: 'dark' } })
    expect(screen.queryByTestId('side-menu')).toBeNull()
    expect(screen.getByTestId('shell-header')).toHaveStyle({ background: '#141414' })
    first.unmount()
    renderSignedIn({ user: jxsUser, menus: jxsMenus, path: '/winv/jxsOutboundOrder' })
    expect(screen.getByTestId('side-menu')).toBeInTheDocument()
    expect(screen.getByTestId('shell-header')).toHaveStyle({ background: '#ffffff' })
  })
})
