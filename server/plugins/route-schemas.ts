/**
 * Every route's request schema is bounded (issue 21, "Hostile input"): an integer declared without a range
 * gets the range JavaScript numbers carry exactly (±(2^53-1)). Without it, `99999999999999999999999` in a
 * path or `{"roleId":1e308}` in a body passed `type: integer` (Ajv coerces it to 1e23, a whole number) and
 * failed the query in PostgreSQL with a 500; now it is a 400 naming the parameter before any handler runs.
 * Routes declare their own tighter bounds with the shared schemas of server/schemas.ts (ids 1…2^53-1, int4
 * columns ≤ 2^31-1); this hook is the floor for every route, including ones added later.
 */
import type { FastifyPluginAsync } from 'fastify'
import { ID_MAX } from '../schemas.ts'
import { shared } from './shared.ts'

type Node = Record<string, unknown>

const isInteger = (node: Node) =>
  node.type === 'integer' || (Array.isArray(node.type) && node.type.includes('integer'))

/** Adds the safe-integer bounds to every integer of `schema` that lacks them (in place; idempotent). */
export function boundIntegers(schema: unknown, seen = new Set<unknown>()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return
  seen.add(schema)
  const node = schema as Node
  if (isInteger(node)) {
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) node.maximum = ID_MAX
    if (node.minimum === undefined && node.exclusiveMinimum === undefined) node.minimum = -ID_MAX
  }
  for (const child of Object.values(node)) boundIntegers(child, seen)
}

export const routeSchemaBounds: FastifyPluginAsync = shared({ name: 'route-schema-bounds' }, async (app) => {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Node | undefined
    if (!schema) return
    for (const part of ['params', 'querystring', 'body', 'headers']) boundIntegers(schema[part])
  })
})
