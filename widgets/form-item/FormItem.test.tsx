import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './FormItem.stories'

const { WithHelp, Invalid, ReadOnly, Disabled, LongTexts } = composeStories(stories, preview)

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

test('read-only: the label and the value as text, no box', () => {
  render(<ReadOnly />)
  expect(screen.getByText('Warehouse code')).toBeInTheDocument()
  expect(screen.getByText('WH-E001')).toBeInTheDocument()
  expect(screen.queryByRole('textbox')).toBeNull()
})

test('disabled: the value in a box that cannot be changed', async () => {
  render(<Disabled />)
  const box = screen.getByRole('textbox')
  expect(box).toBeDisabled()
  await userEvent.type(box, 'X')
  expect(box).toHaveValue('WH-E001')
})

test('long texts: the long label, help and message are shown whole', async () => {
  render(<LongTexts />)
  expect(
    screen.getByText('Warehouse code as printed on the customs declaration and on every delivery note'),
  ).toBeInTheDocument()
  expect(
    screen.getByText(
      'Capital letters, digits, _ or -; at most 30 characters. The code cannot be changed once the warehouse is saved.',
    ),
  ).toBeInTheDocument()
  await userEvent.type(screen.getByRole('textbox'), 'x')
  expect(
    await screen.findByText(
      'Use capital letters, digits, _ and - only: the customs office rejects declarations with other characters',
    ),
  ).toBeInTheDocument()
})
