import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './TabsPage.stories'

const { MasterData, WithoutOverviewPermission } = composeStories(stories, preview)

test('each tab shows the page loaded by its route', async () => {
  render(<MasterData />)
  expect(await screen.findByRole('tab', { name: 'Overview' })).toBeInTheDocument()
  expect(await screen.findByText('WH-E001')).toBeInTheDocument()
})

test('the overview tab is hidden from a role without its code', async () => {
  render(<WithoutOverviewPermission />)
  expect(await screen.findByRole('tab', { name: 'Warehouses' })).toBeInTheDocument()
  expect(screen.queryByRole('tab', { name: 'Overview' })).toBeNull()
})
