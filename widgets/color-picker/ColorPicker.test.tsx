import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './ColorPicker.stories'

const { Empty, Hex, Rgba, ReadPretty, Disabled } = composeStories(stories, preview)
const box = () => screen.getByRole('textbox', { name: 'Label colour' })

test('shows hex and rgba values as typed', () => {
  render(<Hex />)
  expect(box()).toHaveValue('#1890ff')
})

test('accepts rgba text', () => {
  render(<Rgba />)
  expect(box()).toHaveValue('rgba(47,84,235,0.5)')
  expect(box()).not.toHaveAttribute('aria-invalid', 'true')
})

test('CORE-VAL-01: text that is not a colour marks the field invalid with a message that says what to type', async () => {
  render(<Empty />)
  await userEvent.type(box(), '#ffff')
  expect(box()).toHaveAttribute('aria-invalid', 'true')
  expect(
    await screen.findByText('Enter a colour as #rgb, #rrggbb, rgb(r,g,b) or rgba(r,g,b,a)'),
  ).toBeInTheDocument()
  await userEvent.clear(box())
  await userEvent.type(box(), 'rgb(1,2,3)')
  expect(box()).toHaveAttribute('aria-invalid', 'false')
  expect(screen.queryByText(/Enter a colour as/)).toBeNull()
  expect(screen.getByTestId('form-value')).toHaveTextContent('"rgb(1,2,3)"')
})

test('read-pretty shows a swatch and the text', () => {
  render(<ReadPretty />)
  expect(screen.getByText('#2F54EB')).toBeInTheDocument()
  expect(screen.getByTestId('color-swatch')).toHaveStyle({ background: '#2F54EB' })
})

test('disabled', () => {
  render(<Disabled />)
  expect(box()).toBeDisabled()
})
