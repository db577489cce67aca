import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './MasterDetailPage.stories'

const { OrderWithLines, SimplifiedChinese } = composeStories(stories, preview)

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
