import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './MasterDetailPage.stories'

const { OrderWithLines, SimplifiedChinese, LineActionDialog } = composeStories(stories, preview)

test('shows the order header and its lines', async () => {
  render(<OrderWithLines />)
  expect(await screen.findByRole('textbox', { name: 'Remark' })).toHaveValue('Weekly top-up')
  const lines = within(await screen.findByRole('region', { name: 'Lines' }))
  expect(await lines.findByText('SKU-RED')).toBeInTheDocument()
})

test('speaks the user language', async () => {
  render(<SimplifiedChinese />)
  expect(await screen.findByRole('region', { name: '明细' })).toBeInTheDocument()
})

test('lines are added and edited in a drawer, kept until Save, then saved with the header in one call', async () => {
  const user = userEvent.setup()
  render(<OrderWithLines />)
  const lines = within(await screen.findByRole('region', { name: 'Lines' }))
  await lines.findByText('SKU-RED')

  // a new line, in a drawer
  await user.click(await lines.findByRole('button', { name: 'Add line' }, { timeout: 3000 }))
  let drawer = await screen.findByRole('dialog')
  expect(drawer.closest('.ant-drawer')).not.toBeNull()
  await user.type(within(drawer).getByRole('textbox', { name: 'Item' }), 'SKU-GREEN')
  await user.type(within(drawer).getByRole('spinbutton', { name: 'Quantity' }), '5')
  await user.click(within(drawer).getByRole('button', { name: 'Save' }))
  expect(await lines.findByText('SKU-GREEN')).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

  // an existing line, edited in the drawer
  const blue = lines.getByText('SKU-BLUE').closest('tr')!
  await user.click(await within(blue).findByRole('button', { name: 'Edit' }))
  drawer = await screen.findByRole('dialog')
  expect(drawer.closest('.ant-drawer')).not.toBeNull()
  const quantity = within(drawer).getByRole('spinbutton', { name: 'Quantity' })
  await user.clear(quantity)
  await user.type(quantity, '6')
  await user.click(within(drawer).getByRole('button', { name: 'Save' }))
  await waitFor(() =>
    expect(within(lines.getByText('SKU-BLUE').closest('tr')!).getByText('6')).toBeInTheDocument(),
  )

  // nothing was sent yet: the page's Save sends the header with both lines
  const env = currentStoryEnv()
  expect(env.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/with-lines'))).toHaveLength(0)
  await user.click(screen.getByRole('button', { name: /^Save/ }))
  await waitFor(() =>
    expect(env.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/with-lines'))).toHaveLength(1),
  )
  const sent = JSON.stringify(env.calls.find((c) => c.path.endsWith('/with-lines'))!.data)
  expect(sent).toContain('"itemCode":"SKU-GREEN"')
  expect(sent).toMatch(/"lineId":72[^}]*"quantity":6|"quantity":6[^}]*"lineId":72/)
})

test('a line action opens its dialog with the line, keeps a refused input and reloads header and lines when done', async () => {
  const user = userEvent.setup()
  render(<LineActionDialog />)
  const lines = within(await screen.findByRole('region', { name: 'Lines' }))
  const red = (await lines.findByText('SKU-RED')).closest('tr')!
  await user.click(await within(red).findByRole('button', { name: 'Ship' }, { timeout: 3000 }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Ship the line' }))
  const quantity = dialog.getByRole('spinbutton', { name: 'Quantity shipped' })
  const env = currentStoryEnv()
  // the browser checks first: nothing is sent without a quantity
  await user.click(dialog.getByRole('button', { name: 'Ship' }))
  expect(await dialog.findByText(/enter/i)).toBeInTheDocument()
  expect(env.calls.filter((c) => c.path.endsWith('/ship'))).toHaveLength(0)
  // more than the line holds: the server's reason in the dialog, on the field, the input kept
  await user.type(quantity, '20')
  await user.click(dialog.getByRole('button', { name: 'Ship' }))
  expect(await dialog.findByRole('alert')).toHaveTextContent('20 is more than the 12 on the line')
  expect(dialog.getByText('at most 12')).toBeInTheDocument()
  expect(quantity).toHaveValue('20')
  expect(env.calls.filter((c) => c.path.endsWith('/ship'))[0]!.data).toEqual({
    lines: [{ lineId: 71, quantity: 20 }],
  })
  // corrected: sent, closed, header and lines read again
  const reads = env.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/transfer-order-lines')).length
  await user.clear(quantity)
  await user.type(quantity, '5')
  await user.click(dialog.getByRole('button', { name: 'Ship' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  await waitFor(() =>
    expect(within(lines.getByText('SKU-RED').closest('tr')!).getByText('7')).toBeInTheDocument(),
  )
  expect(await screen.findByRole('textbox', { name: 'Remark' })).toHaveValue('Shipped 5 SKU-RED')
  expect(
    env.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/transfer-order-lines')).length,
  ).toBeGreaterThan(reads)
})

test('a line action waits for unsaved line changes to be saved', async () => {
  const user = userEvent.setup()
  render(<LineActionDialog />)
  const lines = within(await screen.findByRole('region', { name: 'Lines' }))
  const blue = (await lines.findByText('SKU-BLUE')).closest('tr')!
  await user.click(await within(blue).findByRole('button', { name: 'Delete' }, { timeout: 3000 }))
  await waitFor(() => expect(lines.queryByText('SKU-BLUE')).toBeNull())
  const red = lines.getByText('SKU-RED').closest('tr')!
  await user.click(within(red).getByRole('button', { name: 'Ship' }))
  const env = currentStoryEnv()
  await waitFor(() =>
    expect(env.notices.some((n) => /Save the changed lines first/.test(n.message))).toBe(true),
  )
  expect(screen.queryByRole('dialog')).toBeNull()
})
