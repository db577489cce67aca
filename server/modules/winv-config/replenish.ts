/**
 * Replenishment (/winv/ruleReplenishment, model wms/replenishment-rule): when the goods at the rule's pick
 * location is below the minimum, move stock from the warehouse's other locations (oldest batch first, then
 * the fullest location) up to the maximum, through the stock ledger (docType REPLENISH), in the caller's
 * transaction: every pair of moves (out of storage, into the pick location) is logged and any refusal rolls
 * all of them back.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { conflict, notFound } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { availableByLocation, lockBalance, moveStock } from '../stock/ledger.ts'

interface Rule {
  replenishmentRuleId: number
  warehouseId: number
  goodsId: number
  pickLocationId: number
  minQuantity: number
  maxQuantity: number
  enabledFlag: number
}

export async function replenish(
  db: Db,
  session: Session,
  ruleId: number,
): Promise<{ moved: number; pickQuantity: number }> {
  const rule = (
    await sql<Rule>`select replenishment_rule_id, warehouse_id, goods_id, pick_location_id, min_quantity,
        max_quantity, enabled_flag
      from winv_replenishment_rule where tenant_id = ${session.tenantId} and replenishment_rule_id = ${ruleId}
      for update`.execute(db)
  ).rows[0]
  if (!rule) throw notFound(`Replenishment rule ${ruleId} does not exist (or is not yours): reload the list.`)
  if (!rule.enabledFlag)
    throw conflict('error.rule_disabled', `Replenishment rule ${ruleId} is disabled: enable it first.`)
  if (rule.maxQuantity < rule.minQuantity)
    throw conflict(
      'error.rule_invalid',
      `The maximum (${rule.maxQuantity}) is below the minimum (${rule.minQuantity}): correct the rule.`,
    )
  const goods = (
    await sql<{
      ownerId: number
    }>`select owner_id from wmdm_goods where goods_id = ${rule.goodsId} and tenant_id = ${session.tenantId}`.execute(
      db,
    )
  ).rows[0]
  if (!goods)
    throw notFound(`Goods ${rule.goodsId} of the rule does not exist any more: edit the rule or delete it.`)
  const atPick = await sql<{ total: number }>`select coalesce(sum(quantity), 0) as total from winv_stock
    where tenant_id = ${session.tenantId} and location_id = ${rule.pickLocationId} and goods_id = ${rule.goodsId}`.execute(
    db,
  )
  const current = Number(atPick.rows[0]?.total ?? 0)
  if (current >= rule.minQuantity) {
    throw conflict(
      'error.no_replenishment_needed',
      `The pick location holds ${current}, not below the minimum ${rule.minQuantity}: nothing to replenish; wait until it falls below.`,
    )
  }
  let need = rule.maxQuantity - current
  const sources = (
    await availableByLocation(db, session.tenantId, { warehouseId: rule.warehouseId, goodsId: rule.goodsId })
  )
    .filter((balance) => balance.locationId !== rule.pickLocationId)
    .sort((a, b) => (a.batchCode ?? '').localeCompare(b.batchCode ?? '') || b.available - a.available)
  let moved = 0
  for (const source of sources) {
    if (need <= 0) break
    // re-read under lock: availableByLocation was not locked
    const locked = await lockBalance(db, session.tenantId, source)
    const available = locked.quantity - locked.reservedQuantity - locked.lockedQuantity
    const take = Math.min(available, need)
    if (take <= 0) continue
    const doc = {
      docType: 'REPLENISH',
      docId: rule.replenishmentRuleId,
      docNum: `REPL-${rule.replenishmentRuleId}`,
      reason: 'Replenish pick location',
    }
    await moveStock(db, session, { ...source, quantity: -take, ...doc, allowNegative: false })
    await moveStock(db, session, {
      warehouseId: rule.warehouseId,
      locationId: rule.pickLocationId,
      ownerId: source.ownerId,
      goodsId: rule.goodsId,
      batchCode: source.batchCode,
      quantity: take,
      ...doc,
    })
    moved += take
    need -= take
  }
  if (!moved) {
    throw conflict(
      'error.stock_shortage',
      `No available stock of goods ${rule.goodsId} elsewhere in the warehouse to replenish the pick location from: receive or move stock first.`,
    )
  }
  await sql`update winv_replenishment_rule set last_replenished = localtimestamp(0),
      object_version_number = object_version_number + 1
    where replenishment_rule_id = ${rule.replenishmentRuleId}`.execute(db)
  return { moved, pickQuantity: current + moved }
}
