/**
 * Logistics data permissions (CORE-USR-06 for ets): the rows of `ets/etsUserPermission` (screen
 * /ets/user-permission) say which stores, regions, ship-from warehouses and shippers a user follows. A user with
 * at least one enabled row sees only the shipments matching ANY of them (store code, region code, warehouse code
 * or shipper code) — in every list, get, export, aggregate (the charts and summaries) and lifecycle action of
 * shipments, of the overdue view and of the tracking events; a user with none sees every shipment of the tenant. Roles with every
 * permission (tenant and site administrators, or the all-data code) are never limited. Effective at once: the
 * rows are read on every request.
 */
import { sql, type RawBuilder } from 'kysely'
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import type { Session } from '../../types.ts'

/** `any(array(select the shipment ids the session's user may see))`, for the models keyed by shipmentId. */
export function visibleShipmentIds(session: Session): RawBuilder<unknown> {
  const grants = sql`ets_user_permission p
    where p.tenant_id = ${session.tenantId} and p.enabled_flag = 1
      and p.login_name = (select u.login_name from iam_user u where u.id = ${session.userId})`
  return sql`any(array(select s.shipment_id from ets_shipment s where s.tenant_id = ${session.tenantId} and (
      not exists (select 1 from ${grants})
      or exists (select 1 from ${grants} and (
        (p.scope_type = 'STORE' and p.scope_value = s.store_code)
        or (p.scope_type = 'REGION' and p.scope_value = s.region_code)
        or (p.scope_type = 'WAREHOUSE' and p.scope_value = s.warehouse_code)
        or (p.scope_type = 'SHIPPER' and p.scope_value = s.shipper_code))))))`
}

/** The shipments, the overdue view (keyed by the shipment's id) and the tracking events of a shipment. */
export const etsScopeBehaviour: ModelBehaviour[] = [
  'ets/shipment',
  'ets/shipment-warning',
  'ets/track-event',
].map((model) => modelBehaviour({ model, scope: (session) => [['shipmentId', visibleShipmentIds(session)]] }))
