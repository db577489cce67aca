/**
 * Stock warning rules (/winv/warning-rule, model wms/warning-rule) evaluated against the current stock:
 * LOW_STOCK / HIGH_STOCK compare the warehouse's quantity on hand of a goods (one goods, or each goods with
 * stock or a rule) with the threshold; EXPIRY finds batch-tracked stock whose batch date (B<YYYYMMDD>) plus
 * the goods' shelf life ends within threshold days; SLOW_MOVING finds stock with no ledger movement for
 * threshold days. Each triggered warning becomes a message in the inbox of the tenant's administrators
 * (header bell), and the rule keeps a one-line result.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import type { Session } from '../../types.ts'
import { createUserMessages } from '../hmsg/deliver.ts'
import type { NoticeBus } from '../hmsg/notice-bus.ts'

interface WarningRule {
  warningRuleId: number
  ruleCode: string
  ruleName: string
  warningType: 'LOW_STOCK' | 'HIGH_STOCK' | 'EXPIRY' | 'SLOW_MOVING'
  warningLevel: string
  warehouseId: number
  goodsId: number | null
  thresholdValue: number
}

export interface Triggered {
  ruleCode: string
  warningType: string
  warningLevel: string
  goodsCode: string
  goodsName: string
  detail: string
}

async function evaluateRule(db: Db, tenantId: number, rule: WarningRule): Promise<Triggered[]> {
  const goodsFilter = rule.goodsId === null ? sql`` : sql`and g.goods_id = ${rule.goodsId}`
  const base = { ruleCode: rule.ruleCode, warningType: rule.warningType, warningLevel: rule.warningLevel }
  if (rule.warningType === 'LOW_STOCK' || rule.warningType === 'HIGH_STOCK') {
    const comparison = rule.warningType === 'LOW_STOCK' ? sql`<` : sql`>`
    // goods without any stock count as 0 only when the rule names them
    const rows = await sql<{ goodsCode: string; goodsName: string; total: number }>`
      select g.goods_code, g.goods_name, coalesce(sum(s.quantity), 0) as total
      from wmdm_goods g
      left join winv_stock s on s.goods_id = g.goods_id and s.tenant_id = g.tenant_id and s.warehouse_id = ${rule.warehouseId}
      where g.tenant_id = ${tenantId} ${goodsFilter}
      group by g.goods_id, g.goods_code, g.goods_name
      having ${rule.goodsId === null ? sql`count(s.stock_id) > 0 and ` : sql``} coalesce(sum(s.quantity), 0) ${comparison} ${rule.thresholdValue}
      order by g.goods_code limit 200`.execute(db)
    return rows.rows.map((row) => ({
      ...base,
      goodsCode: row.goodsCode,
      goodsName: row.goodsName,
      detail: `on hand ${row.total} ${rule.warningType === 'LOW_STOCK' ? '<' : '>'} ${rule.thresholdValue}`,
    }))
  }
  if (rule.warningType === 'EXPIRY') {
    const rows = await sql<{ goodsCode: string; goodsName: string; batchCode: string; expires: string }>`
      select g.goods_code, g.goods_name, s.batch_code,
        to_char(to_date(substring(s.batch_code from 2 for 8), 'YYYYMMDD') + g.shelf_life_days::int, 'YYYY-MM-DD') as expires
      from winv_stock s join wmdm_goods g on g.goods_id = s.goods_id
      where s.tenant_id = ${tenantId} and s.warehouse_id = ${rule.warehouseId} and s.quantity > 0 ${goodsFilter}
        and g.shelf_life_days is not null and s.batch_code ~ '^B[0-9]{8}$'
        and to_date(substring(s.batch_code from 2 for 8), 'YYYYMMDD') + g.shelf_life_days::int
            <= current_date + ${Math.round(rule.thresholdValue)}::int
      group by g.goods_code, g.goods_name, s.batch_code, g.shelf_life_days
      order by expires limit 200`.execute(db)
    return rows.rows.map((row) => ({
      ...base,
      goodsCode: row.goodsCode,
      goodsName: row.goodsName,
      detail: `batch ${row.batchCode} expires ${row.expires}`,
    }))
  }
  const rows = await sql<{ goodsCode: string; goodsName: string; lastMove: string | null }>`
    select g.goods_code, g.goods_name, max(t.transaction_date)::text as last_move
    from winv_stock s join wmdm_goods g on g.goods_id = s.goods_id
    left join winv_stock_transaction t on t.tenant_id = s.tenant_id and t.goods_id = s.goods_id
      and t.warehouse_id = s.warehouse_id and t.doc_type <> 'OPENING'
    where s.tenant_id = ${tenantId} and s.warehouse_id = ${rule.warehouseId} and s.quantity > 0 ${goodsFilter}
    group by g.goods_code, g.goods_name
    having coalesce(max(t.transaction_date), '1970-01-01') < localtimestamp - make_interval(days => ${Math.round(rule.thresholdValue)})
    order by g.goods_code limit 200`.execute(db)
  return rows.rows.map((row) => ({
    ...base,
    goodsCode: row.goodsCode,
    goodsName: row.goodsName,
    detail: row.lastMove ? `no movement since ${row.lastMove.slice(0, 10)}` : 'never moved',
  }))
}

/** Evaluates every enabled rule of the tenant; messages the tenant administrators; returns what fired. */
export async function evaluateWarnings(
  db: Db,
  bus: NoticeBus,
  session: Session,
  now: number,
): Promise<{ rules: number; triggered: Triggered[] }> {
  const rules =
    await sql<WarningRule>`select warning_rule_id, rule_code, rule_name, warning_type, warning_level,
      warehouse_id, goods_id, threshold_value from winv_warning_rule
    where tenant_id = ${session.tenantId} and enabled_flag = 1 order by rule_code`.execute(db)
  const triggered: Triggered[] = []
  for (const rule of rules.rows) {
    const found = await evaluateRule(db, session.tenantId, rule)
    triggered.push(...found)
    const result = found.length
      ? `${found.length} warning(s) at ${new Date(now).toISOString().slice(0, 16).replace('T', ' ')}`
      : `clear at ${new Date(now).toISOString().slice(0, 16).replace('T', ' ')}`
    await sql`update winv_warning_rule set last_result = ${result}
      where warning_rule_id = ${rule.warningRuleId}`.execute(db)
  }
  if (triggered.length) {
    const admins = await sql<{ userId: number }>`select distinct m.user_id from iam_member_role m
      join iam_role r on r.id = m.role_id join iam_role_permission p on p.role_id = r.id
      where r.tenant_id = ${session.tenantId} and p.code = 'winv.warningRule.button.evaluate'`.execute(db)
    const lines = triggered
      .slice(0, 50)
      .map((t) => `[${t.warningLevel}] ${t.ruleCode} ${t.goodsCode} ${t.goodsName}: ${t.detail}`)
    await createUserMessages(db, bus, {
      tenantId: session.tenantId,
      userIds: [...new Set([session.userId, ...admins.rows.map((row) => row.userId)])],
      type: 'MSG',
      subject: `Stock warnings: ${triggered.length}`,
      content: lines.join('\n') + (triggered.length > 50 ? `\n… and ${triggered.length - 50} more` : ''),
      senderId: session.userId,
      now,
    })
  }
  return { rules: rules.rows.length, triggered }
}
