import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './FormItem.stories'

const { WithHelp, Invalid } = composeStories(stories, preview)

test('shows the label, the asterisk and the help text', () => {
  render(<WithHelp />)
  expect(screen.getByText('Warehouse code')).toBeInTheDocument()
  expect(screen.getByText('*')).toBeInTheDocument()
  expect(screen.getByText('Capital letters, digits, _ or -')).toBeInTheDocument()
})

test('shows the validation message under the field', async () => {
  render(<Invalid />)
  await userEvent.type(screen.getByRole('textbox'), 'x')
  expect(await screen.findByText('Use capital letters, digits, _ and - only')).toBeInTheDocument()
})
