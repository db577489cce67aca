import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../support/story-env'
import * as stories from './PageKinds.stories'

const { MasterDetail, MasterDetailConflict, Tabs, TabsWithoutPermission, Dashboard } = composeStories(
  stories,
  preview,
)

const lineTable = () => within(screen.getByRole('region', { name: 'Lines' }))

describe('master-detail page', () => {
  it(
    'shows the header and its lines, and saves the header with its changed lines in ONE call (issue 3)',
    { timeout: 60000 },
    async () => {
      render(<MasterDetail />)
      await screen.findByRole('region', { name: 'Lines' })
      const remark = await screen.findByRole('textbox', { name: 'Remark' })
      expect(remark).toHaveValue('Weekly top-up')
      expect(await lineTable().findByText('SKU-RED')).toBeInTheDocument()
      await userEvent.type(remark, '!')
      const [, second] = await lineTable().findAllByRole('button', { name: 'Delete' })
      await userEvent.click(second!)
      await userEvent.click(lineTable().getByRole('button', { name: 'Add line' }))
      await userEvent.type(await screen.findByRole('textbox', { name: 'Item' }), 'SKU-GREEN')
      await userEvent.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '3')
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }))
      expect(await lineTable().findByText('SKU-GREEN')).toBeInTheDocument()
      await userEvent.click(screen.getAllByRole('button', { name: /^Save/ }).at(-1)!)
      await waitFor(() =>
        expect(currentStoryEnv().calls.map((c) => `${c.method} ${c.path}`)).toContain(
          'POST /v1/1/transfer-orders/with-lines',
        ),
      )
      const writes = currentStoryEnv().calls.filter((c) => c.method !== 'GET' && c.service === 'wms')
      expect(writes).toHaveLength(1)
      expect(writes[0]!.data).toEqual({
        header: expect.objectContaining({ orderId: 7, remark: 'Weekly top-up!', objectVersionNumber: 3 }),
        lines: [
          {
            key: 'lines',
            resource: 'transfer-order-lines',
            parentField: 'orderId',
            rows: [
              { itemCode: 'SKU-GREEN', quantity: 3, _status: 'create', orderId: 7 },
              {
                lineId: 72,
                orderId: 7,
                itemCode: 'SKU-BLUE',
                quantity: 4,
                objectVersionNumber: 1,
                _status: 'delete',
              },
            ],
          },
        ],
      })
    },
  )

  it('says so when someone else saved first (409) and offers a reload', { timeout: 60000 }, async () => {
    render(<MasterDetailConflict />)
    await screen.findByRole('region', { name: 'Lines' })
    await screen.findByRole('textbox', { name: 'Remark' })
    await userEvent.click((await lineTable().findAllByRole('button', { name: 'Delete' }))[0]!)
    await userEvent.click(screen.getAllByRole('button', { name: /^Save/ }).at(-1)!)
    expect(
      await screen.findByText(/Someone else changed this record: reload it and apply your changes again/),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
  })
})

describe('tabs page', () => {
  it('loads the page of each tab from the server by route', async () => {
    render(<Tabs />)
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeInTheDocument()
    expect(await screen.findByText('WH-E001')).toBeInTheDocument()
    expect(currentStoryEnv().calls.some((c) => c.path === '/v1/page-schemas/page')).toBe(true)
  })

  it('hides a tab whose permission code the role lacks', async () => {
    render(<TabsWithoutPermission />)
    expect(await screen.findByRole('tab', { name: 'Warehouses' })).toBeInTheDocument()
    expect(screen.queryByRole('tab', { name: 'Overview' })).toBeNull()
  })
})

describe('dashboard page', () => {
  it('shows figures from the aggregate endpoint with the configured precision', async () => {
    render(<Dashboard />)
    expect(await screen.findByText('36,264.50')).toBeInTheDocument()
    expect(await screen.findByText('Warehouses by type')).toBeInTheDocument()
    const sum = currentStoryEnv().calls.find((c) => c.params?.measure === 'sum')
    expect(sum).toMatchObject({ path: '/v1/1/warehouses/aggregate', params: { field: 'area' } })
  })
})
