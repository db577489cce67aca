/**
 * Logistics (ets): shipment tracking effects, delivery-progress snapshots, and the express query — signed in
 * (every field) and public (`/public/express`: status and timeline only, rate-limited like every public route).
 */
import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import { badRequest } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { takeProgressSnapshot } from './snapshots.ts'
import { trackShipments } from './tracking.ts'
import { NoBody, NoQuery } from '../../schemas.ts'

const waybillQuery = {
  type: 'object',
  properties: { q: { type: 'string', minLength: 1, maxLength: 400 }, tenantId: { type: 'integer' } },
  required: ['q'],
} as const

/** "SF1 SF2, SF3" → at most 20 distinct numbers of letters, digits and dashes; anything else is a 400. */
export function waybillNumbers(text: string): string[] {
  const numbers = [...new Set(text.split(/[\s,;，；]+/).filter(Boolean))]
  const bad = numbers.filter((n) => !/^[A-Za-z0-9-]{4,40}$/.test(n))
  if (bad.length)
    throw badRequest(
      `Not a waybill or order number: ${bad.slice(0, 3).join(', ')}. Use letters, digits and dashes (4–40).`,
      {
        q: 'letters, digits and dashes, 4–40 characters',
      },
    )
  if (numbers.length > 20)
    throw badRequest(`At most 20 numbers at once (got ${numbers.length}): split the query.`, {
      q: 'at most 20 numbers',
    })
  return numbers
}

export const etsModule: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/ets/v1/:tenantId/express/track',
    {
      schema: {
        querystring: waybillQuery,
        params: { type: 'object', properties: { tenantId: { type: 'integer' } } },
      },
    },
    (request) =>
      trackShipments(
        app.db,
        sessionOf(request).tenantId,
        waybillNumbers((request.query as { q: string }).q),
        true,
      ),
  )
  app.get(
    '/api/ets/v1/public/express/track',
    { config: { public: true }, schema: { querystring: waybillQuery } },
    async (request) => {
      const query = request.query as { q: string; tenantId?: number }
      // The public query names its tenant (a link printed on the parcel carries it); default the first tenant.
      return trackShipments(app.db, query.tenantId ?? 1, waybillNumbers(query.q), false)
    },
  )
  app.post(
    '/api/ets/v1/:tenantId/delivery-progress/snapshot',
    {
      config: { fieldRules: { none: 'answers the counts of the snapshot taken, not progress rows' } },
      preHandler: requirePermission('ets.deliveryProgress.button.snapshot'),
      schema: {
        body: NoBody,
        params: { type: 'object', properties: { tenantId: { type: 'integer' } }, required: ['tenantId'] },
      },
    },
    (request) => app.db.transaction().execute((trx) => takeProgressSnapshot(trx, sessionOf(request))),
  )
  app.get(
    '/api/ets/v1/:tenantId/delivery-area-map',
    {
      schema: {
        querystring: NoQuery,
        params: { type: 'object', properties: { tenantId: { type: 'integer' } }, required: ['tenantId'] },
      },
    },
    async (request) => {
      const tenantId = sessionOf(request).tenantId
      const areas = await sql<{
        warehouseCode: string
        province: string
        shipperCode: string | null
        promisedHours: number
      }>`
      select warehouse_code, province, shipper_code, promised_hours from ets_delivery_area
      where tenant_id = ${tenantId} and enabled_flag = 1 order by warehouse_code, province`.execute(app.db)
      const warehouses = await sql<{ warehouseCode: string; warehouseName: string; province: string }>`
      select warehouse_code, warehouse_name, province from ets_warehouse
      where tenant_id = ${tenantId} and enabled_flag = 1 order by warehouse_code`.execute(app.db)
      return { warehouses: warehouses.rows, areas: areas.rows }
    },
  )
}
