/**
 * The static texts users see (/hpfm/static-text-org, table hpfm_static_text): GET current-static-texts answers
 * every signed-in user of the tenant the enabled texts in the user's language whose dates hold today (an empty
 * start or end is open), newest start first. The home page (/workplace) shows them as notices.
 */
import { Type } from '@sinclair/typebox'
import { sql } from 'kysely'
import type { FastifyPluginAsync } from 'fastify'
import { sessionOf } from '../../plugins/permissions.ts'
import { wireDateTime } from '../hsdr/clock.ts'
import { modelDb } from '../models/model-scope.ts'

export const staticTextRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/hpfm/v1/:tenantId/current-static-texts',
    { schema: { params: Type.Object({ tenantId: Type.Integer() }), querystring: Type.Object({}) } },
    async (request) => {
      const session = sessionOf(request)
      const today = wireDateTime(new Date(app.config.now())).slice(0, 10)
      return modelDb(app.db)
        .selectFrom('hpfm_static_text')
        .select(['staticTextId', 'textCode', 'title', 'content', 'startDate', 'endDate'])
        .where('tenantId', '=', session.tenantId)
        .where('lang', '=', session.language)
        .where('enabledFlag', '=', 1)
        .where(sql<boolean>`(start_date is null or start_date <= ${today}::date)`)
        .where(sql<boolean>`(end_date is null or end_date >= ${today}::date)`)
        .orderBy(sql`start_date desc nulls last`)
        .orderBy('textCode')
        .limit(20)
        .execute()
    },
  )
}
