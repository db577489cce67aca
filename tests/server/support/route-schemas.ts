import type { RouteEntry } from '../../../server/plugins/route-table.ts'

/**
 * What a route must declare of its request (issue 21, "Hostile input"), shared by route-schemas.test.ts and
 * route-responses.test.ts: a params schema naming each `:param` with a type, a querystring schema on GET, a body
 * schema on POST/PUT/PATCH/DELETE.
 */

/**
 * The few routes that declare less, each with why. Nothing else may: a new route without a schema fails below.
 * `parts` are what the route may leave out.
 */
export const EXCEPTIONS: Array<{
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

/** What is missing from a route's schema, or an empty list. */
export function missing(route: RouteEntry): string[] {
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
