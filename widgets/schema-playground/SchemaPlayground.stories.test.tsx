import { composeStories } from '@storybook/react-vite'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from './SchemaPlayground.stories'

const { Configurator, WithoutPermission, LoadFails } = composeStories(stories, preview)

test('offers the served page routes to load into the editor', async () => {
  render(<Configurator />)
  expect(await screen.findByRole('combobox', { name: /route/i }, { timeout: 10000 })).toBeInTheDocument()
})

test('a role without hpfm.playground.view is told which code it lacks', async () => {
  render(<WithoutPermission />)
  expect(await screen.findByText(/No permission \(hpfm\.playground\.view\)/)).toBeInTheDocument()
})

test('a route the server refuses: its message above the editor, the starter file kept', async () => {
  render(<LoadFails />)
  await userEvent.click(await screen.findByRole('combobox', { name: /route/i }, { timeout: 10000 }))
  await userEvent.click(await screen.findByTitle('/wmdm/retired'))
  await userEvent.click(screen.getByRole('button', { name: 'Load' }))
  expect(
    await screen.findByText(
      'No page file declares the route /wmdm/retired: add one under the pages directory and restart the server.',
    ),
  ).toBeInTheDocument()
  expect(screen.getByRole('textbox', { name: 'Page JSON' })).toHaveTextContent('"kind": "list"')
})
