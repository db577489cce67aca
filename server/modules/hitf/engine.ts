/**
 * The integration engine: calls an interface for real (node fetch) with its configured auth, and writes the
 * interface log and its trace steps. Nothing here pretends: a refused connection, a timeout or an HTTP error
 * status is logged as FAILED with the real reason, and the caller shows it.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { badRequest } from '../../errors.ts'
import { modelDb } from '../models/model-scope.ts'
import { MASK, secretsOf } from './db-objects.ts'

export interface InterfaceRow {
  interfaceId: number
  tenantId: number
  serverCode: string
  interfaceCode: string
  interfaceName: string
  requestMethod: string
  interfacePath: string
  contentType: string | null
  timeoutMs: number | null
  publishedFlag: number
  inboundMode: string
  mockStatus: number | null
  mockResponse: string | null
  requestMappingCode: string | null
  responseMappingCode: string | null
  testBody: string | null
  authType: string
  authUsername: string | null
  oauthTokenUrl: string | null
  oauthClientId: string | null
  oauthScope: string | null
  apiKeyName: string | null
  apiKeyIn: string | null
  enabledFlag: number
}

export interface Settings {
  defaultTimeoutMs: number
  logBodyMaxChars: number
  inboundEnabled: boolean
  alertFailureThreshold: number
}

export interface TraceStep {
  stepCode: string
  resultStatus: 'SUCCESS' | 'FAILED'
  durationMs: number
  startTime: string
  message: string
}

export interface CallOutcome {
  url: string
  method: string
  requestHeaders: Record<string, string>
  requestBody: string | undefined
  status: number | null
  responseHeaders: Record<string, string>
  responseBody: string
  durationMs: number
  error: string | undefined
}

export const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')

export async function settingsOf(app: FastifyInstance, tenantId: number): Promise<Settings> {
  const { rows } = await sql<{ configCode: string; configValue: string }>`
    select config_code, config_value from hitf_system_config where tenant_id = ${tenantId}`.execute(app.db)
  const value = (code: string, fallback: number) => {
    const found = Number(rows.find((row) => row.configCode === code)?.configValue)
    return Number.isFinite(found) ? found : fallback
  }
  return {
    defaultTimeoutMs: value('DEFAULT_TIMEOUT_MS', 10000),
    logBodyMaxChars: value('LOG_BODY_MAX_CHARS', 20000),
    inboundEnabled: value('INBOUND_ENABLED', 1) !== 0,
    alertFailureThreshold: value('ALERT_FAILURE_THRESHOLD', 3),
  }
}

export async function interfaceById(app: FastifyInstance, tenantId: number, interfaceId: number) {
  const row = await modelDb(app.db)
    .selectFrom('hitf_interface')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('interfaceId', '=', interfaceId)
    .executeTakeFirst()
  return row as unknown as InterfaceRow | undefined
}

/** Base URL of a service: its domain's when it names one, else its own. */
export async function serverBaseUrl(app: FastifyInstance, tenantId: number, serverCode: string) {
  const { rows } = await sql<{ baseUrl: string | null; domainCode: string | null; enabledFlag: number }>`
    select base_url, domain_code, enabled_flag from hitf_interface_server
    where tenant_id = ${tenantId} and server_code = ${serverCode}`.execute(app.db)
  const server = rows[0]
  if (!server) throw badRequest(`Service ${serverCode} does not exist: create it under Services first.`)
  if (server.domainCode) {
    const domain = await sql<{ baseUrl: string; enabledFlag: number }>`
      select base_url, enabled_flag from hitf_server_domain
      where tenant_id = ${tenantId} and domain_code = ${server.domainCode}`.execute(app.db)
    const found = domain.rows[0]
    if (!found)
      throw badRequest(
        `Service ${serverCode} names domain ${server.domainCode}, which does not exist: create the domain or change the service.`,
      )
    if (!found.enabledFlag)
      throw badRequest(`Domain ${server.domainCode} of service ${serverCode} is disabled: enable it first.`)
    return found.baseUrl
  }
  if (!server.baseUrl)
    throw badRequest(`Service ${serverCode} has no base URL: set its Base URL or a domain.`, {
      baseUrl: 'required',
    })
  return server.baseUrl
}

