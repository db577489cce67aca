import type { FastifyPluginAsync } from 'fastify'
import { auditRoutes } from './routes-audit.ts'
import './tables.ts'

/**
 * Audit and monitoring (hmnt): the audit configs are models (schemas/models/hmnt); the generic write path
 * records changes of audited models (audit-hook.ts); these routes read the records.
 */
export const hmntModule: FastifyPluginAsync = async (app) => {
  await app.register(auditRoutes)
}
