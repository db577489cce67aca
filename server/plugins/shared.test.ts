import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { BEFORE_ROUTES, named, routeModule, shared } from './shared.ts'

/**
 * Plugin order is declared, not commented (issue 20): a route module registered before the app plugins its
 * routes need (an onRoute hook sees only the routes added after it) stops the start naming what is missing.
 * buildApp registers every BEFORE_ROUTES plugin before its modules, or it would not start (every server test).
 */
const plugin = (name: string, dependencies: string[] = []) => shared({ name, dependencies }, async () => {})

describe('plugin dependencies', () => {
  it('a route module before the plugins every route needs stops the start, naming the missing one', async () => {
    const app = Fastify()
    await app.register(plugin('error-handler'))
    const start = async () => app.register(routeModule('orders', async () => {}))
    await expect(start()).rejects.toThrow(
      /dependency 'security-headers' of plugin 'orders' is not registered/,
    )
  })

  it('a module after all of them and the plugins it names starts', async () => {
    const app = Fastify()
    for (const name of BEFORE_ROUTES) await app.register(plugin(name))
    await app.register(plugin('hsdr'))
    await app.register(
      routeModule(
        'models',
        async (instance) => {
          instance.get('/x', async () => 'ok')
        },
        ['hsdr'],
      ),
    )
    await app.ready()
    expect((await app.inject('/x')).body).toBe('ok')
  })

  it('a plugin before one it needs (the read guards before the route table) stops the start', async () => {
    const app = Fastify()
    await app.register(plugin('auth'))
    const start = async () =>
      app.register(named(async () => {}, { name: 'read-guards', dependencies: ['auth', 'route-table'] }))
    await expect(start()).rejects.toThrow(/'route-table' of plugin 'read-guards' is not registered/)
  })
})
