import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'
import * as stories from './Input.stories'

const { Edit, ReadPretty } = composeStories(stories, preview)

test('typing changes the form value', async () => {
  render(<Edit />)
  const box = screen.getByRole('textbox')
  expect(box).toHaveValue('Shanghai East')
  await userEvent.clear(box)
  await userEvent.type(box, 'Hefei')
  expect(screen.getByTestId('form-value')).toHaveTextContent('"Hefei"')
})

test('read-pretty shows the text, not an input', () => {
  render(<ReadPretty />)
  expect(screen.queryByRole('textbox')).toBeNull()
  expect(screen.getByText('Shanghai East')).toBeInTheDocument()
})
