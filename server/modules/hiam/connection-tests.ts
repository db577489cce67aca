/**
 * "Test connection" of the LDAP and mini-program settings: a real attempt, the real outcome. LDAP: a TCP (or
 * TLS) connection to host:port and a simple bind with the bind DN and password, reading the server's result
 * code. Mini program: the platform's access-token call with the app id and secret. Either way the outcome is
 * kept on the row (lastTestResult, lastTestAt) and answered; a failure is a 400 naming what failed.
 */
import { connect as tcpConnect, type Socket } from 'node:net'
import { connect as tlsConnect } from 'node:tls'

const TIMEOUT_MS = 5000

/** BER length bytes. */
const berLength = (n: number) => (n < 128 ? [n] : n < 256 ? [0x81, n] : [0x82, n >> 8, n & 0xff])
const ber = (tag: number, content: number[]) => [tag, ...berLength(content.length), ...content]
const octets = (tag: number, text: string) => ber(tag, [...Buffer.from(text, 'utf8')])

/** LDAPv3 BindRequest (message id 1, simple authentication). */
export function bindRequest(dn: string, password: string): Buffer {
  const bind = ber(0x60, [...ber(0x02, [3]), ...octets(0x04, dn), ...octets(0x80, password)])
  return Buffer.from(ber(0x30, [...ber(0x02, [1]), ...bind]))
}

/** The resultCode of a BindResponse, or undefined when the bytes are not one. */
export function bindResultCode(data: Buffer): number | undefined {
  const at = data.indexOf(0x61) // [APPLICATION 1] BindResponse
  if (at < 0) return undefined
  let i = at + 1
  i += (data[i] ?? 0) & 0x80 ? 1 + ((data[i] ?? 0) & 0x7f) : 1
  if (data[i] !== 0x0a) return undefined // ENUMERATED resultCode
  return data[i + 2]
}

const LDAP_RESULTS: Record<number, string> = {
  0: 'success',
  32: 'noSuchObject: the bind DN does not exist',
  34: 'invalidDNSyntax: the bind DN is not a valid DN',
  48: 'inappropriateAuthentication',
  49: 'invalidCredentials: wrong bind DN or password',
  53: 'unwillingToPerform',
}

export interface LdapTarget {
  host: string
  port: number
  useSsl: boolean
  bindDn: string
  bindPassword: string
}

export function testLdap(target: LdapTarget): Promise<{ ok: boolean; message: string }> {
  return new Promise((resolve) => {
    let settled = false
    const finish = (ok: boolean, message: string) => {
      if (settled) return
      settled = true
      socket.destroy()
      resolve({ ok, message })
    }
    const onConnect = () => socket.write(bindRequest(target.bindDn, target.bindPassword))
    const socket: Socket = target.useSsl
      ? tlsConnect({ host: target.host, port: target.port, servername: target.host }, onConnect)
      : tcpConnect({ host: target.host, port: target.port }, onConnect)
    socket.setTimeout(TIMEOUT_MS, () =>
      finish(false, `No answer from ${target.host}:${target.port} within ${TIMEOUT_MS / 1000} s.`),
    )
    socket.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        false,
        `Cannot connect to ${target.host}:${target.port}: ${error.code ?? ''} ${error.message}`.trim(),
      ),
    )
    socket.on('data', (data: Buffer) => {
      const code = bindResultCode(data)
      if (code === undefined)
        return finish(false, `${target.host}:${target.port} answered, but not as an LDAP server.`)
      finish(
        code === 0,
        code === 0 ? 'Bind succeeded.' : `Bind refused: ${LDAP_RESULTS[code] ?? `result code ${code}`}.`,
      )
    })
    socket.on('end', () =>
      finish(false, `${target.host}:${target.port} closed the connection without answering the bind.`),
    )
  })
}

const TOKEN_URLS: Record<string, (appId: string, secret: string) => string> = {
  WECHAT: (appId, secret) =>
    `https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(appId)}&secret=${encodeURIComponent(secret)}`,
  DINGTALK: (appId, secret) =>
    `https://oapi.dingtalk.com/gettoken?appkey=${encodeURIComponent(appId)}&appsecret=${encodeURIComponent(secret)}`,
  ALIPAY: () => 'https://openapi.alipay.com/gateway.do',
}

/** Asks the platform for an access token with the app's id and secret. */
export async function testMiniProgram(
  platform: string,
  appId: string,
  secret: string,
  fetchFn: typeof fetch = fetch,
): Promise<{ ok: boolean; message: string }> {
  const url = TOKEN_URLS[platform]?.(appId, secret)
  if (!url) return { ok: false, message: `Unknown platform '${platform}'.` }
  const host = new URL(url).host
  try {
    const response = await fetchFn(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
    const error = body.errcode ?? body.code
    if (response.ok && (error === undefined || error === 0) && (body.access_token || platform === 'ALIPAY'))
      return { ok: true, message: `${host} issued an access token.` }
    return {
      ok: false,
      message: `${host} refused: ${String(body.errmsg ?? body.msg ?? response.statusText)} (${String(error ?? response.status)}).`,
    }
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    return {
      ok: false,
      message:
        `Cannot reach ${host}: ${cause?.code ?? ''} ${cause?.message ?? (error as Error).message}`.trim(),
    }
  }
}
