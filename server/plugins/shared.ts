import type { FastifyPluginAsync } from 'fastify'

/**
 * A plugin's name and the plugins it needs registered before it (what fastify-plugin's `name` and
 * `dependencies` declare, set through the same symbols, which Fastify reads itself): registering a plugin
 * before one it depends on stops the start with FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED naming both, where app.ts
 * had ordering comments.
 */
export interface PluginMeta {
  name: string
  dependencies?: readonly string[]
}

/** Gives `plugin` its name and dependencies (it stays encapsulated: a route module). */
export function named<T extends FastifyPluginAsync>(plugin: T, meta: PluginMeta): T {
  Object.assign(plugin, {
    [Symbol.for('plugin-meta')]: { name: meta.name, dependencies: [...(meta.dependencies ?? [])] },
    [Symbol.for('fastify.display-name')]: meta.name,
  })
  return plugin
}

/**
 * Marks an app plugin as shared with the whole app (what fastify-plugin does): its hooks, decorators and
 * handlers apply to every route, not only to routes registered inside it. `shared({ name, dependencies },
 * plugin)` also names it and declares what it needs (above).
 */
export function shared<T extends FastifyPluginAsync>(plugin: T): T
export function shared<T extends FastifyPluginAsync>(meta: PluginMeta, plugin: T): T
export function shared<T extends FastifyPluginAsync>(first: T | PluginMeta, second?: T): T {
  const plugin = (second ?? first) as T
  Object.assign(plugin, { [Symbol.for('skip-override')]: true })
  return second ? named(plugin, first as PluginMeta) : plugin
}

/**
 * The app plugins that must be registered before any route: the error handler, headers and rate limits a
 * route takes when it is added, and every onRoute hook (the route table, guards, schema bounds, field rules,
 * the OpenAPI document) that only sees routes registered after it. `routeModule` makes a module depend on all.
 */
export const BEFORE_ROUTES = [
  'error-handler',
  'security-headers',
  'public-rate-limits',
  'auth',
  'input-guards',
  'permission-guards',
  'route-table',
  'live-model-routes',
  'route-schema-bounds',
  'model-save-checks',
  'read-guards',
  'field-rule-routes',
  'api-docs',
] as const

/** A module of routes: named, after every plugin of BEFORE_ROUTES and the `after` plugins it names. */
export const routeModule = <T extends FastifyPluginAsync>(name: string, plugin: T, after: string[] = []) =>
  named(plugin, { name, dependencies: [...BEFORE_ROUTES, ...after] })