/** Why a fetch failed, in words an administrator can act on (ECONNREFUSED, ENOTFOUND, timeout …). */
export function failureReason(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return `Timed out after ${timeoutMs} ms`
  const cause = err.cause
  if (cause?.message)
    return cause.code && !cause.message.includes(cause.code)
      ? `${cause.code}: ${cause.message}`
      : cause.message
  return err.message ?? String(error)
}

const tokenCache = new Map<string, { token: string; expires: number }>()

async function oauthToken(
  iface: InterfaceRow,
  secret: string | undefined,
  steps: TraceStep[],
  now: () => number,
) {
  const key = `${iface.tenantId}:${iface.interfaceId}`
  const cached = tokenCache.get(key)
  if (cached && cached.expires > now()) return cached.token
  if (!iface.oauthTokenUrl || !iface.oauthClientId || !secret)
    throw new Error(
      'OAuth2 client credentials need a token URL, a client id and a client secret: complete the auth config',
    )
  const started = now()
  const body = new URLSearchParams({ grant_type: 'client_credentials' })
  if (iface.oauthScope) body.set('scope', iface.oauthScope)
  try {
    const response = await fetch(iface.oauthTokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${iface.oauthClientId}:${secret}`).toString('base64')}`,
      },
      body,
      signal: AbortSignal.timeout(iface.timeoutMs ?? 10000),
    })
    const text = await response.text()
    if (!response.ok)
      throw new Error(`token endpoint answered HTTP ${response.status}: ${text.slice(0, 300)}`)
    const json = JSON.parse(text) as { access_token?: string; expires_in?: number }
    if (!json.access_token) throw new Error('token endpoint answered without access_token')
    tokenCache.set(key, {
      token: json.access_token,
      expires: now() + Math.max(0, (json.expires_in ?? 60) - 10) * 1000,
    })
    steps.push({
      stepCode: 'TOKEN',
      resultStatus: 'SUCCESS',
      durationMs: now() - started,
      startTime: stamp(started),
      message: `Token from ${iface.oauthTokenUrl}`,
    })
    return json.access_token
  } catch (error) {
    const message = `OAuth2 token request to ${iface.oauthTokenUrl} failed: ${failureReason(error, iface.timeoutMs ?? 10000)}`
    steps.push({
      stepCode: 'TOKEN',
      resultStatus: 'FAILED',
      durationMs: now() - started,
      startTime: stamp(started),
      message,
    })
    throw new Error(message, { cause: error })
  }
}

/** Headers as logged: credentials masked. */
function maskHeaders(headers: Record<string, string>, apiKeyName: string | null) {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (lower === 'authorization') out[name] = `${value.split(' ')[0]} ${MASK}`
    else if (lower === 'x-api-key' || (apiKeyName && lower === apiKeyName.toLowerCase())) out[name] = MASK
    else out[name] = value
  }
  return out
}

export interface CallRequest {
  method?: string
  body?: string
  /** Query string without '?', appended to the interface path. */
  query?: string
  headers?: Record<string, string>
}

