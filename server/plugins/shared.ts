import type { FastifyPluginAsync } from 'fastify'

/**
 * Marks an app plugin as shared with the whole app (what fastify-plugin does): its hooks, decorators and
 * handlers apply to every route, not only to routes registered inside it.
 */
export function shared<T extends FastifyPluginAsync>(plugin: T): T {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true })
  return plugin
}
