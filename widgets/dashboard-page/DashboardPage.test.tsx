import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './DashboardPage.stories'

const { WarehouseFigures, AggregateFails } = composeStories(stories, preview)

test('shows the figures and the chart of the aggregate endpoint', async () => {
  render(<WarehouseFigures />)
  expect(await screen.findByText('36,264.50')).toBeInTheDocument()
  expect(await screen.findByText('Warehouses by type')).toBeInTheDocument()
})

test('a failing aggregate call says so on the card, with the server message', async () => {
  render(<AggregateFails />)
  const alerts = await screen.findAllByText(
    /could not be loaded: The figures could not be computed: the query was cancelled/,
  )
  expect(alerts.length).toBeGreaterThan(0)
})
