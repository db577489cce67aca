/**
 * Issue 22: a page file that is not JSON showed "page does not exist" (or a bare parse message). The server
 * serves it at its route with its verdict; the page shows the error panel: file, line, column and what to fix.
 */
import { screen, waitFor } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import type { SchemaIssue } from '../../renderer/schema/issue'
import type { SessionCaches } from '../stores/session-caches'
import { renderPageHost } from '../test-support/render-page-host'

const file = 'schemas/pages/zz/broken.page.json'
const issue: SchemaIssue = {
  file,
  line: 4,
  column: 1,
  pointer: '',
  severity: 'error',
  message: 'not valid JSON: Expected double-quoted property name',
  suggestion: "remove the comma before this '}'",
}

let caches: SessionCaches | undefined
afterEach(() => caches?.dispose())

test('a page whose text is not JSON shows the error panel with the line and the fix', async () => {
  ;({ caches } = renderPageHost({
    file,
    handler: (request) => {
      const url = new URL(request.url, 'http://wms.test')
      if (url.pathname === '/api/hpfm/v1/page-schemas/page')
        return {
          status: 200,
          body: {
            file,
            route: '/zz/broken',
            kind: '',
            source: '{\n  "kind": "list",\n  "route": "/zz/broken",\n}\n',
            issues: [issue],
          },
        }
      return { status: 200, body: [] }
    },
  }))
  // The page's own error panel (other alerts, e.g. notifications left by other test files, may be there too).
  const panel = await waitFor(() => {
    const found = screen.getAllByRole('alert').find((alert) => alert.textContent?.includes(file))
    if (!found) throw new Error('no error panel naming the file yet')
    return found
  })
  expect(panel).toHaveTextContent(`${file}:4:1`)
  expect(panel).toHaveTextContent('not valid JSON: Expected double-quoted property name')
  expect(panel).toHaveTextContent("remove the comma before this '}'")
})
