import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import '../hpfm-admin/tables.ts'

/** YYYY, MM, DD in a date format (e.g. YYYYMMDD → 20261121). */
export function formatDate(format: string, date: Date): string {
  const parts: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: String(date.getMonth() + 1).padStart(2, '0'),
    DD: String(date.getDate()).padStart(2, '0'),
  }
  return format.replace(/YYYY|MM|DD/g, (token) => parts[token] ?? token)
}

/**
 * The next code of a rule for a tenant, e.g. WINV.JXS_OUTBOUND → JXS2026112100001. The tenant's own rule
 * wins over the platform's (tenant 0). Safe under concurrency: one atomic upsert increments the counter
 * (the row lock serialises concurrent callers); pass the transaction so the number is rolled back with it.
 */
export async function nextCode(
  db: Db,
  tenantId: number,
  ruleCode: string,
  now = new Date(),
): Promise<string> {
  const rule = await db
    .selectFrom('hpfmCodeRule')
    .selectAll()
    .where('ruleCode', '=', ruleCode)
    .where('tenantId', 'in', [0, tenantId])
    .where('enabledFlag', '=', 1) // a disabled tenant rule falls back to the platform's (migration 0015)
    .orderBy('tenantId', 'desc')
    .executeTakeFirst()
  if (!rule)
    throw badRequest(
      `Code rule ${ruleCode} does not exist or is disabled: add or enable it to hpfm_code_rule (seed: server/seed/data/code-rules.json).`,
    )
  const date = rule.dateFormat ? formatDate(rule.dateFormat, now) : ''
  const period = rule.resetPerDay ? formatDate('YYYYMMDD', now) : 'all'
  const { rows } = await sql<{ currentValue: number }>`
    insert into hpfm_code_rule_sequence (tenant_id, rule_code, period, current_value)
    values (${tenantId}, ${ruleCode}, ${period}, 1)
    on conflict (tenant_id, rule_code, period)
    do update set current_value = hpfm_code_rule_sequence.current_value + 1
    returning current_value`.execute(db)
  const value = rows[0]?.currentValue ?? 1
  return `${rule.prefix}${date}${String(value).padStart(rule.sequenceLength, '0')}`
}
