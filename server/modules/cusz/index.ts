import type { FastifyPluginAsync } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { cuszInfoRoutes } from './routes-infos.ts'
import { templateRoutes } from './routes-templates.ts'
import { tenantAndSite } from '../../route-forms.ts'

/**
 * Personal settings under /hpfm: filter templates per menu page (cusz-query-user-template, with the
 * filterable fields of the page's model) and column personalisation (cusz-infos). Tenant and site forms.
 */
export function cuszModule(models: ModelSchema[]): FastifyPluginAsync {
  return async (app) => {
    for (const { base: prefix } of tenantAndSite('hpfm')) {
      await app.register(templateRoutes(prefix, models))
      await app.register(cuszInfoRoutes(prefix))
    }
  }
}
