import { EditorView } from '@codemirror/view'
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import preview from '../../.storybook/preview'
import * as stories from '../../stories/pages/CustomPage.stories'

// codemirror-json-schema's published ESM imports paths without extensions, which Node's loader (the unit
// tests run in Node) refuses; the browser bundle resolves them. Its completion and hover are not what these
// tests check: the preview's validation comes from the renderer (validatePage) and is fully exercised.
vi.mock('codemirror-json-schema', () => ({ jsonSchema: () => [] }))

const { SchemaPlayground, SchemaPlaygroundDenied } = composeStories(stories, preview)

/** The playground's CodeMirror view (typing into a contenteditable is not what jsdom does well). */
const editor = async () => {
  const content = await screen.findByRole('textbox', { name: 'Page JSON' })
  return EditorView.findFromDOM(content)!
}
const replaceInEditor = (view: EditorView, from: string, to: string) => {
  const text = view.state.doc.toString()
  const at = text.indexOf(from)
  expect(at, `"${from}" is in the editor`).toBeGreaterThanOrEqual(0)
  view.dispatch({ changes: { from: at, to: at + from.length, insert: to } })
}

async function loadWarehousePage() {
  render(<SchemaPlayground />)
  await userEvent.click(await screen.findByRole('combobox', { name: 'Page route to load' }))
  await userEvent.click(await screen.findByTitle('/wmdm/warehouse'))
  await userEvent.click(screen.getByRole('button', { name: 'Load' }))
  // The preview renders the loaded page against the (fake) server: its rows appear.
  expect(await screen.findByText('WH-E001', {}, { timeout: 5000 })).toBeInTheDocument()
}

describe('schema playground (a custom page rendered from schemas/pages/hpfm/schema-playground.page.json)', () => {
  it('loads a served page by route into the editor and renders it beside', { timeout: 60000 }, async () => {
    await loadWarehousePage()
    expect((await editor()).state.doc.toString()).toContain('"route": "/wmdm/warehouse"')
  })

  it(
    'shows the validation error of a bad edit in the preview, with a suggestion',
    { timeout: 60000 },
    async () => {
      await loadWarehousePage()
      replaceInEditor(await editor(), '"widget": "Input"', '"widget": "Inptu"')
      expect(await screen.findByText(/unknown widget 'Inptu'/, {}, { timeout: 5000 })).toBeInTheDocument()
      expect(screen.getByText(/did you mean 'Input'\?/)).toBeInTheDocument()
      expect(screen.queryByText('WH-E001')).toBeNull()
    },
  )

  it('updates the preview as the JSON changes', { timeout: 60000 }, async () => {
    await loadWarehousePage()
    const header = screen.getAllByRole('columnheader', { name: /Warehouse code/ })[0]!
    expect(header).toBeInTheDocument()
    replaceInEditor(await editor(), '"en_US": "Warehouse code"', '"en_US": "Depot code"')
    await waitFor(
      () => expect(screen.getAllByRole('columnheader', { name: /Depot code/ }).length).toBeGreaterThan(0),
      {
        timeout: 5000,
      },
    )
  })

  it('tells a role without hpfm.playground.view that the playground is not theirs', async () => {
    render(<SchemaPlaygroundDenied />)
    expect(
      await screen.findByText('No permission (hpfm.playground.view), contact the system administrator.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Page JSON' })).toBeNull()
  })
})
