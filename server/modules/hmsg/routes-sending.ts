/**
 * Sending through templates and send configs, and the real "test" of each channel config (hmsg screens).
 * The configs themselves are model rows (schemas/models/hmsg); these routes add what CRUD cannot.
 */
import { Id, NoBody, Tenant, TenantParams } from '../../schemas.ts'
import { Type } from '@sinclair/typebox'
import type { TypedApp, TypedPlugin } from '../../type-provider.ts'
import { answers, TestPassed } from '../../responses.ts'
import { SendResultsAnswer } from './answers.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { modelDb, type Row } from '../models/model-scope.ts'
import { channelFailure, channelTests } from './channel-test.ts'
import { audienceOf } from './deliver.ts'
import type { NoticeBus } from './notice-bus.ts'
import { deliver, fillTemplate, receiversOf, sampleArgsOf, templateOf } from './template-send.ts'

export const TEMPLATE_SEND_PERMISSION = 'hmsg.messageTemplate.button.send'
export const SEND_CONFIG_PERMISSION = 'hmsg.sendConfig.button.send'

/** Channel config resource → its table and the page whose test button guards the test. */
const CHANNEL_PAGES: Record<string, { table: string; page: string }> = {
  'email-servers': { table: 'hmsg_email_server', page: 'email' },
  'sms-servers': { table: 'hmsg_sms_server', page: 'smsConfig' },
  'wechat-configs': { table: 'hmsg_wechat_config', page: 'wechatConfig' },
  'official-accounts': { table: 'hmsg_official_account', page: 'officialAccountsConfig' },
  'dingtalk-configs': { table: 'hmsg_dingtalk_config', page: 'dingTalkConfig' },
  'call-servers': { table: 'hmsg_call_server', page: 'callServer' },
  'webhook-configs': { table: 'hmsg_webhook_config', page: 'webhookConfig' },
  'hips-configs': { table: 'hmsg_hips_config', page: 'hipsSendConfig' },
  'flybook-configs': { table: 'hmsg_flybook_config', page: 'flybookConfig' },
}

const Args = Type.Record(
  Type.String({ maxLength: 60 }),
  Type.Union([Type.String({ maxLength: 5000 }), Type.Number(), Type.Boolean()]),
)
const SendBody = Type.Object({
  templateCode: Type.String({ minLength: 1, maxLength: 60 }),
  userIds: Type.Optional(Type.Array(Id(), { minItems: 1, maxItems: 1000 })),
  receiverTypeCode: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  args: Type.Optional(Args),
  messageCode: Type.Optional(Type.String({ maxLength: 60 })),
})
// Row actions post the whole row: only these members are read.
const ConfigSendBody = Type.Object({
  args: Type.Optional(Args),
  userIds: Type.Optional(Type.Array(Id(), { minItems: 1, maxItems: 1000 })),
})

async function rowById(app: TypedApp, table: string, key: string, tenantId: number, id: number) {
  const row = (await modelDb(app.db)
    .selectFrom(table)
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where(key, '=', id)
    .executeTakeFirst()) as Row | undefined
  if (!row) throw notFound(`Row ${id} does not exist in this tenant: reload the list.`)
  return row
}

