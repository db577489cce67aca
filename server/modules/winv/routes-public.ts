/**
 * The public stock query (/public/winv/stockQuery): no sign-in, under the public rate limit
 * (server/plugins/rate-limits.ts). It answers only what a shop assistant or customer may see for one goods
 * code or barcode: the goods' code, name, specification and unit, and per warehouse the quantity available
 * (on hand − reserved − locked, outside quarantine, of lots not expired: the rule allocation follows,
 * stock/strategies.ts `notExpired`) and the quantity in quarantine (`inQc`: on hand in a location of a QC area,
 * never available, as allocation never takes it: stock/ledger.ts). Expired stock is on hand, not available:
 * it is in neither figure. No owner, location,
 * batch, price or document is ever answered.
 */
import { Type } from '@sinclair/typebox'
import { sql } from 'kysely'
import type { TypedPlugin } from '../../type-provider.ts'
import { badRequest, notFound } from '../../errors.ts'
import { notExpiredOf } from '../stock/strategies.ts'

const Params = Type.Object({ tenantId: Type.Integer({ minimum: 1 }) })
const Query = Type.Object({ code: Type.String({ minLength: 1, maxLength: 60 }) })

export const publicStockRoutes: TypedPlugin = async (app) => {
  app.get(
    '/api/wms/v1/pub/:tenantId/stock-query',
    { config: { public: true }, schema: { params: Params, querystring: Query } },
    async (request) => {
      const { tenantId } = request.params
      const code = request.query.code.trim()
      if (!code) throw badRequest('code: give a goods code or barcode.', { code: 'required' })
      const goods = await sql<{
        goodsId: number
        goodsCode: string
        goodsName: string
        specification: string | null
        uomCode: string
        barcode: string | null
      }>`
        select goods_id, goods_code, goods_name, specification, uom_code, barcode from wmdm_goods
        where tenant_id = ${tenantId} and enabled_flag = 1 and (goods_code = ${code} or barcode = ${code})
        order by goods_code limit 5`.execute(app.db)
      if (!goods.rows.length)
        throw notFound(`No goods with code or barcode '${code}': check the code printed on the label.`)
      const ids = goods.rows.map((g) => g.goodsId)
      const stock = await sql<{ goodsId: number; warehouseName: string; available: string; inQc: string }>`
        select goods_id, warehouse_name, available, in_qc from (
          select s.goods_id, w.warehouse_name,
            coalesce(sum(s.quantity - s.reserved_quantity - s.locked_quantity)
              filter (where a.area_type is distinct from 'QC' and ${notExpiredOf('s')}), 0) as available,
            coalesce(sum(s.quantity) filter (where a.area_type = 'QC'), 0) as in_qc
          from winv_stock s join wmdm_warehouse w on w.warehouse_id = s.warehouse_id
            left join wmdm_location l on l.location_id = s.location_id
            left join wmdm_wharea a on a.wharea_id = l.wharea_id
          where s.tenant_id = ${tenantId} and s.goods_id in (${sql.join(ids)})
          group by s.goods_id, w.warehouse_name) per_warehouse
        where available > 0 or in_qc > 0
        order by warehouse_name`.execute(app.db)
      const total = (values: number[]) => Math.round(values.reduce((sum, v) => sum + v, 0) * 10000) / 10000
      return goods.rows.map(({ goodsId, ...rest }) => {
        const warehouses = stock.rows
          .filter((s) => s.goodsId === goodsId)
          .map((s) => ({
            warehouseName: s.warehouseName,
            available: Math.max(Number(s.available), 0),
            inQc: Number(s.inQc),
          }))
        return {
          ...rest,
          available: total(warehouses.map((w) => w.available)),
          inQc: total(warehouses.map((w) => w.inQc)),
          warehouses,
        }
      })
    },
  )
}
