import { composeStories } from '@storybook/react-vite'
import { EditorView } from '@codemirror/view'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './SchemaPlayground.stories'

const { Configurator, WithoutPermission, LoadFails, SavesToFile, ReadOnlyServer } = composeStories(
  stories,
  preview,
)

async function loadWarehouse() {
  await userEvent.click(await screen.findByRole('combobox', { name: /route/i }, { timeout: 10000 }))
  await userEvent.click(await screen.findByTitle('/wmdm/warehouse'))
  await userEvent.click(screen.getByRole('button', { name: 'Load' }))
}

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

test('saves the edited page to its file at the version loaded, and says where', async () => {
  render(<SavesToFile />)
  await loadWarehouse()
  const save = await screen.findByRole('button', { name: /Save to file/ })
  expect(save).toBeDisabled() // nothing changed yet
  const view = EditorView.findFromDOM(screen.getByRole('textbox', { name: 'Page JSON' }))!
  const text = view.state.doc.toString()
  const at = text.indexOf('"en_US": "Warehouse code"')
  view.dispatch({ changes: { from: at, to: at + 25, insert: '"en_US": "Depot code"' } })
  await waitFor(() => expect(save).toBeEnabled())
  await userEvent.click(save)
  expect(await screen.findByText('Saved to schemas/pages/wmdm/warehouse.page.json')).toBeInTheDocument()
  const put = currentStoryEnv().calls.find((call) => call.method === 'PUT')
  expect(put?.data).toEqual({
    route: '/wmdm/warehouse',
    source: view.state.doc.toString(),
    version: 'v1',
  })
  expect(String((put?.data as { source: string }).source)).toContain('Depot code')
  expect(screen.getByRole('button', { name: /Download file/ })).toBeInTheDocument()
})

test('a server that does not write page files: no Save, why, and Download', async () => {
  render(<ReadOnlyServer />)
  await loadWarehouse()
  expect(await screen.findByText(/PAGE_DESIGNER_WRITES is false on this server/)).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: /Save to file/ })).toBeNull()
  expect(screen.getByRole('button', { name: /Download file/ })).toBeInTheDocument()
})
