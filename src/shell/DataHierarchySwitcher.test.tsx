import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import { message, notification } from 'antd'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import preview from '../../.storybook/preview'
import { answerHierarchyCall } from '../../stories/fixtures/data-hierarchy-backend'
import * as headerStories from '../../stories/shell/HeaderBar.stories'
import type { SentRequest } from '../test-support/fake-adapter'
import { adminUser } from '../test-support/fixtures'
import { renderSignedIn } from '../test-support/render-signed-in'

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})
afterEach(() => {
  message.destroy()
  notification.destroy()
})

const BASE = '/api/hpfm/v1/1/data-hierarchies'
const flagged = { ...adminUser, dataHierarchyFlag: 1 }

/** The reference server's answers for tenant 1; a PUT is refused when `refuse` is set. */
const hierarchyServer =
  (refuse = false) =>
  (req: SentRequest) =>
    answerHierarchyCall(req.method, req.url, refuse)
const hierarchyCalls = (sent: SentRequest[]) => sent.filter((r) => r.url.includes('/data-hierarchies'))

describe('header data hierarchy switcher (CORE-USR-02…05)', () => {
  it('CORE-USR-02: a user without the flag gets no switcher and no data hierarchy call', async () => {
    const { sent } = renderSignedIn({ handler: hierarchyServer() })
    expect(await screen.findByRole('button', { name: /^Tenant:/ })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Data hierarchy' })).toBeNull()
    expect(hierarchyCalls(sent)).toEqual([])
  })

  it('CORE-USR-03/05: shows the select levels and the dialog button with the current values', async () => {
    const { sent } = renderSignedIn({ user: flagged, handler: hierarchyServer() })
    const group = await screen.findByRole('group', { name: 'Data hierarchy' })
    expect(await within(group).findByRole('combobox', { name: 'Company' })).toBeInTheDocument()
    expect(within(group).getByText('Shanghai East Logistics Co.')).toBeInTheDocument()
    expect(within(group).getByText('Pudong inventory org')).toBeInTheDocument()
    expect(within(group).getByRole('button', { name: /^Choose data hierarchy/ })).toHaveTextContent(
      'Pudong bonded warehouse',
    )
    expect(hierarchyCalls(sent).map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${BASE}/switch/display-style/value`,
    ])
  })

  it('draws a select level as a light button with its value, and mounts the select open on the first click', async () => {
    const { user, sent } = renderSignedIn({ user: flagged, handler: hierarchyServer() })
    const company = await screen.findByRole('combobox', { name: 'Company' })
    const group = screen.getByRole('group', { name: 'Data hierarchy' })
    expect(company).toHaveAttribute('aria-expanded', 'false')
    expect(group.querySelector('.ant-select')).toBeNull() // antd's Select is not loaded for the first paint
    expect(hierarchyCalls(sent)).toHaveLength(1) // no option call yet
    await user.click(company)
    expect(await screen.findByTitle('Ningbo Port Storage Co.')).toBeInTheDocument() // open at once, options loaded
    expect(group.querySelector('.ant-select')).not.toBeNull()
    expect(within(group).getByRole('combobox', { name: 'Company' })).toHaveFocus()
  })

  it('CORE-USR-04: choosing a company saves it on the server and restarts from the root', async () => {
    const { user, sent, browser } = renderSignedIn({ user: flagged, handler: hierarchyServer() })
    await user.click(await screen.findByRole('combobox', { name: 'Company' }))
    await user.click(await screen.findByTitle('Ningbo Port Storage Co.'))
    await waitFor(() => expect(browser.visited).toEqual(['/']))
    const put = sent.find((r) => r.method === 'PUT')
    expect(put?.url).toBe(
      `${BASE}/switch?dataHierarchyCode=COMPANY&dataHierarchyValue=C-NB&dataHierarchyMeaning=Ningbo+Port+Storage+Co.`,
    )
  })

  it('the inventory organisation lists the values under the current company', async () => {
    const { user, sent } = renderSignedIn({ user: flagged, handler: hierarchyServer() })
    await user.click(await screen.findByRole('combobox', { name: 'Inventory organisation' }))
    expect(await screen.findByTitle('Jiading inventory org')).toBeInTheDocument()
    expect(screen.queryByTitle('Beilun inventory org')).toBeNull()
    expect(sent.at(-1)?.url).toBe(`${BASE}/switch/value/details?dataHierarchyCode=INV_ORG&parentValue=C-SH`)
  })

  it('the dialog saves the chosen warehouse on OK and restarts from the root', async () => {
    const { user, sent, browser } = renderSignedIn({ user: flagged, handler: hierarchyServer() })
    await user.click(await screen.findByRole('button', { name: /^Choose data hierarchy/ }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('combobox', { name: 'Warehouse' }))
    await user.click(await screen.findByTitle('Pudong cold store 1'))
    await user.click(within(dialog).getByRole('button', { name: /OK/ }))
    await waitFor(() => expect(browser.visited).toEqual(['/']))
    expect(sent.find((r) => r.method === 'PUT')?.url).toContain(
      'dataHierarchyCode=WAREHOUSE&dataHierarchyValue=WH-PD-01',
    )
  })

  it('at mobile width every level is chosen in the dialog, so the header fits (PLAT-SHELL-05)', async () => {
    const wide = window.matchMedia
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width: 767px') })
    try {
      renderSignedIn({ user: flagged, handler: hierarchyServer() })
      const button = await screen.findByRole('button', { name: /^Choose data hierarchy/ })
      expect(button).toHaveTextContent(
        'Shanghai East Logistics Co. / Pudong inventory org / Pudong bonded warehouse',
      )
      const group = screen.getByRole('group', { name: 'Data hierarchy' })
      expect(within(group).queryByRole('combobox')).toBeNull()
    } finally {
      window.matchMedia = wide
    }
  })

  it('a refused choice shows the server message and does not reload', async () => {
    const { user, browser } = renderSignedIn({ user: flagged, handler: hierarchyServer(true) })
    await user.click(await screen.findByRole('button', { name: /^Choose data hierarchy/ }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('combobox', { name: 'Warehouse' }))
    await user.click(await screen.findByTitle('Pudong cold store 1'))
    await user.click(within(dialog).getByRole('button', { name: /OK/ }))
    expect(
      await screen.findByText("dataHierarchyValue 'WH-PD-01' is not a value of WAREHOUSE in tenant 1"),
    ).toBeInTheDocument()
    expect(browser.visited).toEqual([])
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })
})

describe('header story with the data hierarchy switcher', () => {
  it('shows the switcher of a user with the flag', async () => {
    const { WithDataHierarchy } = composeStories(headerStories, preview)
    render(<WithDataHierarchy />)
    const group = await screen.findByRole('group', { name: 'Data hierarchy' })
    expect(within(group).getByText('Shanghai East Logistics Co.')).toBeInTheDocument()
    expect(within(group).getByRole('button', { name: /^Choose data hierarchy/ })).toHaveTextContent(
      'Pudong bonded warehouse',
    )
  })
})
