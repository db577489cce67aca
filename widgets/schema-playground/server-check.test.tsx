/** Issue 22: the playground shows the server's check of the edited text (every stage, Lov and permission codes). */
import { EditorView } from '@codemirror/view'
import { composeStories } from '@storybook/react-vite'
import { render, screen, waitFor, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import preview from '../../.storybook/preview'
import { currentStoryEnv } from '../../stories/support/story-env'
import * as stories from './SchemaPlayground.stories'

const { ServerCheck, Configurator } = composeStories(stories, preview)

test("sends the editor's text to the server's check and lists what it finds, errors first", async () => {
  render(<ServerCheck />)
  const list = await screen.findByTestId('playground-checks', {}, { timeout: 10000 })
  const items = within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent)
  expect(items).toEqual([
    "error: playground.page.json:9:7 /fields/regionCode/lovCode: Lov view 'HPFM.REGOIN' is not in server/seed/data/lov-views.json (did you mean 'HPFM.REGION'?)",
    "warning: playground.page.json:4:3 /permission: permission code 'wmdm.warehouse.button.craete' is not registered on the server (did you mean 'wmdm.warehouse.button.create'?)",
  ])
  const call = currentStoryEnv().calls.find((c) => c.path === '/v1/page-schemas/check')
  expect(call).toMatchObject({ method: 'POST', service: 'hpfm', data: { file: 'playground.page.json' } })
  expect((call?.data as { source: string }).source).toContain('"kind": "list"')
})

test('says so when the server finds nothing', async () => {
  render(<Configurator />)
  await waitFor(() => expect(screen.getByText("The server's check finds no problem")).toBeInTheDocument(), {
    timeout: 10000,
  })
})

test('a text that is not JSON: the preview says the line, the column and what to fix', async () => {
  render(<Configurator />)
  const content = await screen.findByRole('textbox', { name: 'Page JSON' }, { timeout: 10000 })
  const view = EditorView.findFromDOM(content)!
  const text = view.state.doc.toString()
  // a comma after the last property: the file's closing brace is then where the error is
  const last = text.lastIndexOf('}')
  const at = text.lastIndexOf('\n', last)
  view.dispatch({ changes: { from: at, insert: ',' } })
  const line = text.slice(0, last).split('\n').length
  expect(
    await screen.findByText(
      `playground.page.json:${line}:1: not valid JSON (Expected double-quoted property name): remove the comma before this '}'`,
      {},
      { timeout: 5000 },
    ),
  ).toBeInTheDocument()
})
