import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteEntry } from '../../server/plugins/route-table.ts'
import { createTestApp } from '../../server/testing.ts'
import { ROUTES_WITHOUT_RESPONSE } from './support/route-responses-left.ts'
import { missing } from './support/route-schemas.ts'

/**
 * Every route declares its whole schema (issue 20, "response schemas on every route"; issue 21): its request
 * (params, querystring on GET, body on writes: support/route-schemas.ts) and the answer of its success status
 * (server/responses.ts), so the OpenAPI document describes answers too. Generated over app.routeTable: a new
 * route without them fails here without editing this file. The routes not yet given a response schema are
 * listed by name in support/route-responses-left.ts: that list only shrinks (a listed route that now declares
 * its answer, or no longer exists, fails below too, so the list stays exact).
 */

/** Routes whose answer no schema of ours can describe, each with why. */
const NO_RESPONSE_SCHEMA: Array<{ method: RegExp; url: RegExp; why: string }> = [
  {
    method: /^GET$/,
    url: /^\/api\/docs(\/|$)/,
    why: "@fastify/swagger-ui's own routes (the document and swagger-ui's files), registered by the plugin",
  },
]

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.close())

const key = (route: RouteEntry) => `${route.method} ${route.url}`

/**
 * The route declares the answer of its success status: a 2xx, or for a route that succeeds otherwise the
 * status it answers then (101: the notice socket's upgrade; 3xx: a redirect such as files/redirect-url).
 */
const declaresAnswer = (route: RouteEntry) => {
  const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response
  return !!response && Object.keys(response).some((code) => /^(2\d\d|2xx|101|30[1-8])$/.test(code))
}
const excused = (route: RouteEntry) =>
  NO_RESPONSE_SCHEMA.some((e) => e.method.test(route.method) && e.url.test(route.url))

describe('route responses', () => {
  it('every route declares its request and the answer of its success status', () => {
    const left = new Set(ROUTES_WITHOUT_RESPONSE)
    const incomplete = app.routeTable
      .map((route) => ({
        route: key(route),
        problems: [
          ...missing(route),
          ...(declaresAnswer(route) || excused(route) || left.has(key(route))
            ? []
            : ['response: no schema for its success status (server/responses.ts)']),
        ],
      }))
      .filter((entry) => entry.problems.length)
      .map((entry) => `${entry.route}: ${entry.problems.join(', ')}`)
    expect(incomplete, `${incomplete.length} routes without a full schema`).toEqual([])
  })

  it('the list of routes left without a response schema is exact: each is a route that still lacks one', () => {
    const lacking = new Set(app.routeTable.filter((r) => !declaresAnswer(r)).map(key))
    const stale = ROUTES_WITHOUT_RESPONSE.filter((route) => !lacking.has(route))
    expect(stale, 'declared now or removed: take them off support/route-responses-left.ts').toEqual([])
  })
})
