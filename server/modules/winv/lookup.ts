/** Reads of master data the winv documents check against (always within the caller's tenant). */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'

export interface GoodsInfo {
  goodsId: number
  goodsCode: string
  goodsName: string
  ownerId: number
  batchManagedFlag: number
  serialManagedFlag: number
  /** Lots carry an expiry date (receiving needs one). */
  expiryManagedFlag: number
  shelfLifeDays: number | null
}

export async function goodsOf(
  db: Db,
  tenantId: number,
  goodsId: unknown,
  field = 'goodsId',
): Promise<GoodsInfo> {
  const found = await sql<GoodsInfo>`select goods_id, goods_code, goods_name, owner_id, batch_managed_flag,
      serial_managed_flag, coalesce(expiry_managed_flag, 0) as expiry_managed_flag, shelf_life_days from wmdm_goods where tenant_id = ${tenantId} and goods_id = ${Number(goodsId)}`.execute(
    db,
  )
  const goods = found.rows[0]
  if (!goods)
    throw badRequest(`${field}: goods ${String(goodsId)} does not exist: pick goods from the list.`, {
      [field]: 'unknown goods',
    })
  return goods
}

export interface LocationInfo {
  locationId: number
  locationCode: string
  warehouseId: number
  whareaId: number
  enabledFlag: number
}

export async function locationOf(
  db: Db,
  tenantId: number,
  locationId: unknown,
  warehouseId: number,
  field = 'locationId',
): Promise<LocationInfo> {
  const found =
    await sql<LocationInfo>`select location_id, location_code, warehouse_id, wharea_id, enabled_flag
    from wmdm_location where tenant_id = ${tenantId} and location_id = ${Number(locationId)}`.execute(db)
  const location = found.rows[0]
  if (!location)
    throw badRequest(
      `${field}: location ${String(locationId)} does not exist: pick a location from the list.`,
      {
        [field]: 'unknown location',
      },
    )
  if (location.warehouseId !== warehouseId)
    throw badRequest(
      `${field}: location ${location.locationCode} is not in warehouse ${warehouseId}: pick a location of the document's warehouse.`,
      { [field]: 'location of another warehouse' },
    )
  return location
}

export async function nameOf(
  db: Db,
  table: 'warehouse' | 'owner',
  tenantId: number,
  id: unknown,
): Promise<string> {
  const found =
    table === 'warehouse'
      ? await sql<{ name: string }>`select warehouse_name as name from wmdm_warehouse
          where tenant_id = ${tenantId} and warehouse_id = ${Number(id)}`.execute(db)
      : await sql<{ name: string }>`select owner_name as name from wmdm_owner
          where tenant_id = ${tenantId} and owner_id = ${Number(id)}`.execute(db)
  const row = found.rows[0]
  if (!row)
    throw badRequest(`${table}Id: ${table} ${String(id)} does not exist: pick one from the list.`, {
      [`${table}Id`]: `unknown ${table}`,
    })
  return row.name
}
