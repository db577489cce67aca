/**
 * Raising a business event (/hpfm/event): the enabled rules of the enabled event run in order. NOTICE sends an
 * in-app message to every user of the tenant holding the role named in `target` (hmsg_user_message, announced
 * on the hmsg counter channel like any message); HTTP posts `{eventCode, payload}` as JSON to the URL in
 * `target` within 5 s, an answer below 400 being success. Each rule's outcome is answered; one failing rule
 * does not stop the next.
 */
import { sql } from 'kysely'
import type { Db } from '../../db/schema.ts'
import { badRequest, notFound } from '../../errors.ts'
import { createUserMessages } from '../hmsg/deliver.ts'
import { NOTICE_CHANNEL, type NoticeBus } from '../hmsg/notice-bus.ts'
import type { Session } from '../../types.ts'

interface RuleRow {
  eventRuleId: number
  ruleName: string
  callType: string
  target: string
  messageTemplate: string | null
  orderSeq: number
  enabledFlag: number
}

export interface RuleOutcome {
  ruleName: string
  callType: string
  ok: boolean
  message: string
}

/** Publishes counter changes on the hmsg channel (heard by every instance's notice sockets). */
const counterBus = (db: Db): Pick<NoticeBus, 'publish'> => ({
  async publish(changes, trx) {
    const wire = changes.map((change) => [change.userId, change.tenantId, change.number])
    if (wire.length)
      await sql`select pg_notify(${NOTICE_CHANNEL}, ${JSON.stringify(wire)})`.execute(trx ?? db)
  },
})

export async function eventRules(db: Db, tenantId: number, eventId: number) {
  const event = await sql<{ eventId: number; eventCode: string; enabledFlag: number }>`
    select event_id, event_code, enabled_flag from hpfm_event where event_id = ${eventId} and tenant_id = ${tenantId}`.execute(
    db,
  )
  if (!event.rows[0]) throw notFound(`Event ${eventId} does not exist in this tenant: reload the event list.`)
  const rules =
    await sql<RuleRow>`select event_rule_id, rule_name, call_type, target, message_template, order_seq, enabled_flag
    from hpfm_event_rule where event_id = ${eventId} and tenant_id = ${tenantId} order by order_seq, event_rule_id`.execute(
      db,
    )
  return { event: event.rows[0], rules: rules.rows }
}

export async function raiseEvent(
  db: Db,
  session: Session,
  eventCode: string,
  payload: unknown,
  now: number,
): Promise<RuleOutcome[]> {
  const found = await sql<{ eventId: number; enabledFlag: number; eventName: string }>`
    select event_id, enabled_flag, event_name from hpfm_event where event_code = ${eventCode} and tenant_id = ${session.tenantId}`.execute(
    db,
  )
  const event = found.rows[0]
  if (!event) throw notFound(`Event ${eventCode} does not exist in this tenant: create it in /hpfm/event.`)
  if (event.enabledFlag !== 1) throw badRequest(`Event ${eventCode} is disabled: enable it to raise it.`)
  const { rules } = await eventRules(db, session.tenantId, event.eventId)
  const outcomes: RuleOutcome[] = []
  for (const rule of rules.filter((r) => r.enabledFlag === 1)) {
    try {
      outcomes.push({
        ruleName: rule.ruleName,
        callType: rule.callType,
        ...(await runRule(db, session, eventCode, event.eventName, rule, payload, now)),
      })
    } catch (error) {
      outcomes.push({
        ruleName: rule.ruleName,
        callType: rule.callType,
        ok: false,
        message: (error as Error).message,
      })
    }
  }
  return outcomes
}

async function runRule(
  db: Db,
  session: Session,
  eventCode: string,
  eventName: string,
  rule: RuleRow,
  payload: unknown,
  now: number,
): Promise<{ ok: boolean; message: string }> {
  if (rule.callType === 'NOTICE') {
    const users = await db
      .selectFrom('iamMemberRole as m')
      .innerJoin('iamRole as r', 'r.id', 'm.roleId')
      .select('m.userId')
      .distinct()
      .where('r.code', '=', rule.target)
      .where('r.tenantId', '=', session.tenantId)
      .execute()
    if (!users.length) return { ok: false, message: `No user of this tenant holds the role ${rule.target}.` }
    const count = await db.transaction().execute((trx) =>
      createUserMessages(trx, counterBus(db) as NoticeBus, {
        tenantId: session.tenantId,
        userIds: users.map((u) => u.userId),
        type: 'MSG',
        subject: `${eventName} (${eventCode})`,
        content: rule.messageTemplate || JSON.stringify(payload ?? {}),
        senderId: session.userId,
        now,
      }),
    )
    return { ok: true, message: `Sent to ${count} user(s).` }
  }
  if (rule.callType === 'HTTP') {
    const started = Date.now()
    try {
      const response = await fetch(rule.target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ eventCode, payload: payload ?? {} }),
        signal: AbortSignal.timeout(5000),
        redirect: 'manual',
      })
      return { ok: response.status < 400, message: `HTTP ${response.status} in ${Date.now() - started} ms` }
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message
      return { ok: false, message: `${(error as Error).message}${cause ? ` (${cause})` : ''}` }
    }
  }
  return { ok: false, message: `Unknown call type ${rule.callType}.` }
}
