import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn } from '../../server/testing.ts'
import { missing } from './support/route-schemas.ts'

/**
 * Every route declares its whole request (issue 21, "Hostile input"): a params schema naming each `:param` of
 * its URL with a type, a querystring schema on GET, a body schema on POST/PUT/PATCH/DELETE. Then bad input is a
 * 400 naming the parameter before any handler runs, and an id out of its column's range never reaches SQL.
 * Generated over app.routeTable: a new route without a schema fails here, without editing this file.
 */

let app: FastifyInstance
let admin: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

describe('route schemas', () => {
  it('every route of the route table declares its params, querystring (GET) and body (writes)', () => {
    const incomplete = app.routeTable
      .map((route) => ({ route: `${route.method} ${route.url}`, problems: missing(route) }))
      .filter((entry) => entry.problems.length)
      .map((entry) => `${entry.route}: ${entry.problems.join(', ')}`)
    expect(incomplete, `${incomplete.length} routes without a full schema`).toEqual([])
  })
})

/** Beyond bigint, beyond the safe integers, beyond int4, not finite: each once reached SQL and was a 500. */
const OUT_OF_RANGE = ['99999999999999999999999', '9007199254740993', '1e308', '-99999999999999999999999']

describe('ids out of range', () => {
  it.each([
    ['POST', '/api/wms/v1/1/barcode-convert-rules/99999999999999999999999/test', { barcode: 'x' }, /id/],
    ['POST', '/api/hitf/v1/1/interfaces/99999999999999999999999/invoke', {}, /interfaceId|id/],
    ['POST', '/api/hsdr/v1/1/programs/99999999999999999999999/submit', {}, /concurrentId/],
    ['GET', '/api/hpfm/v1/1/event-flows/99999999999999999999999', undefined, /eventId/],
    ['DELETE', '/api/iam/v1/1/roles', '{"roleId":1e308}', /roleId/],
  ] as const)('%s %s is a 400 naming the parameter', async (method, url, payload, names) => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `bearer ${admin}`, 'content-type': 'application/json' },
      ...(payload !== undefined ? { payload } : {}),
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().message).toMatch(names)
  })

  it('every route with a path parameter answers an out-of-range value without a 500', async () => {
    const failures: string[] = []
    for (const route of app.routeTable.filter((r) => r.url.startsWith('/api/') && r.url.includes('/:'))) {
      for (const name of [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!)) {
        if (name === 'tenantId') continue
        for (const value of OUT_OF_RANGE) {
          const url = route.url.replace(/:(\w+)/g, (_, other: string) =>
            other === name ? value : other === 'tenantId' ? '1' : '1',
          )
          const response = await app.inject({
            method: route.method as 'GET',
            url,
            headers: { authorization: `bearer ${admin}`, 'content-type': 'application/json' },
            ...(route.method === 'GET' ? {} : { payload: '{}' }),
          })
          if (response.statusCode >= 500)
            failures.push(`${route.method} ${url} → ${response.statusCode} ${response.body.slice(0, 200)}`)
        }
      }
    }
    expect(failures).toEqual([])
  }, 240_000)
})
