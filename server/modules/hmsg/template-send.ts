/**
 * Sending through templates and send configs: variables filled, receivers resolved, each channel delivered
 * for real (in-app inbox; email over SMTP; webhook over HTTP) and one sent-message row per channel with the
 * real outcome. Outside calls run before the transaction (PGlite has one connection); the inbox rows, the
 * socket announcement and the sent-message rows are written together.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { badRequest, conflict } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { modelDb, type Row } from '../models/model-scope.ts'
import { smtpSettingsOf, webhookPost } from './channel-test.ts'
import { audienceOf, createUserMessages } from './deliver.ts'
import type { NoticeBus } from './notice-bus.ts'
import { sendMail } from './smtp-client.ts'

type Db = Kysely<Database>

/** Fills every ${name} of subject and content; 400 naming each variable without a value. */
export function fillTemplate(template: { subject: string; content: string }, args: Record<string, unknown>) {
  const missing = new Set<string>()
  const fill = (text: string) =>
    text.replace(/\$\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}/g, (_, name: string) => {
      const value = args[name]
      if (value === undefined || value === null) {
        missing.add(name)
        return ''
      }
      return String(value)
    })
  const filled = { subject: fill(template.subject), content: fill(template.content) }
  if (missing.size)
    throw badRequest(
      `The template needs values for ${[...missing].join(', ')}: send them in args (e.g. {"${[...missing][0]}": "…"}).`,
      Object.fromEntries([...missing].map((name) => [`args.${name}`, 'required by the template'])),
    )
  return filled
}

/** The sample variables of a template (JSON object text), or 400 saying what is wrong with them. */
export function sampleArgsOf(template: Row): Record<string, unknown> {
  const text = String(template.sampleArgs ?? '').trim()
  if (!text) return {}
  try {
    const value = JSON.parse(text) as unknown
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // reported below
  }
  throw badRequest(
    `The sample variables of template ${String(template.templateCode)} are not a JSON object: write e.g. {"orderNo": "SO-1"}.`,
    { sampleArgs: 'not a JSON object' },
  )
}

export async function rowByCode(db: Db, table: string, tenantId: number, field: string, code: string) {
  return (await modelDb(db)
    .selectFrom(table)
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where(field, '=', code)
    .executeTakeFirst()) as Row | undefined
}

export async function templateOf(db: Db, tenantId: number, templateCode: string) {
  const template = await rowByCode(db, 'hmsg_message_template', tenantId, 'templateCode', templateCode)
  if (!template)
    throw badRequest(`Template ${templateCode} does not exist: create it on the message template screen.`, {
      templateCode: 'unknown',
    })
  if (Number(template.enabledFlag) !== 1)
    throw conflict('error.template.disabled', `Template ${templateCode} is disabled: enable it first.`)
  return template
}

/**
 * The members of the tenant's user groups (/hiam/user-group-management) named by a GROUP receiver type, as they
 * are when the message is sent. A code that is not an enabled group of the tenant is refused, naming it; a member
 * who no longer belongs to the tenant is left out.
 */
async function groupMembers(db: Db, tenantId: number, typeCode: string, codes: string[]): Promise<number[]> {
  if (!codes.length)
    throw badRequest(`Receiver type ${typeCode} is GROUP but names no user group: list the group codes.`, {
      groupCodes: 'required for GROUP',
    })
  const groups = (await modelDb(db)
    .selectFrom('hiam_user_group')
    .select(['groupCode', 'memberUserIds'])
    .where('tenantId', '=', tenantId)
    .where('groupCode', 'in', codes)
    .where('enabledFlag', '=', 1)
    .execute()) as Array<{ groupCode: string; memberUserIds: string | null }>
  const missing = codes.filter((code) => !groups.some((g) => g.groupCode === code))
  if (missing.length)
    throw badRequest(
      `Receiver type ${typeCode} names user group(s) ${missing.join(', ')}, which are not enabled groups of this tenant: fix the group codes or enable the groups.`,
      { groupCodes: 'unknown or disabled group' },
    )
  const ids = groups.flatMap((g) =>
    String(g.memberUserIds ?? '')
      .split(',')
      .map((id) => Number(id.trim()))
      .filter((id) => Number.isInteger(id) && id > 0),
  )
  const members = new Set(await audienceOf(db, tenantId, 'ALL', []))
  return [...new Set(ids)].filter((id) => members.has(id))
}

