import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'
import * as stories from './Checkbox.stories'

const { Edit, ReadPretty } = composeStories(stories, preview)

test('checked for 1; unchecking gives 0', async () => {
  render(<Edit />)
  const box = screen.getByRole('checkbox')
  expect(box).toBeChecked()
  await userEvent.click(box)
  expect(screen.getByTestId('form-value')).toHaveTextContent('0')
})

test('read-pretty shows the flag meaning', async () => {
  render(<ReadPretty />)
  expect(await screen.findByText('Enabled')).toBeInTheDocument()
})
