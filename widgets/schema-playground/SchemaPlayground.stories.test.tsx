import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './SchemaPlayground.stories'

const { Configurator, WithoutPermission } = composeStories(stories, preview)

test('offers the served page routes to load into the editor', async () => {
  render(<Configurator />)
  expect(await screen.findByRole('combobox', { name: /route/i }, { timeout: 10000 })).toBeInTheDocument()
})

test('a role without hpfm.playground.view is told which code it lacks', async () => {
  render(<WithoutPermission />)
  expect(await screen.findByText(/No permission \(hpfm\.playground\.view\)/)).toBeInTheDocument()
})
