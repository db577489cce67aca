// The screen stories live in stories/pages (not a test folder): their test sits beside the widget they render.
import { composeStories } from '@storybook/react-vite'
import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from '../../stories/pages/WarehousePage.stories'

const { SimplifiedChinese, BrokenSchema } = composeStories(stories, preview)

test('in zh_CN the total reads "共 N 条数据"', async () => {
  render(<SimplifiedChinese />)
  expect(await screen.findByText('共 23 条数据')).toBeInTheDocument()
  expect(screen.getAllByText('仓库编码').length).toBeGreaterThan(0)
})

test('a broken page file shows the error panel', () => {
  const { container } = render(<BrokenSchema />)
  expect(within(container).getByRole('alert')).toHaveTextContent("/table/colums: unknown property 'colums'")
})
