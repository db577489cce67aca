import { composeStories } from '@storybook/react-vite'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './DataTable.stories'

const { Rows, Empty } = composeStories(stories, preview)

test('shows the total text, read-only cells and sorts on the server', async () => {
  render(<Rows />)
  expect(screen.getByText('123 records in total')).toBeInTheDocument()
  const row = screen.getByText('WH-E002').closest('tr') as HTMLElement
  expect(await within(row).findByText('Bonded')).toBeInTheDocument()
  await userEvent.click(screen.getAllByText('Warehouse code')[0] as HTMLElement)
  expect(Rows.args.onChange).toHaveBeenLastCalledWith({ page: 0, size: 10, sort: 'warehouseCode,asc' })
})

test('row actions hand the row over', async () => {
  render(<Rows />)
  const row = screen.getByText('WH-E003').closest('tr') as HTMLElement
  await userEvent.click(await within(row).findByRole('button', { name: 'Edit' }))
  expect(Rows.args.onRowAction).toHaveBeenCalledWith(
    expect.objectContaining({ type: 'edit' }),
    expect.objectContaining({ warehouseCode: 'WH-E003' }),
  )
})

test('the empty state says what to do next', () => {
  render(<Empty />)
  expect(screen.getByText(/Change the search conditions and search again, or add one/)).toBeInTheDocument()
})
