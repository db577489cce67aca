/**
 * Issue 19: "New order", opened again after a saved new order, came up filled with that order and saved a second
 * copy. The create page saved, showed the document at `create?id=` (another tab) and stayed kept alive, filled,
 * under its own address. Now a save replaces the create page's tab with the document's, so the next "New" mounts
 * a blank page. Run on the real shell (tabs, keep-alive, schema pages) with a fake server.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SentRequest } from '../test-support/fake-adapter'
import { renderSignedIn } from '../test-support/render-signed-in'

const LIST_FILE = 'schemas/pages/test/order.page.json'
const CREATE_FILE = 'schemas/pages/test/order-create.page.json'
const FORM_FILE = 'schemas/pages/test/order-form.page.json'
const pageIndex = {
  [LIST_FILE]: '/winv/jxsOutboundOrder',
  [CREATE_FILE]: '/winv/jxsOutboundOrder/create',
  [FORM_FILE]: '/winv/jxsOutboundOrder/form',
}
const source = { service: 'wms', path: '/v1/{tenantId}/orders', model: 'wms/order', primaryKey: 'orderId' }
const remark = { label: 'Remark', widget: 'Input' }
const pages: Record<string, unknown> = {
  [LIST_FILE]: {
    kind: 'list',
    route: '/winv/jxsOutboundOrder',
    title: 'Orders',
    dataSource: source,
    fields: { remark },
    table: { columns: [{ field: 'remark' }] },
    filterTemplates: false,
    columnSettings: false,
  },
  [CREATE_FILE]: {
    kind: 'master-detail',
    route: '/winv/jxsOutboundOrder/create',
    title: 'New order',
    dataSource: source,
    idParam: 'orderId',
    backTo: '/winv/jxsOutboundOrder',
    fields: { remark },
    header: { sections: [{ fields: ['remark'] }] },
    details: [
      {
        key: 'lines',
        title: 'Lines',
        parentField: 'orderId',
        dataSource: { service: 'wms', path: '/v1/{tenantId}/order-lines', primaryKey: 'lineId' },
        fields: { itemCode: { label: 'Item', widget: 'Input' } },
        table: { columns: [{ field: 'itemCode' }] },
      },
    ],
  },
  [FORM_FILE]: {
    kind: 'form',
    route: '/winv/jxsOutboundOrder/form',
    title: 'New order form',
    dataSource: source,
    backTo: '/winv/jxsOutboundOrder',
    fields: { remark },
    form: { sections: [{ fields: ['remark'] }] },
  },
}

function orderServer(created: SentRequest[]) {
  return (request: SentRequest) => {
    const url = new URL(request.url, 'http://wms.test')
    if (url.pathname === '/api/hpfm/v1/page-schemas/page') {
      const file = url.searchParams.get('file') ?? ''
      const page = pages[file]
      if (!page) return undefined
      return {
        status: 200,
        body: {
          file,
          route: pageIndex[file as keyof typeof pageIndex],
          kind: 'x',
          source: JSON.stringify(page),
        },
      }
    }
    if (request.method === 'POST' && /\/orders(\/with-lines)?$/.test(url.pathname)) {
      created.push(request)
      const order = { orderId: 5, remark: 'first', objectVersionNumber: 1 }
      return { status: 200, body: url.pathname.endsWith('/with-lines') ? { header: order } : order }
    }
    if (url.pathname.endsWith('/orders/5'))
      return { status: 200, body: { orderId: 5, remark: 'first', objectVersionNumber: 1 } }
    if (url.pathname.endsWith('/check-permissions')) return { status: 200, body: [] }
    return { status: 200, body: { content: [], totalElements: 0 } }
  }
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent)

describe('a create page starts blank every time it is opened (issue 19)', () => {
  it.each([
    ['master-detail', '/winv/jxsOutboundOrder/create'],
    ['form', '/winv/jxsOutboundOrder/form'],
  ])(
    '%s: after a saved create, "New" shows an empty form and saving again is a new order',
    async (_, path) => {
      const created: SentRequest[] = []
      const { router, user } = renderSignedIn({ path, pageIndex, handler: orderServer(created) })
      const page = () => within(document.querySelector(`[data-page-key="${path}"]`) as HTMLElement)
      await user.type(await page().findByRole('textbox', { name: 'Remark' }), 'first')
      await user.click(page().getByRole('button', { name: /Save/ }))
      await waitFor(() => expect(created).toHaveLength(1))
      // The create page handed its tab over: no tab and no kept page is left under the create address.
      const shown = () => `${router.state.location.pathname}${router.state.location.search}`
      await waitFor(() => expect(shown()).not.toBe(path))
      await waitFor(() => expect(document.querySelector(`[data-page-key="${path}"]`)).toBeNull())
      expect(tabNames().filter(Boolean)).toEqual(['Workplace', 'Dealer outbound orders'])
      console.log(tabNames())

      await act(() => router.navigate(path))
      expect(await page().findByRole('textbox', { name: 'Remark' })).toHaveValue('')
    },
  )
})