export function sendingRoutes(bus: NoticeBus): TypedPlugin {
  return async (app) => {
    // API: a message through a template, to listed users or a receiver type, in-app.
    app.post(
      '/api/hmsg/v1/:tenantId/template-messages',
      {
        schema: { params: TenantParams, body: SendBody, response: answers(SendResultsAnswer) },
        preHandler: requirePermission(TEMPLATE_SEND_PERMISSION),
      },
      async (request) => {
        const session = sessionOf(request)
        const body = request.body
        if (!body.userIds && !body.receiverTypeCode)
          throw badRequest('Name the receivers: userIds or receiverTypeCode.', {
            userIds: 'required without receiverTypeCode',
          })
        const template = await templateOf(app.db, session.tenantId, body.templateCode)
        const filled = fillTemplate(template as { subject: string; content: string }, body.args ?? {})
        const userIds = body.userIds
          ? await audienceOf(app.db, session.tenantId, 'USERS', body.userIds)
          : await receiversOf(app.db, session.tenantId, body.receiverTypeCode ?? '')
        const results = await deliver(
          app.db,
          bus,
          {
            session,
            messageCode: body.messageCode ?? body.templateCode,
            templateCode: body.templateCode,
            ...filled,
            userIds,
            now: app.config.now(),
          },
          ['WEB'],
        )
        return { results }
      },
    )

    // The template screen's "Send test to me": the sample variables, the caller's own inbox.
    app.post(
      '/api/hmsg/v1/:tenantId/template-messages/:templateId/test',
      {
        schema: {
          params: Type.Object({ ...Tenant, templateId: Id('templateId') }),
          body: NoBody,
          response: answers(SendResultsAnswer),
        },
        preHandler: requirePermission(TEMPLATE_SEND_PERMISSION),
      },
      async (request) => {
        const session = sessionOf(request)
        const { templateId } = request.params
        const row = await rowById(app, 'hmsg_message_template', 'templateId', session.tenantId, templateId)
        const template = await templateOf(app.db, session.tenantId, String(row.templateCode))
        const filled = fillTemplate(template as { subject: string; content: string }, sampleArgsOf(template))
        const results = await deliver(
          app.db,
          bus,
          {
            session,
            messageCode: 'TEMPLATE_TEST',
            templateCode: String(template.templateCode),
            ...filled,
            userIds: [session.userId],
            now: app.config.now(),
          },
          ['WEB'],
        )
        return { results }
      },
    )

    // A send config's "Send": its template (args or the sample variables), its receivers, its channels.
    app.post(
      '/api/hmsg/v1/:tenantId/send-config-messages/:sendConfigId',
      {
        schema: {
          params: Type.Object({ ...Tenant, sendConfigId: Id('sendConfigId') }),
          body: Type.Optional(ConfigSendBody),
          response: answers(SendResultsAnswer),
        },
        preHandler: requirePermission(SEND_CONFIG_PERMISSION),
      },
      async (request) => {
        const session = sessionOf(request)
        const { sendConfigId } = request.params
        const body = request.body ?? {}
        const config = await rowById(app, 'hmsg_send_config', 'sendConfigId', session.tenantId, sendConfigId)
        if (Number(config.enabledFlag) !== 1)
          throw conflict(
            'error.send_config.disabled',
            `Send config ${String(config.messageCode)} is disabled: enable it first.`,
          )
        const template = await templateOf(app.db, session.tenantId, String(config.templateCode))
        const filled = fillTemplate(
          template as { subject: string; content: string },
          body.args ?? sampleArgsOf(template),
        )
        const userIds = body.userIds
          ? await audienceOf(app.db, session.tenantId, 'USERS', body.userIds)
          : await receiversOf(app.db, session.tenantId, String(config.receiverTypeCode))
        const channels = String(config.channels ?? '')
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean)
        if (!channels.length)
          throw badRequest('The send config names no channel: choose at least one.', { channels: 'required' })
        const results = await deliver(
          app.db,
          bus,
          {
            session,
            messageCode: String(config.messageCode),
            templateCode: String(template.templateCode),
            ...filled,
            userIds,
            now: app.config.now(),
          },
          channels,
          config,
        )
        return { results }
      },
    )

    for (const [resource, { table, page }] of Object.entries(CHANNEL_PAGES)) {
      const tester = channelTests[resource]
      if (!tester) continue
      app.post(
        `/api/hmsg/v1/:tenantId/channel-tests/${resource}/:serverId`,
        {
          schema: {
            params: Type.Object({ ...Tenant, serverId: Id('serverId') }),
            body: NoBody,
            response: answers(TestPassed),
          },
          preHandler: requirePermission(`hmsg.${page}.button.test`),
        },
        async (request) => {
          const { tenantId } = sessionOf(request)
          const { serverId } = request.params
          const row = await rowById(app, table, 'serverId', tenantId, serverId)
          try {
            return { success: true, message: await tester.test(row) }
          } catch (error) {
            throw channelFailure(tester.channel, (error as Error).message)
          }
        },
      )
    }
  }
}
