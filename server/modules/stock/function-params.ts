/**
 * Function parameters (/winv/functionParamsDefine, model wms/function-param): named switches per warehouse or
 * for the whole tenant (warehouseId empty). A warehouse's own enabled row wins over the tenant-wide one.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { conflict } from '../../errors.ts'

export type FunctionParamCode =
  | 'ALLOW_NEGATIVE_STOCK'
  | 'RECEIVE_OVER_PERCENT'
  | 'AUTO_ALLOCATE_ON_SUBMIT'
  | 'BLIND_COUNT'
  | 'SHIP_WEIGHT_TOLERANCE'
  | 'COUNT_APPROVAL_PERCENT'
  | 'COUNT_APPROVAL_VALUE'
  | 'DEFAULT_DELIVERY_TYPE'

/** The value of a parameter for a warehouse, or undefined when neither the warehouse nor the tenant sets it. */
export async function functionParam(
  db: Db,
  tenantId: number,
  code: FunctionParamCode,
  warehouseId?: number | null,
): Promise<string | undefined> {
  const rows = await sql<{ paramValue: string }>`select param_value from winv_function_param
    where tenant_id = ${tenantId} and param_code = ${code} and enabled_flag = 1
      and (warehouse_id = ${warehouseId ?? null} or warehouse_id is null)
    order by warehouse_id is null
    limit 1`.execute(db)
  return rows.rows[0]?.paramValue
}

/** True when a Y/N parameter is switched on (Y, YES, TRUE, 1). */
export async function functionSwitch(
  db: Db,
  tenantId: number,
  code: FunctionParamCode,
  warehouseId?: number | null,
): Promise<boolean> {
  const value = await functionParam(db, tenantId, code, warehouseId)
  return value !== undefined && /^(y|yes|true|1)$/i.test(value.trim())
}

/**
 * A numeric parameter (a percentage, an amount), or undefined when it is not set. A value that is not a number
 * 0 or more is refused (409) naming the parameter, rather than read as "no limit".
 */
export async function functionNumber(
  db: Db,
  tenantId: number,
  code: FunctionParamCode,
  warehouseId?: number | null,
): Promise<number | undefined> {
  const value = await functionParam(db, tenantId, code, warehouseId)
  if (value === undefined || !value.trim()) return undefined
  const number = Number(value.trim())
  if (!Number.isFinite(number) || number < 0)
    throw conflict(
      'error.function_param',
      `Function parameter ${code} is '${value}', not a number: set it to a number 0 or more on the function parameters screen (/winv/functionParamsDefine), or disable it.`,
    )
  return number
}
