import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './Rate.stories'

const { Empty, Edit, ReadPretty, Disabled } = composeStories(stories, preview)
const stars = () => screen.getAllByRole('radio')

test('shows the score as checked stars', () => {
  render(<Edit />)
  expect(stars()).toHaveLength(5)
  expect(stars().filter((star) => star.getAttribute('aria-checked') === 'true')).toHaveLength(3)
})

test('clicking a star sets the score', async () => {
  render(<Empty />)
  await userEvent.click(stars()[3]?.firstElementChild as HTMLElement)
  expect(screen.getByTestId('form-value')).toHaveTextContent('4')
})

test('read-pretty names the score', () => {
  render(<ReadPretty />)
  expect(screen.getByRole('img', { name: '4 / 5' })).toBeInTheDocument()
})

test('disabled cannot be changed', async () => {
  render(<Disabled />)
  await userEvent.click(stars()[4]?.firstElementChild as HTMLElement)
  expect(screen.getByTestId('form-value')).toHaveTextContent('2')
})
