import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import { composeStories } from '@storybook/react-vite'
import preview from '../../.storybook/preview'
import * as stories from './InputNumber.stories'

const { Edit, ReadPretty } = composeStories(stories, preview)

test('shows no trailing zeros and rounds typed values to the precision', async () => {
  render(<Edit />)
  const box = screen.getByRole('spinbutton')
  expect(box).toHaveValue('1.5')
  await userEvent.clear(box)
  await userEvent.type(box, '2.345')
  await userEvent.tab()
  expect(screen.getByTestId('form-value')).toHaveTextContent('2.35')
})

test('read-pretty adds thousands separators with the precision', () => {
  render(<ReadPretty />)
  expect(screen.getByText('1,234,567.89')).toBeInTheDocument()
})
