import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { percentOf } from './Progress'
import * as stories from './Progress.stories'

const { Empty, Percentage, ShareOfTotal, Done } = composeStories(stories, preview)
const bar = () => screen.getByRole('progressbar')

test('shows a percentage value', () => {
  render(<Percentage />)
  expect(bar()).toBeInTheDocument()
  expect(screen.getByText('62.5%')).toBeInTheDocument()
})

test('shows a share of the total', () => {
  render(<ShareOfTotal />)
  expect(screen.getByText('75%')).toBeInTheDocument()
})

test('empty is 0 and done is complete', () => {
  render(<Empty />)
  expect(bar()).toHaveAttribute('aria-valuenow', '0')
  render(<Done />)
  expect(document.querySelector('.ant-progress-status-success')).not.toBeNull()
})

test('clamps and ignores what is not a number', () => {
  expect(percentOf(150)).toBe(100)
  expect(percentOf(-5)).toBe(0)
  expect(percentOf('abc')).toBe(0)
  expect(percentOf(1, 3)).toBe(33.3)
})
