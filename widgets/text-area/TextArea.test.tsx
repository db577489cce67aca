import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'
import * as stories from './TextArea.stories'

const { Edit, ReadPretty } = composeStories(stories, preview)

test('edits multi-line text', async () => {
  render(<Edit />)
  const box = screen.getByRole('textbox')
  await userEvent.type(box, '{enter}Dock 4 too')
  expect(screen.getByTestId('form-value')).toHaveTextContent('Dock 3 is closed on Sundays\\nDock 4 too')
})

test('read-pretty shows the text', () => {
  render(<ReadPretty />)
  expect(screen.queryByRole('textbox')).toBeNull()
  expect(screen.getByText('Dock 3 is closed on Sundays')).toBeInTheDocument()
})
