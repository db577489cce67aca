import type { FastifyPluginAsync } from 'fastify'
import { menuAdminRoutes } from './routes-menu-admin.ts'
import { menuRoutes } from './routes-menus.ts'
import { preferenceRoutes } from './routes-preferences.ts'
import { selfRoutes } from './routes-self.ts'
import { switchRoutes } from './routes-switch.ts'

/** Identity: the current user, role and tenant switching, menus and permission checks. */
export const iamModule: FastifyPluginAsync = async (app) => {
  await app.register(selfRoutes)
  await app.register(switchRoutes)
  await app.register(menuRoutes)
  await app.register(preferenceRoutes)
  await app.register(menuAdminRoutes)
}
