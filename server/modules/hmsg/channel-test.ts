/**
 * "Test" of a channel config: a real attempt against the configured system, reported as it went.
 * Email: an SMTP session (smtp-client.ts). Webhook: a real POST of a test message. WeCom, official accounts,
 * DingTalk, Feishu: the real access-token request of their open APIs. SMS, voice and HIPS providers: a real
 * HTTPS request to the endpoint (reachability only: their APIs need a vendor-signed request, so credentials are
 * not checked — the answer says so).
 */
import { AppError } from '../../errors.ts'
import type { Row } from '../models/model-scope.ts'
import { testSmtp, type SmtpSettings } from './smtp-client.ts'

const TIMEOUT_MS = 10000

export const channelFailure = (channel: string, detail: string) =>
  new AppError(400, 'error.channel.test_failed', `${channel} test failed: ${detail}`)

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))

/** fetch with a time limit; a network failure is thrown with its cause (ENOTFOUND, ECONNREFUSED …). */
async function request(url: string, init: RequestInit = {}): Promise<{ status: number; body: string }> {
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' })
  } catch (error) {
    const err = error as Error & { cause?: { code?: string; message?: string } }
    const cause = err.cause?.code ? `${err.cause.code} ${err.cause.message ?? ''}`.trim() : err.message
    throw new Error(
      `${new URL(url).host}: ${err.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : cause}`,
    )
  }
  return { status: response.status, body: (await response.text()).slice(0, 500) }
}

/** The JSON answer of an open-API token call; a non-zero errcode/code is the provider's refusal. */
function tokenAnswer(host: string, answer: { status: number; body: string }) {
  let json: Record<string, unknown> = {}
  try {
    json = JSON.parse(answer.body) as Record<string, unknown>
  } catch {
    throw new Error(`${host} answered HTTP ${answer.status} with no JSON: ${answer.body.slice(0, 200)}`)
  }
  const code = json.errcode ?? json.code ?? 0
  if (answer.status >= 400 || Number(code) !== 0)
    throw new Error(
      `${host} refused: HTTP ${answer.status}, code ${String(code)}: ${text(json.errmsg ?? json.msg ?? answer.body)}`,
    )
  return `${host} issued an access token.`
}

const base = (row: Row) => text(row.endpoint).replace(/\/+$/, '')

export async function webhookPost(row: Row, title: string, content: string) {
  const type = text(row.webhookType)
  const payload =
    type === 'DINGTALK' || type === 'WECHAT'
      ? { msgtype: 'text', text: { content: `${title}\n${content}` } }
      : type === 'FEISHU'
        ? { msg_type: 'text', content: { text: `${title}\n${content}` } }
        : { title, content }
  const url = text(row.webhookUrl)
  const answer = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  })
  if (answer.status >= 300)
    throw new Error(`${new URL(url).host} answered HTTP ${answer.status}: ${answer.body}`)
  if (type !== 'JSON') tokenAnswer(new URL(url).host, answer)
  return `${new URL(url).host} accepted the message (HTTP ${answer.status}).`
}

export const smtpSettingsOf = (row: Row): SmtpSettings => ({
  host: text(row.host),
  port: Number(row.port),
  securityType: (text(row.securityType) || 'SSL') as SmtpSettings['securityType'],
  username: text(row.username) || null,
  password: text(row.password) || null,
  fromAddress: text(row.fromAddress),
})

/** The test of each channel resource: resolves with what succeeded, rejects with the real failure. */
export const channelTests: Record<string, { channel: string; test: (row: Row) => Promise<string> }> = {
  'email-servers': { channel: 'Email', test: (row) => testSmtp(smtpSettingsOf(row)) },
  'webhook-configs': {
    channel: 'Webhook',
    test: (row) => webhookPost(row, 'WMS test', 'A test message of the webhook configuration.'),
  },
  'wechat-configs': {
    channel: 'WeCom',
    test: async (row) =>
      tokenAnswer(
        new URL(base(row)).host,
        await request(
          `${base(row)}/cgi-bin/gettoken?corpid=${encodeURIComponent(text(row.corpId))}&corpsecret=${encodeURIComponent(text(row.secret))}`,
        ),
      ),
  },
  'official-accounts': {
    channel: 'Official account',
    test: async (row) =>
      tokenAnswer(
        new URL(base(row)).host,
        await request(
          `${base(row)}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(text(row.appId))}&secret=${encodeURIComponent(text(row.appSecret))}`,
        ),
      ),
  },
  'dingtalk-configs': {
    channel: 'DingTalk',
    test: async (row) =>
      tokenAnswer(
        new URL(base(row)).host,
        await request(
          `${base(row)}/gettoken?appkey=${encodeURIComponent(text(row.appKey))}&appsecret=${encodeURIComponent(text(row.appSecret))}`,
        ),
      ),
  },
  'flybook-configs': {
    channel: 'Feishu',
    test: async (row) =>
      tokenAnswer(
        new URL(base(row)).host,
        await request(`${base(row)}/open-apis/auth/v3/tenant_access_token/internal`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ app_id: text(row.appId), app_secret: text(row.appSecret) }),
        }),
      ),
  },
  'sms-servers': { channel: 'SMS', test: (row) => reachable(row) },
  'call-servers': { channel: 'Voice call', test: (row) => reachable(row) },
  'hips-configs': { channel: 'HIPS', test: (row) => reachable(row) },
}

async function reachable(row: Row) {
  const url = base(row)
  const answer = await request(url)
  if (answer.status >= 500)
    throw new Error(`${new URL(url).host} answered HTTP ${answer.status}: ${answer.body.slice(0, 200)}`)
  return `${new URL(url).host} is reachable (HTTP ${answer.status}); credentials are not checked (the provider's API needs a signed request).`
}
