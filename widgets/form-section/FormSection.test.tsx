import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './FormSection.stories'

const { TwoColumns } = composeStories(stories, preview)

test('a titled section lays its fields out in the given columns', () => {
  render(<TwoColumns />)
  expect(screen.getByRole('heading', { name: 'Basic information' })).toBeInTheDocument()
  expect(screen.getByText('Code').parentElement).toHaveStyle({
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  })
})
