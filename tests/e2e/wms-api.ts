/**
 * The warehouse API of tenant 1 (`/api/wms/v1/1/…`) called from a test with a signed-in user's token, for the
 * set-up and the checks around what a test does by clicks.
 */
import type { Page } from 'playwright-core'

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
