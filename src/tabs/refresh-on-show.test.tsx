/**
 * Issue 19: lists did not refresh when the user came back to their tab after changing data elsewhere. A kept
 * page now loads again when shown, if a write was made since it loaded (renderer/data/data-changes.ts), and
 * only then: a tab switch without writes sends nothing. On the real shell with a fake server.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { SentRequest } from '../test-support/fake-adapter'
import { renderSignedIn } from '../test-support/render-signed-in'

const LIST_FILE = 'schemas/pages/test/stock.page.json'
const FORM_FILE = 'schemas/pages/test/receipt.page.json'
const pageIndex = { [LIST_FILE]: '/wmdm/warehouse', [FORM_FILE]: '/winv/jxsOutboundOrder' }
const pages: Record<string, unknown> = {
  [LIST_FILE]: {
    kind: 'list',
    route: '/wmdm/warehouse',
    title: 'Stock',
    dataSource: { service: 'wms', path: '/v1/{tenantId}/stocks', primaryKey: 'stockId' },
    fields: { quantity: { label: 'On hand', widget: 'InputNumber' } },
    table: { columns: [{ field: 'quantity' }] },
    filterTemplates: false,
    columnSettings: false,
  },
  [FORM_FILE]: {
    kind: 'form',
    route: '/winv/jxsOutboundOrder',
    title: 'Receipt',
    dataSource: { service: 'wms', path: '/v1/{tenantId}/receipts', primaryKey: 'receiptId' },
    fields: { quantity: { label: 'Quantity', widget: 'Input' } },
    form: { sections: [{ fields: ['quantity'] }] },
  },
}

it('a kept list shown again reloads after a write elsewhere, and not without one (issue 19)', async () => {
  let onHand = 18616
  const handler = (request: SentRequest) => {
    const url = new URL(request.url, 'http://wms.test')
    if (url.pathname === '/api/hpfm/v1/page-schemas/page') {
      const file = url.searchParams.get('file') ?? ''
      const route = pageIndex[file as keyof typeof pageIndex]
      return route
        ? { status: 200, body: { file, route, kind: 'x', source: JSON.stringify(pages[file]) } }
        : undefined
    }
    if (request.method === 'POST' && url.pathname.endsWith('/receipts')) {
      onHand += 60
      return { status: 200, body: { receiptId: 1, quantity: 60 } }
    }
    if (url.pathname.endsWith('/stocks'))
      return { status: 200, body: { content: [{ stockId: 1, quantity: onHand }], totalElements: 1 } }
    if (url.pathname.endsWith('/check-permissions')) return { status: 200, body: [] }
    return { status: 200, body: { content: [], totalElements: 0 } }
  }
  const { router, user, sent } = renderSignedIn({ path: '/wmdm/warehouse', pageIndex, handler })
  const stockReads = () => sent.filter((r) => r.method === 'GET' && r.url.includes('/stocks')).length
  const pageAt = async (key: string) => {
    await waitFor(() => expect(document.querySelector(`[data-page-key="${key}"]`)).not.toBeNull(), {
      timeout: 5000,
    })
    return within(document.querySelector(`[data-page-key="${key}"]`) as HTMLElement)
  }
  const list = () => pageAt('/wmdm/warehouse')
  expect(await (await list()).findByText('18,616', {}, { timeout: 5000 })).toBeInTheDocument()
  expect(stockReads()).toBe(1)

  // receive 60 on another tab, come back: the list reads again and shows it
  await act(() => router.navigate('/winv/jxsOutboundOrder'))
  const form = await pageAt('/winv/jxsOutboundOrder')
  await user.type(await form.findByRole('textbox', { name: 'Quantity' }, { timeout: 5000 }), '60')
  await user.click(form.getByRole('button', { name: /Save/ }))
  await waitFor(() => expect(onHand).toBe(18676))
  await act(() => router.navigate('/wmdm/warehouse'))
  expect(await (await list()).findByText('18,676', {}, { timeout: 5000 })).toBeInTheDocument()
  expect(stockReads()).toBe(2)

  // back and forth without a write: nothing is read again
  await act(() => router.navigate('/winv/jxsOutboundOrder'))
  await act(() => router.navigate('/wmdm/warehouse'))
  await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 50))))
  expect(stockReads()).toBe(2)
  expect(screen.getAllByRole('tab').filter((tab) => tab.textContent).length).toBe(3)
})
