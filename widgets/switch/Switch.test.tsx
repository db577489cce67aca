import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'
import * as stories from './Switch.stories'

const { Edit, ReadPretty } = composeStories(stories, preview)

test('a 1/0 flag: on for 1, turning it off gives 0', async () => {
  render(<Edit />)
  const toggle = screen.getByRole('switch')
  expect(toggle).toBeChecked()
  await userEvent.click(toggle)
  expect(screen.getByTestId('form-value')).toHaveTextContent('0')
})

test('read-pretty shows the flag meaning', async () => {
  render(<ReadPretty />)
  expect(await screen.findByText('Disabled')).toBeInTheDocument()
})
