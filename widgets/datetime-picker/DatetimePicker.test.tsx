import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'
import * as stories from './DatetimePicker.stories'

const { Edit, ReadPretty } = composeStories(stories, preview)

test('shows date and time in the user format; the value stays YYYY-MM-DD HH:mm:ss', () => {
  render(<Edit />)
  expect(screen.getByRole('textbox')).toHaveValue('21/11/2026 08:30')
  expect(screen.getByTestId('form-value')).toHaveTextContent('"2026-11-21 08:30:00"')
})

test('read-pretty uses the user date-time format', () => {
  render(<ReadPretty />)
  expect(screen.getByText('21/11/2026 08:30')).toBeInTheDocument()
})
