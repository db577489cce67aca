import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './ReadPretty.stories'

const { Filled, Empty } = composeStories(stories, preview)

test('the read-only renderings apply precision, value-set meanings and date formats', async () => {
  render(<Filled />)
  expect(screen.getByTestId('Text').textContent).toBe('Shanghai central warehouse')
  expect(screen.getByTestId('Number (precision 2)').textContent).toBe('1,234.50')
  await waitFor(() => expect(screen.getByTestId('Value set meaning').textContent).toBe('Normal'))
  await waitFor(() => expect(screen.getByTestId('Yes/no flag').textContent).toBe('Enabled'))
  expect(screen.getByTestId('Date').textContent).toBe('2026-05-01')
  expect(screen.getByTestId('Date and time').textContent).toBe('2026-05-01 08:30:00')
})

test('empty values show nothing', () => {
  render(<Empty />)
  for (const label of ['Text', 'Number (precision 2)', 'Value set meaning', 'Date', 'Date and time'])
    expect(screen.getByTestId(label).textContent).toBe('')
})
