import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './FormSection.stories'

const { TwoColumns, WithoutTitle, LongTexts } = composeStories(stories, preview)

test('a titled section lays its fields out in the given columns', () => {
  render(<TwoColumns />)
  expect(screen.getByRole('heading', { name: 'Basic information' })).toBeInTheDocument()
  expect(screen.getByText('Code').parentElement).toHaveStyle({
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  })
})

test('without a title: no heading, the fields in three columns', () => {
  render(<WithoutTitle />)
  expect(screen.queryByRole('heading')).toBeNull()
  expect(screen.getByText('Code').parentElement).toHaveStyle({
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  })
})

test('long texts: the whole title as the heading, one column', () => {
  render(<LongTexts />)
  expect(
    screen.getByRole('heading', {
      name: 'Customs and bonded-area information required for cross-border shipments from this warehouse',
    }),
  ).toBeInTheDocument()
  expect(
    screen.getByText('Customs registration number issued by the local customs office for the bonded area')
      .parentElement,
  ).toHaveStyle({ gridTemplateColumns: 'repeat(1, minmax(0, 1fr))' })
})
