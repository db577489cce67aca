import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'
import * as stories from './DatePicker.stories'

const { Edit, ReadPretty } = composeStories(stories, preview)

test("shows the wire date in the user's format and keeps the wire value", () => {
  render(<Edit />)
  expect(screen.getByRole('textbox')).toHaveValue('21/11/2026')
  expect(screen.getByTestId('form-value')).toHaveTextContent('"2026-11-21"')
})

test("read-pretty uses the user's date format", () => {
  render(<ReadPretty />)
  expect(screen.getByText('21/11/2026')).toBeInTheDocument()
})
