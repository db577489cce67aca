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
