/**
 * The important states of the page widgets' stories (loading, error, many rows, empty, each language and role)
 * as a user sees them, and what they ask the server. The widgets' own test files cover their behaviour.
 */
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as dashboardStories from '../../widgets/dashboard-page/DashboardPage.stories'
import * as formStories from '../../widgets/form-page/FormPage.stories'
import * as listStories from '../../widgets/list-page/ListPage.stories'
import * as masterDetailStories from '../../widgets/master-detail-page/MasterDetailPage.stories'

const List = composeStories(listStories, preview)
const Form = composeStories(formStories, preview)
const MasterDetail = composeStories(masterDetailStories, preview)
const Dashboard = composeStories(dashboardStories, preview)

const listCalls = () =>
  currentStoryEnv().calls.filter((c) => c.method === 'GET' && c.path === '/v1/1/warehouses')

describe('list page', () => {
  it('loading: the table says it is loading while the first page is asked for', async () => {
    render(<List.Loading />)
    await waitFor(() => expect(listCalls()).toHaveLength(1))
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).not.toBeNull())
    expect(listCalls()[0]!.params).toMatchObject({ page: 0 })
  })

  it('load fails: what happened, the server reason and a reload that asks again', async () => {
    render(<List.LoadFails />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The records could not be loaded. Try again in a moment.')
    expect(alert).toHaveTextContent(
      'The warehouse list could not be read: the query was cancelled. Search again.',
    )
    const before = listCalls().length
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(listCalls().length).toBe(before + 1))
    // The client said so too (the failure notification), once per failed call.
    expect(currentStoryEnv().notices.filter((n) => n.type === 'error').length).toBe(before + 1)
  })

  it("server unreachable: the client's own message, the call sent with the bearer token and a request id", async () => {
    render(<List.ServerUnreachable />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(
      'The server cannot be reached. Check your network connection and try again.',
    )
    const sent = currentStoryEnv().sent.find((r) => r.url.startsWith('/api/wms/v1/1/warehouses?'))
    expect(sent?.headers.Authorization).toMatch(/^bearer /)
    expect(sent?.headers['H-Request-Id']).toBeTruthy()
  })

  it('many rows: 1,000 warehouses paged by the server, the total shown', async () => {
    render(<List.ManyRows />)
    expect(await screen.findByText('WH-E001')).toBeInTheDocument()
    expect(screen.queryByText('WH-E999')).toBeNull()
    expect((await screen.findAllByText(/1,?000/)).length).toBeGreaterThan(0)
    const size = Number(listCalls()[0]!.params?.size)
    expect(size).toBeGreaterThan(0)
    expect(size).toBeLessThan(1000)
  })

  it('a clerk in zh_TW: traditional labels, no delete buttons', async () => {
    render(<List.ClerkInTraditionalChinese />)
    expect(await screen.findByText('WH-E001')).toBeInTheDocument()
    expect(currentStoryEnv().user.language).toBe('zh_TW')
    expect((await screen.findAllByText('倉庫編碼')).length).toBeGreaterThan(0)
    await waitFor(() =>
      expect(currentStoryEnv().calls.some((c) => c.path === '/hzero/v1/menus/check-permissions')).toBe(true),
    )
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /刪\s*除/ })).toHaveLength(0))
  })
})

describe('form page', () => {
  it('load fails: the reason instead of an empty form', async () => {
    render(<Form.LoadFails />)
    expect(await screen.findByText(/Warehouse 1000 was not found/)).toBeInTheDocument()
  })
  it('zh_TW: labels from the page texts in that language', async () => {
    render(<Form.TraditionalChinese />)
    expect((await screen.findAllByText('倉庫編碼')).length).toBeGreaterThan(0)
  })
})

describe('master-detail page', () => {
  it('not found: the reason instead of an empty order', async () => {
    render(<MasterDetail.NotFound />)
    expect(await screen.findByText(/Transfer order 7 was not found/)).toBeInTheDocument()
  })
})

describe('dashboard page', () => {
  it('no data: zero figures, not errors', async () => {
    render(<Dashboard.NoData />)
    expect((await screen.findAllByText('0')).length).toBeGreaterThan(0)
    expect(screen.queryByText(/unavailable|failed/i)).toBeNull()
  })
})