/** Calls the interface's target for real, with its auth; never throws for a failed call (see `error`). */
export async function callTarget(
  app: FastifyInstance,
  iface: InterfaceRow,
  request: CallRequest,
  steps: TraceStep[],
  settings: Settings,
): Promise<CallOutcome> {
  const now = app.config.now
  const timeoutMs = iface.timeoutMs ?? settings.defaultTimeoutMs
  const method = (request.method ?? iface.requestMethod).toUpperCase()
  const base = await serverBaseUrl(app, iface.tenantId, iface.serverCode)
  const url = new URL(base.replace(/\/+$/, '') + iface.interfacePath)
  if (request.query) for (const [k, v] of new URLSearchParams(request.query)) url.searchParams.append(k, v)
  const headers: Record<string, string> = { accept: 'application/json, */*', ...(request.headers ?? {}) }
  const body = method === 'GET' || method === 'DELETE' ? undefined : request.body
  if (body !== undefined) headers['content-type'] = iface.contentType || 'application/json'
  const outcome: CallOutcome = {
    url: url.toString(),
    method,
    requestHeaders: {},
    requestBody: body,
    status: null,
    responseHeaders: {},
    responseBody: '',
    durationMs: 0,
    error: undefined,
  }
  const started = now()
  try {
    const secrets = await secretsOf(app.db, 'hitf_interface', iface.interfaceId)
    switch (iface.authType) {
      case 'BASIC':
        if (!iface.authUsername) throw new Error('Basic auth needs a user name: complete the auth config')
        headers.authorization = `Basic ${Buffer.from(`${iface.authUsername}:${secrets.auth_password ?? ''}`).toString('base64')}`
        break
      case 'BEARER':
        if (!secrets.auth_token) throw new Error('Bearer auth needs a token: complete the auth config')
        headers.authorization = `Bearer ${secrets.auth_token}`
        break
      case 'OAUTH2_CC':
        headers.authorization = `Bearer ${await oauthToken(iface, secrets.oauth_client_secret, steps, now)}`
        break
      case 'API_KEY':
        if (!iface.apiKeyName || !secrets.api_key_value)
          throw new Error('API key auth needs a key name and a key value: complete the auth config')
        if (iface.apiKeyIn === 'QUERY') url.searchParams.set(iface.apiKeyName, secrets.api_key_value)
        else headers[iface.apiKeyName] = secrets.api_key_value
        break
    }
    const callStarted = now()
    outcome.url = url
      .toString()
      .replace(
        iface.apiKeyIn === 'QUERY' && iface.apiKeyName && secrets.api_key_value
          ? secrets.api_key_value
          : '\u0000',
        MASK,
      )
    try {
      const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) })
      outcome.status = response.status
      outcome.responseHeaders = Object.fromEntries(response.headers.entries())
      outcome.responseBody = await response.text()
      if (!response.ok)
        outcome.error = `Target answered HTTP ${response.status} ${response.statusText}`.trim()
    } catch (error) {
      outcome.error = `Call to ${outcome.url} failed: ${failureReason(error, timeoutMs)}`
    }
    steps.push({
      stepCode: 'HTTP_CALL',
      resultStatus: outcome.error ? 'FAILED' : 'SUCCESS',
      durationMs: now() - callStarted,
      startTime: stamp(callStarted),
      message: outcome.error ?? `${method} ${outcome.url} → HTTP ${outcome.status}`,
    })
  } catch (error) {
    outcome.error = error instanceof Error ? error.message : String(error)
  }
  outcome.durationMs = now() - started
  outcome.requestHeaders = maskHeaders(headers, iface.apiKeyName)
  return outcome
}

export interface LogEntry {
  direction: 'OUTBOUND' | 'INBOUND'
  iface: Pick<InterfaceRow, 'tenantId' | 'serverCode' | 'interfaceCode' | 'interfaceName'> & {
    interfaceId?: number
  }
  applicationCode?: string | null
  clientCode?: string | null
  method: string
  url: string
  requestHeaders: Record<string, string>
  requestBody?: string
  status: number | null
  responseHeaders?: Record<string, string>
  responseBody?: string
  durationMs: number
  error?: string
  traceId: string
  startedAt: number
  steps: TraceStep[]
}

const cut = (text: string | undefined, max: number) =>
  text === undefined
    ? null
    : text.length > max
      ? `${text.slice(0, max)}… (${text.length - max} more characters)`
      : text

