/**
 * Live files in the browser (issue 22): a `page-schema-changed` frame for the open page's file reloads the page
 * in place (same host, same tab), keeping what the user typed in the search form; a save the server refused
 * shows its problems (file:line:column, pointer, message, suggestion) above the last good version.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import type { SchemaIssue } from '../../renderer/schema/issue'
import type { SessionCaches } from '../stores/session-caches'
import { renderPageHost } from '../test-support/render-page-host'
import { dispatchPageChange } from './page-changes'

const FILE = 'schemas/pages/wmdm/warehouse.page.json'
const original = readFileSync(resolve(FILE), 'utf8')

let caches: SessionCaches | undefined
afterEach(() => caches?.dispose())

function setUp() {
  const served: { source: string; rejected?: { issues: SchemaIssue[]; version: number } } = {
    source: original,
  }
  ;({ caches } = renderPageHost({
    file: FILE,
    handler: (request) => {
      const url = new URL(request.url, 'http://wms.test')
      if (url.pathname === '/api/hpfm/v1/page-schemas/page')
        return {
          status: 200,
          body: { file: FILE, route: '/wmdm/warehouse', kind: 'list', issues: [], ...served },
        }
      if (url.pathname.endsWith('/menus/check-permissions')) return { status: 200, body: [] }
      if (/current-user-template|config-field/.test(url.pathname)) return { status: 200, body: [] }
      return { status: 200, body: { content: [], totalElements: 0, number: 0, size: 10 } }
    },
  }))
  const announce = (version: number, file = FILE) =>
    act(() => {
      dispatchPageChange({
        key: 'page-schema-changed',
        message: JSON.stringify({
          type: 'page-schema-changed',
          file,
          route: '/wmdm/warehouse',
          version,
          outcome: 'applied',
          errors: 0,
        }),
      })
    })
  return { served, announce }
}

test('a changed page file reloads the open page in place, keeping what is typed in the search form', async () => {
  const { served, announce } = setUp()
  const code = (await screen.findAllByRole('textbox', { name: 'Warehouse code' }, { timeout: 20_000 }))[0]!
  fireEvent.change(code, { target: { value: 'WH-7' } })

  served.source = original.replace('"en_US": "Warehouse name"', '"en_US": "Warehouse title"')
  expect(served.source).not.toBe(original)
  // Another file's change is not this page's business.
  await announce(2, 'schemas/pages/wmdm/carrier.page.json')
  await act(async () => void (await new Promise((r) => setTimeout(r, 30))))
  expect(screen.queryAllByText('Warehouse title')).toHaveLength(0)

  await announce(2)
  await waitFor(() => expect(screen.getAllByText('Warehouse title').length).toBeGreaterThan(0))
  expect((screen.getAllByRole('textbox', { name: 'Warehouse code' })[0] as HTMLInputElement).value).toBe(
    'WH-7',
  )
})

test('a refused save shows its problems above the last good version, and the fix clears them', async () => {
  const { served, announce } = setUp()
  await screen.findAllByRole('textbox', { name: 'Warehouse code' }, { timeout: 20_000 })
  served.rejected = {
    version: 3,
    issues: [
      {
        file: FILE,
        line: 41,
        column: 7,
        pointer: '/table/columns/1/field',
        message: "unknown field 'warehouseNmae'",
        suggestion: "did you mean 'warehouseName'?",
        severity: 'error',
      },
    ],
  }
  await announce(3)
  const panel = await screen.findByText(/was not applied/)
  expect(panel).toBeTruthy()
  expect(screen.getByText(`${FILE}:41:7`)).toBeTruthy()
  expect(screen.getByText("did you mean 'warehouseName'?")).toBeTruthy()
  // The page itself still works below the panel.
  expect(screen.getAllByRole('textbox', { name: 'Warehouse code' }).length).toBeGreaterThan(0)

  served.rejected = undefined
  await announce(4)
  await waitFor(() => expect(screen.queryByText(/was not applied/)).toBeNull())
})
