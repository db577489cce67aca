/**
 * Field permission rules on the hand-written endpoints (server/modules/models/field-rules.ts has the rules).
 * The generic model endpoints apply the rules in their handlers; any other route that answers rows of a model,
 * or writes a model's fields from its body, declares it in `config.fieldRules` and this plugin applies the same
 * rules for it:
 *
 *   answers  rows of a model in the answer, at a path ('' the answer itself, 'warehouseList', 'lines.*'; each
 *            place may be a row, an array of rows or a page): the HIDDEN fields are left out of them; a model is
 *            named by its file (`wms/inbound-order-line`), like pages and the behaviour list name it;
 *            `query: true` also refuses a filter or sort by a hidden field (the route takes the model's list query)
 *   writes   a body that writes a model's row: 'create' (a new row), 'update' (the body's key names the row) or
 *            'action' (the route param `idParam` names the row; every field of the model counts, read-only in
 *            the model or not): a set or changed READ_ONLY or HIDDEN field is refused with 403, as the generic
 *            endpoints do
 *   inHandler the handler applies the rules itself (the generic model routes), or forwards to a route that does
 *   none     why the route carries no field of a model row (looked at, nothing to hide)
 *
 * tests/server/field-rules-routes.test.ts fails when a hand-written route under a model's path, or guarded by a
 * model's permission code, declares none of these.
 */
import type { FastifyPluginAsync, FastifyRequest, preHandlerHookHandler } from 'fastify'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import { nearest } from '../../renderer/schema/suggest.ts'
import {
  checkFieldRules,
  checkHiddenQuery,
  fieldRulesFor,
  withoutHiddenIn,
} from '../modules/models/field-rules.ts'
import { modelIndex } from '../modules/models/model-index.ts'
import type { Row } from '../modules/models/model-scope.ts'
import { shared } from './shared.ts'

export interface FieldRulesOfRoute {
  answers?: Array<{ model: string; at?: string; query?: boolean }>
  writes?: Array<{ model: string; op: 'create' | 'update' | 'action'; at?: string; idParam?: string }>
  inHandler?: string
  none?: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which model rows the route answers or writes (plugins/field-rule-routes.ts). */
    fieldRules?: FieldRulesOfRoute
  }
}

/** The values at `path` of `value` ('' itself; '*' every element or property). */
function placesOf(value: unknown, path: string): Array<{ get: () => unknown; set: (v: unknown) => void }> {
  let places = [{ get: () => value, set: (v: unknown) => (value = v) }]
  const root = places[0]!
  for (const key of path.split('.').filter(Boolean)) {
    const next: typeof places = []
    for (const place of places) {
      const holder = place.get()
      if (holder === null || typeof holder !== 'object') continue
      const object = holder as Record<string, unknown>
      const keys = key === '*' ? Object.keys(object) : [key]
      for (const k of keys)
        if (object[k] !== undefined) next.push({ get: () => object[k], set: (v: unknown) => (object[k] = v) })
    }
    places = next
  }
  return path ? places : [root]
}

/** `answer` with the HIDDEN fields left out at each declared place (a copy where something is left out). */
async function hideDeclared(
  request: FastifyRequest,
  models: ReadonlyMap<string, ModelSchema>,
  declared: NonNullable<FieldRulesOfRoute['answers']>,
  answer: unknown,
): Promise<unknown> {
  const session = request.session
  if (!session || answer === null || typeof answer !== 'object') return answer
  const ruled = []
  for (const { model: key, at = '' } of declared) {
    const rules = await fieldRulesFor(request.server.db, modelOf(models, key), session)
    if (rules.hidden.size) ruled.push({ at, rules })
  }
  if (!ruled.length) return answer
  let result: unknown = structuredCopy(answer)
  for (const { at, rules } of ruled) {
    const places = placesOf(result, at)
    for (const place of places) place.set(withoutHiddenIn(place.get(), rules))
    if (!at) result = places[0]!.get()
  }
  return result
}

/** A copy of a JSON answer whose containers can be changed without touching the handler's objects. */
const structuredCopy = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(structuredCopy)
    : value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, structuredCopy(v)]))
      : value

function modelOf(models: ReadonlyMap<string, ModelSchema>, key: string): ModelSchema {
  const model = models.get(key)
  // A route declaring an unknown model is a programming error: fail at start, not on a request.
  if (!model) {
    const near = nearest(key, models.keys())
    throw new Error(
      `fieldRules names model '${key}', which no model file defines: name a model by its file's name${near ? ` (did you mean '${near}'?)` : ''}`,
    )
  }
  return model
}

export function fieldRuleRoutes(modelList: readonly ModelSchema[]): FastifyPluginAsync {
  return shared({ name: 'field-rule-routes', dependencies: ['auth'] }, async (app) => {
    // Keyed by the model file's name (`wms/inbound-order-line`), as pages and the behaviour list name models;
    // read at each request, so a model file saved while the server runs is checked with its new fields.
    // A model whose file was removed since keeps its start version here (its rows may still be answered).
    const atStart = modelIndex(modelList)
    let seen = atStart
    let merged: ReadonlyMap<string, ModelSchema> = atStart
    const models = (): ReadonlyMap<string, ModelSchema> => {
      const now = modelIndex(modelList)
      if (now !== seen) [seen, merged] = [now, new Map([...atStart, ...now])]
      return merged
    }
    app.addHook('onRoute', (route) => {
      const declared = route.config?.fieldRules
      if (!declared) return
      for (const { model } of [...(declared.answers ?? []), ...(declared.writes ?? [])])
        modelOf(models(), model)
      const checks: preHandlerHookHandler[] = []
      const queried = (declared.answers ?? []).filter((answer) => answer.query)
      if (queried.length)
        checks.push(async (request) => {
          if (!request.session) return
          for (const { model } of queried)
            await checkHiddenQuery(app.db, modelOf(models(), model), request.session, request.query as Row)
        })
      if (declared.writes?.length)
        checks.push(async (request) => {
          if (!request.session) return
          for (const { model: key, op, at = '', idParam } of declared.writes!) {
            const model = modelOf(models(), key)
            for (const place of placesOf(request.body, at)) {
              const rows = [place.get()].flat()
              for (const row of rows) {
                if (row === null || typeof row !== 'object') continue
                const id = idParam ? (request.params as Record<string, unknown>)[idParam] : undefined
                const body = idParam ? { ...(row as Row), [model.primaryKey]: Number(id) } : (row as Row)
                await checkFieldRules(app.db, model, request.session, op, body)
              }
            }
          }
        })
      // After the route's own preHandlers (its permission check): a caller without the code gets its 403 first.
      if (checks.length) route.preHandler = [...[route.preHandler ?? []].flat(), ...checks]
      if (declared.answers?.length) {
        const hide = async (request: FastifyRequest, reply: { statusCode: number }, payload: unknown) =>
          reply.statusCode >= 400 ? payload : hideDeclared(request, models(), declared.answers!, payload)
        route.preSerialization = [...[route.preSerialization ?? []].flat(), hide]
      }
    })
  })
}
