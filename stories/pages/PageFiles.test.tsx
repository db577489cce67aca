/** The page-kind stories rendered from schemas/pages files: what a user sees, as a role and in a language. */
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../support/story-env'
import * as stories from './PageFiles.stories'

const Page = composeStories(stories, preview)

const listCalls = (path: string) =>
  currentStoryEnv().calls.filter((c) => c.method === 'GET' && c.path === path)

describe('page files, one per kind', () => {
  it('list: the dealer orders, searched and paged through the model endpoint', async () => {
    render(<Page.List />)
    expect(await screen.findByText('JXS-20261121-0041')).toBeInTheDocument()
    expect(screen.getAllByText('Customer').length).toBeGreaterThan(0)
    expect(screen.getAllByText('Submitted').length).toBeGreaterThan(0)
    await waitFor(() => expect(listCalls('/v1/1/jxs-outbound-orders').length).toBeGreaterThan(0))
    expect(listCalls('/v1/1/jxs-outbound-orders')[0]!.params).toMatchObject({ page: 0 })
    expect(await screen.findByRole('button', { name: /New order/ })).toBeInTheDocument()
  })

  it('list as the dealer in zh_TW: traditional texts and value meanings, the dealer may create', async () => {
    render(<Page.ListAsDealerInTraditionalChinese />)
    expect(await screen.findByText('JXS-20261121-0041')).toBeInTheDocument()
    expect(currentStoryEnv().user.language).toBe('zh_TW')
    expect(screen.getAllByText('客戶名稱').length).toBeGreaterThan(0)
    expect((await screen.findAllByText('已提交')).length).toBeGreaterThan(0)
    expect(await screen.findByRole('button', { name: /新\s*建/ })).toBeInTheDocument()
  })

  it('list as a clerk: the create button the role does not hold is not offered', async () => {
    render(<Page.ListAsClerk />)
    expect(await screen.findByText('JXS-20261121-0041')).toBeInTheDocument()
    await waitFor(() =>
      expect(currentStoryEnv().calls.some((c) => c.path === '/hzero/v1/menus/check-permissions')).toBe(true),
    )
    await waitFor(() => expect(screen.queryByRole('button', { name: /New order/ })).toBeNull())
  })

  it('list: the batch table names the warehouse and owner of each row (its text fields), not their ids', async () => {
    render(<Page.BatchList />)
    const row = (batch: string) => screen.getByText(batch).closest('tr') as HTMLElement
    await screen.findByText('B20261101')
    expect(within(row('B20261101')).getByText('Suzhou warehouse 3')).toBeInTheDocument()
    expect(within(row('B20261102')).getByText('Hefei warehouse 6')).toBeInTheDocument()
    for (const batch of ['B20261101', 'B20261102']) {
      expect(within(row(batch)).getByText('Hangzhou Xinyuan Trading')).toBeInTheDocument()
      for (const id of ['1002', '1005', '3001']) expect(within(row(batch)).queryByText(id)).toBeNull()
    }
  })

  it('list: the location table names warehouses and areas the rows give by id, one call per view for the page', async () => {
    render(<Page.LocationList />)
    const row = (code: string) => screen.getByText(code).closest('tr') as HTMLElement
    await screen.findByText('A-01-01')
    await waitFor(() => expect(within(row('A-01-01')).getByText('Suzhou warehouse 3')).toBeInTheDocument())
    expect(within(row('A-01-01')).getByText('Suzhou warehouse 3 area 1')).toBeInTheDocument()
    expect(within(row('A-01-02')).getByText('Suzhou warehouse 3 area 2')).toBeInTheDocument()
    expect(within(row('B-01-01')).getByText('Hefei warehouse 6')).toBeInTheDocument()
    expect(within(row('B-01-01')).getByText('Hefei warehouse 6 area 1')).toBeInTheDocument()
    // An id the view does not answer (an area outside the list) stays shown as the id.
    expect(within(row('Z-09-09')).getByText('99999')).toBeInTheDocument()
    for (const id of ['1002', '1005', '10021', '10051']) expect(screen.queryByText(id)).toBeNull()
    const warehouses = listCalls('/v1/1/warehouses/accessibleList')
    const areas = listCalls('/v1/1/whareas/accessibleList')
    expect(warehouses).toHaveLength(1)
    expect(String(warehouses[0]!.params?.ids).split(',').sort()).toEqual(['1002', '1005'])
    expect(areas).toHaveLength(1)
    expect(String(areas[0]!.params?.ids).split(',').sort()).toEqual(['10021', '10022', '10051', '99999'])
  })

  it('form: a new stock count with its default type and status', async () => {
    render(<Page.Form />)
    expect(await screen.findByText('Cycle count')).toBeInTheDocument()
    expect(screen.getByText('New')).toBeInTheDocument()
  })

  it('master-detail: order 41 with its lines, read by id and by parent', async () => {
    render(<Page.MasterDetail />)
    expect(await screen.findByDisplayValue('Hangzhou Xinyuan Trading')).toBeInTheDocument()
    expect(await screen.findByText('SKU-TEA-250G')).toBeInTheDocument()
    expect(screen.getByText('SKU-CUP-CERAMIC')).toBeInTheDocument()
    const paths = currentStoryEnv().calls.map((c) => `${c.method} ${c.path}`)
    expect(paths).toContain('GET /v1/1/jxs-outbound-orders/41')
    expect(currentStoryEnv().calls.find((c) => c.path === '/v1/1/jxs-outbound-lines')?.params).toMatchObject({
      outboundOrderId: '41',
    })
  })

  it('tabs: the tab titles, and the first tab is the served page of its route with the seed rows', async () => {
    render(<Page.Tabs />)
    for (const title of ['Fields', 'Hidden fields', 'Validation'])
      expect(await screen.findByRole('tab', { name: title })).toBeInTheDocument()
    expect((await screen.findAllByText('PDA.RECEIVE', {}, { timeout: 10000 })).length).toBeGreaterThan(0)
    expect(currentStoryEnv().calls.find((c) => c.path === '/v1/page-schemas/page')?.params).toEqual({
      route: '/winv/appCustomizeConfigure/definition',
    })
  })

  it('dashboard: figures and charts from the aggregate endpoints', async () => {
    render(<Page.Dashboard />)
    expect(await screen.findByText('Areas')).toBeInTheDocument()
    const onHand = (await screen.findByText('Quantity on hand')).closest('.ant-card') as HTMLElement
    expect(await within(onHand).findByText('3,187')).toBeInTheDocument()
    const aggregates = currentStoryEnv().calls.filter((c) => c.path.endsWith('/aggregate'))
    expect(aggregates.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        '/v1/1/whareas/aggregate',
        '/v1/1/locations/aggregate',
        '/v1/1/stocks/aggregate',
      ]),
    )
  })

  it('custom: the express tracker draws the page and runs the query of its link', async () => {
    render(<Page.Custom />)
    expect(await screen.findByText(/SF1234567890/)).toBeInTheDocument()
  })
})
