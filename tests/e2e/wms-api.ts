/**
 * The warehouse API of tenant 1 (`/api/wms/v1/1/…`) called from a test with a signed-in user's token, for the
 * set-up and the checks around what a test does by clicks.
 */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

export type Row = Record<string, unknown>

/** One call: its status and its JSON body (`{}` when it has none). */
export async function api(page: Page, token: string, method: string, path: string, data?: unknown) {
  const response = await page.request.fetch(`/api/wms/v1/1/${path}`, {
    method,
    headers: { authorization: `bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  })
  return { status: response.status(), body: (await response.json().catch(() => ({}))) as Row }
}

/** The rows of a list (GET, its page's `content`). */
export const content = async (page: Page, token: string, path: string) =>
  (await api(page, token, 'GET', path)).body.content as Row[]

/** One call that must succeed (status below 300, else the test fails naming the call and the answer): its body. */
export async function apiOk(page: Page, token: string, method: string, path: string, data?: unknown) {
  const answer = await api(page, token, method, path, data)
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300)
  return answer.body
}

/** One line of a new inbound order: the goods, the quantity, and where it is to be put away (when planned). */
export interface InboundLine {
  goodsId: unknown
  quantity: number
  putawayLocationId?: unknown
}

/**
 * A NEW purchase order with its lines, made through the API (`POST inbound-orders/with-lines`, as the desk's
 * save sends it: lines numbered from 1), which must succeed: its header (inboundOrderId, orderNum …).
 * `header` names the warehouse, owner and receiving location, and may add any header field (supplierName).
 * @example const order = await newInboundOrder(page, token, { warehouseId, ownerId, receivingLocationId }, [{ goodsId, quantity: 5 }])
 */
export async function newInboundOrder(
  page: Page,
  token: string,
  header: { warehouseId: unknown; ownerId: unknown; receivingLocationId: unknown } & Row,
  lines: InboundLine[],
): Promise<Row> {
  const created = await apiOk(page, token, 'POST', 'inbound-orders/with-lines', {
    header: { orderType: 'PURCHASE', ...header },
    lines: [
      {
        key: 'lines',
        resource: 'inbound-order-lines',
        parentField: 'inboundOrderId',
        rows: lines.map((line, i) => ({ _status: 'create', lineNum: i + 1, ...line })),
      },
    ],
  })
  return created.header as Row
}
