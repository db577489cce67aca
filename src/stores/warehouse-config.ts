/**
 * The warehouse config of the session (CORE-DATA-03, CORE-USR-06): the quantity precision of the user's
 * default warehouse, its step (1 / 10^precision), and the user's default warehouse permissions (orgList,
 * ownerList, warehouseList — CORE-API-21). Loaded once with the session for tenant-level roles; the server
 * limits every warehouse select (Lov) to the same grants, so the two always agree.
 */
import type { CurrentUser } from '../../renderer/contract/wire'
import type { HttpClient } from '../http/http-client'

export interface WarehouseConfig {
  precision: number
  step: number
  orgList: Array<{ invOrganizationId: number; invOrganizationCode: string; invOrganizationName: string }>
  ownerList: Array<{ ownerId: number; ownerCode: string; ownerName: string }>
  warehouseList: Array<{
    warehouseId: number
    warehouseCode: string
    warehouseName: string
    quantityPrecision: number
    defaultFlag: 0 | 1
  }>
}

/** 1 / 10^precision without floating-point noise: stepOf(3) → 0.001, stepOf(0) → 1. */
export const stepOf = (precision: number) => Number((1 / 10 ** precision).toFixed(precision))

/** The user's default warehouse (the one flagged default, else the first), if any. */
export const defaultWarehouse = (config: WarehouseConfig) =>
  config.warehouseList.find((w) => w.defaultFlag === 1) ?? config.warehouseList[0]

/**
 * The warehouse a create form pre-fills (compile/default-warehouse.ts): only the one flagged default — a user
 * with warehouses but no default gets an empty field, not the first one.
 */
export function flaggedDefaultWarehouse(config: WarehouseConfig | null | undefined) {
  const found = config?.warehouseList.find((w) => w.defaultFlag === 1)
  return found
    ? {
        warehouseId: found.warehouseId,
        warehouseCode: found.warehouseCode,
        warehouseName: found.warehouseName,
      }
    : undefined
}

/** Loads the config; null for a site-level role (no tenant warehouses) or when the warehouse service fails. */
export async function loadWarehouseConfig(
  http: HttpClient,
  user: CurrentUser,
): Promise<WarehouseConfig | null> {
  if (user.currentRoleLevel === 'site') return null
  const base = `/v1/${user.tenantId}`
  try {
    const [permissions, accuracy] = await Promise.all([
      http.request<Omit<WarehouseConfig, 'precision' | 'step'>>({
        method: 'GET',
        service: 'wms',
        path: `${base}/warehouses/query-default-warehourse-permissions`,
        silent: true,
      }),
      http.request<{ precision: number }>({
        method: 'GET',
        service: 'wms',
        path: `${base}/wms-common/query-digital-accuracy`,
        silent: true,
      }),
    ])
    return { ...permissions, precision: accuracy.precision, step: stepOf(accuracy.precision) }
  } catch {
    // The shell works without it; warehouse selects are limited by the server all the same.
    return null
  }
}