/** The users a receiver type names (ALL of the tenant, holders of its roles, its user ids or its groups' members). */
export async function receiversOf(db: Db, tenantId: number, typeCode: string): Promise<number[]> {
  const type = await rowByCode(db, 'hmsg_receiver_type', tenantId, 'typeCode', typeCode)
  if (!type || Number(type.enabledFlag) !== 1)
    throw badRequest(`Receiver type ${typeCode} does not exist or is disabled: pick an enabled one.`, {
      receiverTypeCode: 'unknown',
    })
  const list = (value: unknown) =>
    String(value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
  if (type.typeMode === 'ALL') return audienceOf(db, tenantId, 'ALL', [])
  if (type.typeMode === 'USER') return audienceOf(db, tenantId, 'USERS', list(type.userIds).map(Number))
  if (type.typeMode === 'GROUP') return groupMembers(db, tenantId, typeCode, list(type.groupCodes))
  const roles = list(type.roleCodes)
  if (!roles.length) return []
  const rows = await db
    .selectFrom('iamMemberRole as m')
    .innerJoin('iamRole as r', 'r.id', 'm.roleId')
    .select('m.userId')
    .distinct()
    .where('r.tenantId', '=', tenantId)
    .where('r.code', 'in', roles)
    .execute()
  return rows.map((row) => row.userId)
}

export interface ChannelResult {
  channel: string
  statusCode: 'SUCCESS' | 'FAILED' | 'SKIPPED'
  receiverCount: number
  errorMessage: string | null
}

interface Delivery {
  session: Session
  messageCode: string
  templateCode: string
  subject: string
  content: string
  userIds: number[]
  now: number
}

async function recordSent(trx: Db, delivery: Delivery, result: ChannelResult) {
  await modelDb(trx)
    .insertInto('hmsg_sent_message')
    .values({
      tenantId: delivery.session.tenantId,
      messageCode: delivery.messageCode,
      templateCode: delivery.templateCode,
      channel: result.channel,
      subject: delivery.subject.slice(0, 240),
      content: delivery.content,
      receiverCount: result.receiverCount,
      statusCode: result.statusCode,
      errorMessage: result.errorMessage?.slice(0, 1000) ?? null,
      sendDate: sql`localtimestamp(0)`,
      createdBy: delivery.session.userId,
      lastUpdatedBy: delivery.session.userId,
      objectVersionNumber: 1,
    })
    .execute()
}

/**
 * Delivers on each channel: outside calls first, then one transaction with the inbox rows (WEB) and the
 * sent-message rows. `configs` names the email/webhook configs a send config chose.
 */
export async function deliver(
  db: Db,
  bus: NoticeBus,
  delivery: Delivery,
  channels: string[],
  configs: { emailServerCode?: unknown; webhookCode?: unknown } = {},
): Promise<ChannelResult[]> {
  const { tenantId } = delivery.session
  const accepts = await rowByCode(db, 'hmsg_receive_config', tenantId, 'messageCode', delivery.messageCode)
  const skipped = (flag: string) => accepts !== undefined && Number(accepts[flag]) === 0
  const results: ChannelResult[] = []
  const outcome = async (channel: string, count: number, send: () => Promise<unknown>) => {
    try {
      await send()
      results.push({ channel, statusCode: 'SUCCESS', receiverCount: count, errorMessage: null })
    } catch (error) {
      results.push({
        channel,
        statusCode: 'FAILED',
        receiverCount: count,
        errorMessage: (error as Error).message,
      })
    }
  }
  for (const channel of channels) {
    const skip = { WEB: 'webFlag', EMAIL: 'emailFlag', SMS: 'smsFlag', WEBHOOK: 'webhookFlag' }[channel]
    if (skip && skipped(skip)) {
      results.push({
        channel,
        statusCode: 'SKIPPED',
        receiverCount: 0,
        errorMessage: `switched off for ${delivery.messageCode} in the receive config`,
      })
    } else if (channel === 'WEB') {
      continue // written in the transaction below
    } else if (channel === 'EMAIL') {
      const users = delivery.userIds.length
        ? await db.selectFrom('iamUser').select('email').where('id', 'in', delivery.userIds).execute()
        : []
      const to = users.map((user) => user.email).filter((email): email is string => Boolean(email))
      await outcome('EMAIL', to.length, async () => {
        const code = String(configs.emailServerCode ?? '')
        const server = code
          ? await rowByCode(db, 'hmsg_email_server', tenantId, 'serverCode', code)
          : undefined
        if (!server || Number(server.enabledFlag) !== 1)
          throw new Error(`no enabled email config '${code}': choose one on the send config`)
        if (!to.length) throw new Error('none of the receivers has an email address')
        await sendMail(smtpSettingsOf(server), { to, subject: delivery.subject, text: delivery.content })
      })
    } else if (channel === 'WEBHOOK') {
      await outcome('WEBHOOK', 1, async () => {
        const code = String(configs.webhookCode ?? '')
        const hook = code
          ? await rowByCode(db, 'hmsg_webhook_config', tenantId, 'serverCode', code)
          : undefined
        if (!hook || Number(hook.enabledFlag) !== 1)
          throw new Error(`no enabled webhook config '${code}': choose one on the send config`)
        await webhookPost(hook, delivery.subject, delivery.content)
      })
    } else {
      results.push({
        channel,
        statusCode: 'FAILED',
        receiverCount: 0,
        errorMessage: `channel ${channel} has no sender in this installation: use WEB, EMAIL or WEBHOOK`,
      })
    }
  }
  return db.transaction().execute(async (trx) => {
    if (channels.includes('WEB') && !results.some((r) => r.channel === 'WEB')) {
      const count = await createUserMessages(trx, bus, {
        tenantId,
        userIds: delivery.userIds,
        type: 'MSG',
        subject: delivery.subject,
        content: delivery.content,
        senderId: delivery.session.userId,
        now: delivery.now,
      })
      results.unshift({ channel: 'WEB', statusCode: 'SUCCESS', receiverCount: count, errorMessage: null })
    }
    for (const result of results) await recordSent(trx, delivery, result)
    return results
  })
}
