import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './TimePicker.stories'

const { Empty, Edit, ReadPretty, UserFormat, Disabled } = composeStories(stories, preview)

test('shows the value and keeps HH:mm:ss (PLAT-I18N-09)', () => {
  render(<Edit />)
  expect(screen.getByRole('textbox')).toHaveValue('17:30:00')
  expect(screen.getByTestId('form-value')).toHaveTextContent('"17:30:00"')
})

test('a typed time becomes the wire value', async () => {
  render(<Empty />)
  const box = screen.getByRole('textbox')
  await userEvent.click(box)
  await userEvent.type(box, '09:15:00{enter}')
  await waitFor(() => expect(screen.getByTestId('form-value')).toHaveTextContent('"09:15:00"'))
})

test("read-pretty uses the user's time format", () => {
  render(<ReadPretty />)
  expect(screen.getByText('17:30:00')).toBeInTheDocument()
  render(<UserFormat />)
  expect(screen.getByText('08:05')).toBeInTheDocument()
})

test('disabled', () => {
  render(<Disabled />)
  expect(screen.getByRole('textbox')).toBeDisabled()
})
