/**
 * Pricing of API calls from the interface log. An application's purchase of a charge group covers the INBOUND
 * calls it made (log applicationCode) to the group's services within the purchase period. Each call bucket
 * (service, interface) is priced by the first matching rule of the group (lowest priority number; an empty
 * interfaceCode matches every interface of the service), else the group's default set. Per charge set, calls
 * are counted over the period: PER_CALL charges unitPrice for each call past freeCalls, TIERED prices the
 * call numbers by the bands of its lines, FLAT charges unitPrice once. Failed calls count only when the set's
 * chargeFailedFlag is 1.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'

export interface BillLine {
  setCode: string
  chargeMethod: string
  callCount: number
  billableCount: number
  amount: number
}

export interface Bill {
  applicationCode: string
  groupCode: string
  from: string
  to: string
  callCount: number
  billableCount: number
  unpricedCount: number
  amount: number
  lines: BillLine[]
}

interface ChargeSet {
  setHeaderId: number
  setCode: string
  chargeMethod: string
  unitPrice: string | number
  freeCalls: number
  chargeFailedFlag: number
}

const day = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
const round = (value: number) => Math.round(value * 10000) / 10000

/** The amount for `count` calls of a period under one set. */
export function priceOf(
  set: ChargeSet,
  bands: Array<{ fromCount: number; toCount: number | null; unitPrice: number }>,
  count: number,
) {
  const free = set.freeCalls ?? 0
  const unit = Number(set.unitPrice ?? 0)
  if (set.chargeMethod === 'FLAT') return { billable: count, amount: unit }
  const billable = Math.max(0, count - free)
  if (set.chargeMethod === 'TIERED') {
    let amount = 0
    for (const band of bands) {
      const first = Math.max(band.fromCount, free + 1)
      const last = Math.min(band.toCount ?? Number.MAX_SAFE_INTEGER, count)
      if (last >= first) amount += (last - first + 1) * band.unitPrice
    }
    return { billable, amount: round(amount) }
  }
  return { billable, amount: round(billable * unit) }
}

export async function priceCalls(
  db: Db,
  tenantId: number,
  query: { applicationCode: string; groupCode: string; from: unknown; to: unknown },
): Promise<Bill> {
  const from = day(query.from)
  const to = day(query.to)
  const group = (
    await sql<{ groupHeaderId: number; defaultSetCode: string | null }>`
      select group_header_id, default_set_code from hitf_charge_group
      where tenant_id = ${tenantId} and group_code = ${query.groupCode}`.execute(db)
  ).rows[0]
  if (!group) throw badRequest(`Charge group ${query.groupCode} does not exist: check the group code.`)
  const servers = (
    await sql<{
      serverCode: string
    }>`select server_code from hitf_charge_group_server where group_header_id = ${group.groupHeaderId}`.execute(
      db,
    )
  ).rows.map((row) => row.serverCode)
  const rules = (
    await sql<{ serverCode: string; interfaceCode: string | null; setCode: string }>`
      select server_code, interface_code, set_code from hitf_charge_group_rule
      where group_header_id = ${group.groupHeaderId} order by priority, rule_id`.execute(db)
  ).rows
  const sets = new Map(
    (
      await sql<ChargeSet>`select set_header_id, set_code, charge_method, unit_price, free_calls, charge_failed_flag
        from hitf_charge_set where tenant_id = ${tenantId} and enabled_flag = 1`.execute(db)
    ).rows.map((set) => [set.setCode, set]),
  )
  const buckets = servers.length
    ? (
        await sql<{
          serverCode: string
          interfaceCode: string
          resultStatus: string
          calls: string | number
        }>`
          select server_code, interface_code, result_status, count(*) as calls from hitf_interface_log
          where tenant_id = ${tenantId} and direction = 'INBOUND' and application_code = ${query.applicationCode}
            and call_date between ${from} and ${to} and server_code in (${sql.join(servers)})
          group by server_code, interface_code, result_status`.execute(db)
      ).rows
    : []
  const perSet = new Map<string, { calls: number }>()
  let callCount = 0
  let unpricedCount = 0
  for (const bucket of buckets) {
    const calls = Number(bucket.calls)
    callCount += calls
    const rule = rules.find(
      (r) =>
        r.serverCode === bucket.serverCode && (!r.interfaceCode || r.interfaceCode === bucket.interfaceCode),
    )
    const set = sets.get(rule?.setCode ?? group.defaultSetCode ?? '')
    if (!set) {
      unpricedCount += calls
      continue
    }
    if (bucket.resultStatus === 'FAILED' && !set.chargeFailedFlag) continue
    const entry = perSet.get(set.setCode) ?? { calls: 0 }
    entry.calls += calls
    perSet.set(set.setCode, entry)
  }
  const lines: BillLine[] = []
  for (const [setCode, { calls }] of perSet) {
    const set = sets.get(setCode)!
    const bands = (
      await sql<{ fromCount: number; toCount: number | null; unitPrice: string }>`
        select from_count, to_count, unit_price from hitf_charge_set_line where set_header_id = ${set.setHeaderId} order by from_count`.execute(
        db,
      )
    ).rows.map((band) => ({
      fromCount: Number(band.fromCount),
      toCount: band.toCount === null ? null : Number(band.toCount),
      unitPrice: Number(band.unitPrice),
    }))
    const { billable, amount } = priceOf(set, bands, calls)
    lines.push({ setCode, chargeMethod: set.chargeMethod, callCount: calls, billableCount: billable, amount })
  }
  return {
    applicationCode: query.applicationCode,
    groupCode: query.groupCode,
    from,
    to,
    callCount,
    billableCount: lines.reduce((sum, line) => sum + line.billableCount, 0),
    unpricedCount,
    amount: round(lines.reduce((sum, line) => sum + line.amount, 0)),
    lines,
  }
}

/** The charges of every active purchase overlapping [from, to], per application. */
export async function chargeReport(db: Db, tenantId: number, from: string, to: string) {
  const purchases = (
    await sql<{
      purchaseNum: string
      applicationCode: string
      groupCode: string
      startDate: unknown
      endDate: unknown
    }>`
      select purchase_num, application_code, group_code, start_date, end_date from hitf_user_purchase
      where tenant_id = ${tenantId} and status_code = 'ACTIVE' and start_date <= ${to} and end_date >= ${from}
      order by application_code, purchase_num`.execute(db)
  ).rows
  const rows = []
  for (const purchase of purchases) {
    const start = day(purchase.startDate) > from ? day(purchase.startDate) : from
    const end = day(purchase.endDate) < to ? day(purchase.endDate) : to
    const bill = await priceCalls(db, tenantId, {
      applicationCode: purchase.applicationCode,
      groupCode: purchase.groupCode,
      from: start,
      to: end,
    })
    rows.push({ purchaseNum: purchase.purchaseNum, ...bill })
  }
  return rows
}
