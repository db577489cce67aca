import { composeStories } from '@storybook/react-vite'
import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
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
