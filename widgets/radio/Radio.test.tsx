import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'
import * as stories from './Radio.stories'

const { Edit, ReadPretty } = composeStories(stories, preview)

test('offers the value set and changes the value', async () => {
  render(<Edit />)
  expect(await screen.findByRole('radio', { name: 'New' })).toBeChecked()
  await userEvent.click(screen.getByRole('radio', { name: 'Shipped' }))
  expect(screen.getByTestId('form-value')).toHaveTextContent('"SHIPPED"')
})

test('read-pretty shows the meaning', async () => {
  render(<ReadPretty />)
  expect(await screen.findByText('Shipped')).toBeInTheDocument()
})
