import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { storiesOf } from '../../stories/support/render-story'
import * as stories from './TextArea.stories'

const { Edit, ReadPretty } = storiesOf(stories)

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
