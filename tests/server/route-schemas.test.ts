import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn } from '../../server/testing.ts'
import type { RouteEntry } from '../../server/plugins/route-table.ts'

/**
 * Every route declares its whole request (issue 21, "Hostile input"): a params schema naming each `:param` of
 * its URL with a type, a querystring schema on GET, a body schema on POST/PUT/PATCH/DELETE. Then bad input is a
 * 400 naming the parameter before any handler runs, and an id out of its column's range never reaches SQL.
 * Generated over app.routeTable: a new route without a schema fails here, without editing this file.
 */

/**
 * The few routes that declare less, each with why. Nothing else may: a new route without a schema fails below.
 * `parts` are what the route may leave out.
 */
const EXCEPTIONS: Array<{
  method: RegExp
  url: RegExp
  parts: Array<'params' | 'querystring' | 'body'>
  why: string
}> = [
  {
    method: /^POST$/,
    url: /\/files\/multipart$|\/files\/attachment\/multipart$|\/import-templates\/:templateCode\/upload$/,
    parts: ['body'],
    why: 'multipart/form-data uploads: @fastify/multipart streams the parts to the handler, which checks the fields, names and sizes and answers 400 on a body it cannot read (request-bounds.test.ts)',
  },
  {
    method: /./,
    url: /^\/api\/hitf\/v1\/rest\/invoke\//,
    parts: ['querystring', 'body'],
    why: 'the public interface gateway forwards any query and body to the interface an administrator configured; its path parameters are declared, the interface checks what it receives',
  },
  {
    method: /^GET$/,
    url: /^\/api\/docs(\/|$)/,
    parts: ['params', 'querystring'],
    why: "@fastify/swagger-ui's own routes: the OpenAPI document and swagger-ui's static files, which read no input",
  },
  {
    method: /^GET$/,
    url: /^\/\*$/,
    parts: ['params', 'querystring'],
    why: "the built app's files and its index.html for every other path (the browser's routes; registered when dist/app exists); it reads no input",
  },
]

let app: FastifyInstance
let admin: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

/** What is missing from a route's schema, or an empty list. */
function missing(route: RouteEntry): string[] {
  const problems: string[] = []
  const schema = (route.schema ?? {}) as Record<string, unknown>
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!)
  const wildcard = route.url.includes('*')
  if (names.length || wildcard) {
    const params = schema.params as
      { properties?: Record<string, { type?: unknown; anyOf?: unknown }> } | undefined
    for (const name of [...names, ...(wildcard ? ['*'] : [])]) {
      const property = params?.properties?.[name]
      if (!property) problems.push(`params: ${name} undeclared`)
      else if (property.type === undefined && property.anyOf === undefined)
        problems.push(`params: ${name} has no type`)
    }
  }
  if (route.method === 'GET' && !schema.querystring) problems.push('querystring: no querystring schema')
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && !schema.body)
    problems.push('body: no body schema')
  const excused = EXCEPTIONS.filter((e) => e.method.test(route.method) && e.url.test(route.url)).flatMap(
    (e) => e.parts,
  )
  return problems.filter((problem) => !excused.some((part) => problem.startsWith(part)))
}

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
