/** The shell's stories, rendered as a user sees them (header, tab bar, settings drawer, tenant modal). */
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { message, notification } from 'antd'
import { afterEach, describe, expect, it } from 'vitest'
import preview from '../../.storybook/preview'
import * as headerStories from '../../stories/shell/HeaderBar.stories'
import * as settingsStories from '../../stories/shell/SettingsDrawer.stories'
import { lastHarness } from '../../stories/shell/ShellHarness'
import * as tabStories from '../../stories/shell/TabBar.stories'
import * as tenantStories from '../../stories/shell/TenantModal.stories'

afterEach(() => {
  message.destroy()
  notification.destroy()
})

const Header = composeStories(headerStories, preview)
const Tabs = composeStories(tabStories, preview)
const Settings = composeStories(settingsStories, preview)
const Tenant = composeStories(tenantStories, preview)

const tabNames = () =>
  screen
    .queryAllByRole('tab')
    .filter((tab) => tab.classList.contains('ant-tabs-tab-btn'))
    .map((tab) => tab.textContent)

describe('header stories (PLAT-HDR)', () => {
  it('staff: tenant chooser, full screen, language, user and settings', () => {
    render(<Header.Staff />)
    expect(screen.getByRole('button', { name: /^Tenant:/ })).toHaveTextContent('华东仓储')
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Language/ })).toHaveTextContent('English')
    expect(screen.getByRole('button', { name: /Admin/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Layout settings' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Collapse menu' })).toBeInTheDocument()
  })

  it('dealer (jxs): no tenant chooser (PLAT-HDR-06, X-05)', () => {
    render(<Header.Dealer />)
    expect(screen.queryByRole('button', { name: /^Tenant:/ })).toBeNull()
  })

  it('mobile: a menu button instead of the collapse toggle; the notice slot shows what is put in it', () => {
    render(<Header.Mobile />)
    expect(screen.getByRole('button', { name: 'Open the menu' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Collapse menu' })).toBeNull()
    render(<Header.WithNoticeSlot />)
    expect(screen.getByRole('button', { name: 'Notices' })).toBeInTheDocument()
  })
})

describe('tab bar stories (CORE-TAB)', () => {
  it('home only: one tab, no close control; close all says it is the last tab', async () => {
    const user = userEvent.setup()
    render(<Tabs.HomeOnly />)
    expect(tabNames()).toEqual(['Workplace'])
    expect(screen.queryByRole('tab', { name: 'remove' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Tab actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Close all' }))
    expect(screen.getByTestId('tab-message')).toHaveTextContent('this is the last tab, it cannot be closed')
  })

  it('several pages: titles from the route or the title query; close right keeps the left ones', async () => {
    const user = userEvent.setup()
    render(<Tabs.SeveralPages />)
    expect(tabNames()).toEqual(['Workplace', 'Warehouses', 'WH-E001', 'Warehouses'])
    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('WH-E001') })
    await user.click(await screen.findByRole('menuitem', { name: 'Close tabs on the right' }))
    await waitFor(() => expect(tabNames()).toEqual(['Workplace', 'Warehouses', 'WH-E001']))
  })
})

describe('settings drawer stories (PLAT-SET)', () => {
  it('defaults: only Fluid for the side menu; top menu offers Fixed and disables the fixed sidebar', async () => {
    const user = userEvent.setup()
    render(<Settings.Defaults />)
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).getByRole('switch', { name: 'Fixed sidebar' })).toBeEnabled()
    await user.click(within(drawer).getByRole('radio', { name: 'Top menu' }))
    expect(JSON.parse(screen.getByTestId('settings').textContent ?? '{}')).toMatchObject({
      layout: 'topmenu',
      contentWidth: 'Fixed',
      fixSiderbar: false,
    })
    expect(within(drawer).getByRole('switch', { name: 'Fixed sidebar' })).toBeDisabled()
  })

  it('top menu dark: dark page style chosen', async () => {
    render(<Settings.TopMenuDark />)
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).getByRole('radio', { name: 'Dark' })).toBeChecked()
  })
})

describe('tenant modal stories (PLAT-HDR-09..12)', () => {
  it('lists every tenant; the default one has no "set default"; setting another sends its id', async () => {
    const user = userEvent.setup()
    render(<Tenant.AllTenants />)
    const dialog = await screen.findByRole('dialog')
    const row = (name: string) => within(dialog).getByRole('listitem', { name })
    expect(within(row('华东仓储')).queryByRole('button', { name: 'Set as default' })).toBeNull()
    await user.click(within(row('华北仓储')).getByRole('button', { name: 'Set as default' }))
    await waitFor(() =>
      expect(lastHarness?.sent.map((r) => `${r.method} ${r.url}`)).toContain(
        'PUT /api/iam/hzero/v1/users/default-tenant?tenantId=3',
      ),
    )
  })

  it('recent first: a recently visited tenant leads the list', async () => {
    render(<Tenant.RecentFirst />)
    const dialog = await screen.findByRole('dialog')
    const names = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'))
    expect(names[0]).toBe('华北仓储')
  })
})