/** Writes the interface log, its trace steps, the interface's last result and, past the threshold, an alert. */
export async function writeLog(app: FastifyInstance, entry: LogEntry, settings: Settings): Promise<number> {
  const db = modelDb(app.db)
  const tenantId = entry.iface.tenantId
  const resultStatus = entry.error ? 'FAILED' : 'SUCCESS'
  const started = stamp(entry.startedAt)
  const log = await db
    .insertInto('hitf_interface_log')
    .values({
      tenantId,
      direction: entry.direction,
      serverCode: entry.iface.serverCode,
      interfaceCode: entry.iface.interfaceCode,
      interfaceName: entry.iface.interfaceName,
      applicationCode: entry.applicationCode ?? null,
      clientCode: entry.clientCode ?? null,
      requestMethod: entry.method,
      requestUrl: entry.url.slice(0, 2000),
      requestHeaders: JSON.stringify(entry.requestHeaders, null, 2),
      requestBody: cut(entry.requestBody, settings.logBodyMaxChars),
      responseStatus: entry.status,
      responseHeaders: entry.responseHeaders ? JSON.stringify(entry.responseHeaders, null, 2) : null,
      responseBody: cut(entry.responseBody, settings.logBodyMaxChars),
      durationMs: entry.durationMs,
      resultStatus,
      errorMessage: entry.error ?? null,
      traceId: entry.traceId,
      callDate: started.slice(0, 10),
      requestTime: started,
    })
    .returning('interfaceLogId')
    .executeTakeFirstOrThrow()
  const interfaceLogId = Number(log.interfaceLogId)
  if (entry.steps.length)
    await db
      .insertInto('hitf_trace_log')
      .values(
        entry.steps.map((step, index) => ({
          tenantId,
          traceId: entry.traceId,
          interfaceLogId,
          interfaceCode: entry.iface.interfaceCode,
          stepNo: index + 1,
          ...step,
        })),
      )
      .execute()
  if (entry.iface.interfaceId) {
    await db
      .updateTable('hitf_interface')
      .set({ lastInvokeStatus: entry.status, lastInvokeResult: resultStatus, lastInvokeDate: started })
      .where('interfaceId', '=', entry.iface.interfaceId)
      .execute()
  }
  if (entry.error) await alertOnFailures(app, entry, settings, started)
  return interfaceLogId
}

async function alertOnFailures(app: FastifyInstance, entry: LogEntry, settings: Settings, started: string) {
  const threshold = settings.alertFailureThreshold
  if (threshold < 1) return
  const { rows } = await sql<{ resultStatus: string }>`
    select result_status from hitf_interface_log
    where tenant_id = ${entry.iface.tenantId} and server_code = ${entry.iface.serverCode}
      and interface_code = ${entry.iface.interfaceCode}
    order by interface_log_id desc limit ${threshold + 1}`.execute(app.db)
  const failedInARow = rows.findIndex((row) => row.resultStatus !== 'FAILED')
  const count = failedInARow === -1 ? rows.length : failedInARow
  if (count !== threshold) return
  await systemLog(app, entry.iface.tenantId, {
    logType: 'ALERT',
    objectCode: `${entry.iface.serverCode}.${entry.iface.interfaceCode}`,
    resultStatus: 'FAILED',
    durationMs: 0,
    message: `${threshold} calls in a row failed; last: ${entry.error}`,
    logTime: started,
  })
}

export async function systemLog(
  app: FastifyInstance,
  tenantId: number,
  row: {
    logType: string
    objectCode: string
    resultStatus: string
    durationMs: number
    message: string
    logTime?: string
  },
) {
  await modelDb(app.db)
    .insertInto('hitf_system_log')
    .values({ tenantId, ...row, logTime: row.logTime ?? stamp(app.config.now()) })
    .execute()
}

export const newTraceId = () => randomUUID().replace(/-/g, '')
