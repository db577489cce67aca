/**
 * Removal strategies: in which order stock is taken out (allocation, processing consumption, replenishment).
 * As Odoo's removal strategy (product → category → location) and SAP EWM's stock removal rule, the most
 * specific setting wins:
 *
 * 1. the goods' own `removalStrategy` (goods master data);
 * 2. the first enabled ALLOCATION rule (/winv/rule) of the warehouse — or of every warehouse — and the owner —
 *    or of every owner — by priority (lower first), whose strategy is a removal strategy;
 * 3. the first enabled strategy (/winv/strategy) matched the same way;
 * 4. FIFO.
 *
 * FIFO takes the oldest stock first (the balance's `inDate`: the lot's first receipt, else when stock came into
 * the balance), FEFO the first to expire (`expiryDate`, stock without one last, then FIFO), LIFO the newest.
 * Expired stock (expiry date before today) is never available, whatever the strategy.
 */
import { sql, type RawBuilder } from 'kysely'
import type { Db } from '../../db/schema.ts'

export const REMOVAL_STRATEGIES = ['FIFO', 'FEFO', 'LIFO'] as const
export type RemovalStrategy = (typeof REMOVAL_STRATEGIES)[number]

export interface ResolvedStrategy {
  strategy: RemovalStrategy
  /** Where it came from, for messages and tests: `goods`, `rule <code>`, `strategy <code>`, `default`. */
  source: string
}

const isRemoval = (value: unknown): value is RemovalStrategy =>
  REMOVAL_STRATEGIES.includes(String(value) as RemovalStrategy)

/** The removal strategy of goods in a warehouse for an owner (see the module comment for the order). */
export async function removalStrategy(
  db: Db,
  tenantId: number,
  where: { warehouseId: number; goodsId: number; ownerId?: number },
): Promise<ResolvedStrategy> {
  const goods = await sql<{ removalStrategy: string | null; ownerCode: string | null }>`
    select g.removal_strategy, o.owner_code from wmdm_goods g
      left join wmdm_owner o on o.owner_id = ${where.ownerId ?? null}
    where g.tenant_id = ${tenantId} and g.goods_id = ${where.goodsId}`.execute(db)
  const found = goods.rows[0]
  if (isRemoval(found?.removalStrategy)) return { strategy: found.removalStrategy, source: 'goods' }
  const ownerCode = found?.ownerCode ?? null
  const rules = await sql<{ code: string; strategy: string }>`
    select rule_code as code, strategy_code as strategy from winv_rule
    where tenant_id = ${tenantId} and rule_type = 'ALLOCATION' and enabled_flag = 1
      and strategy_code in (${sql.join([...REMOVAL_STRATEGIES])})
      and (warehouse_id is null or warehouse_id = ${where.warehouseId})
      and (coalesce(owner_code, '') = '' or owner_code = ${ownerCode})
    order by priority nulls last, warehouse_id nulls last, rule_id limit 1`.execute(db)
  const rule = rules.rows[0]
  if (rule && isRemoval(rule.strategy)) return { strategy: rule.strategy, source: `rule ${rule.code}` }
  const strategies = await sql<{ code: string; strategy: string }>`
    select strategy_code as code, strategy_type as strategy from winv_strategy
    where tenant_id = ${tenantId} and enabled_flag = 1
      and strategy_type in (${sql.join([...REMOVAL_STRATEGIES])})
      and (warehouse_id is null or warehouse_id = ${where.warehouseId})
      and (coalesce(owner_code, '') = '' or owner_code = ${ownerCode})
    order by priority nulls last, warehouse_id nulls last, strategy_id limit 1`.execute(db)
  const strategy = strategies.rows[0]
  if (strategy && isRemoval(strategy.strategy))
    return { strategy: strategy.strategy, source: `strategy ${strategy.code}` }
  return { strategy: 'FIFO', source: 'default' }
}

/**
 * The `order by` of balances (table winv_stock) for a strategy; ties broken by batch and location. A balance
 * older than in dates (none kept) counts from its creation.
 */
export function removalOrder(strategy: RemovalStrategy): RawBuilder<unknown> {
  const age = sql`coalesce(in_date, creation_date)`
  switch (strategy) {
    case 'FEFO':
      return sql`expiry_date asc nulls last, ${age} asc, batch_code, location_id`
    case 'LIFO':
      return sql`${age} desc, batch_code desc, location_id`
    default:
      return sql`${age} asc, batch_code, location_id`
  }
}

/** Stock that may be taken: not expired (the expiry date is the last day it may leave). */
export const notExpired = sql`(expiry_date is null or expiry_date >= current_date)`

/** `notExpired` for a balance read under an alias (`s`): the public stock query's available quantity. */
export const notExpiredOf = (alias: string) =>
  sql`(${sql.ref(`${alias}.expiry_date`)} is null or ${sql.ref(`${alias}.expiry_date`)} >= current_date)`
