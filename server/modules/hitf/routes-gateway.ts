/**
 * The inbound gateway: a published interface is callable at
 *   GET|POST|PUT|PATCH|DELETE /api/hitf/v1/rest/invoke/{namespace}/{serverCode}/{interfaceCode}[?query]
 * without a platform token; the caller authenticates as an inbound client (hitf/clients):
 *   BASIC   Authorization: Basic base64(clientCode:secret)
 *   BEARER  Authorization: Bearer <secret>        plus X-Client-Code: <clientCode>
 *   API_KEY X-API-Key: <secret>                    plus X-Client-Code: <clientCode>
 * The client's role must allow SERVER.INTERFACE (or SERVER.*, *). Then the request body goes through the
 * interface's request mapping, to the target (PROXY, with the interface's outbound auth) or to its mock answer
 * (MOCK), and the response through its response mapping. Every call that names a known service is logged
 * (INBOUND) with its trace steps, refusals included.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { TypedPlugin } from '../../type-provider.ts'
import { sql } from 'kysely'
import { AppError } from '../../errors.ts'
import { secretsOf } from './db-objects.ts'
import {
  callTarget,
  newTraceId,
  settingsOf,
  stamp,
  writeLog,
  type InterfaceRow,
  type Settings,
  type TraceStep,
} from './engine.ts'
import { applyFieldMapping } from './mapping.ts'

interface Client {
  clientId: number
  clientCode: string
  applicationCode: string
  authType: string
  roleCode: string
  ipWhitelist: string | null
  expireDate: unknown
  enabledFlag: number
}

const Params = Type.Object({
  namespace: Type.String({ pattern: '^[A-Za-z0-9_-]{1,60}$' }),
  serverCode: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,60}$' }),
  interfaceCode: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,60}$' }),
})

const sameHash = (secret: string, hash: string | undefined) => {
  if (!hash) return false
  const given = Buffer.from(createHash('sha256').update(secret).digest('hex'))
  const stored = Buffer.from(hash)
  return given.length === stored.length && timingSafeEqual(given, stored)
}

/** The client code and secret the request presents, by the header used. */
function credentialsOf(request: FastifyRequest) {
  const header = request.headers.authorization ?? ''
  const clientHeader = request.headers['x-client-code']
  const clientCode = typeof clientHeader === 'string' ? clientHeader : undefined
  if (/^basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon > 0)
      return { authType: 'BASIC', clientCode: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
  }
  if (/^bearer /i.test(header)) return { authType: 'BEARER', clientCode, secret: header.slice(7).trim() }
  const apiKey = request.headers['x-api-key']
  if (typeof apiKey === 'string') return { authType: 'API_KEY', clientCode, secret: apiKey }
  return undefined
}

const allows = (patterns: string, serverCode: string, interfaceCode: string) =>
  patterns
    .split(',')
    .map((pattern) => pattern.trim())
    .some(
      (pattern) =>
        pattern === '*' || pattern === `${serverCode}.*` || pattern === `${serverCode}.${interfaceCode}`,
    )

export const hitfGatewayRoutes: TypedPlugin = async (app) => {
  // Any body the caller sends is forwarded as text (JSON is parsed by Fastify and sent on re-serialised).
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/hitf/v1/rest/invoke/:namespace/:serverCode/:interfaceCode',
    schema: { params: Params },
    config: { public: true },
    handler: async (request, reply) => {
      const { namespace, serverCode, interfaceCode } = request.params
      const startedAt = app.config.now()
      const servers = (
        await sql<{ tenantId: number }>`
          select tenant_id from hitf_interface_server
          where namespace = ${namespace} and server_code = ${serverCode} and enabled_flag = 1 and published_flag = 1
          limit 2`.execute(app.db)
      ).rows
      if (!servers.length)
        throw new AppError(
          404,
          'error.hitf.no_service',
          `No published service ${namespace}/${serverCode}: check the namespace and service code.`,
        )
      if (servers.length > 1)
        throw new AppError(
          409,
          'error.hitf.ambiguous_service',
          `Service ${namespace}/${serverCode} is published by several tenants: give one of them another namespace.`,
        )
      const tenantId = Number(servers[0]!.tenantId)
      const settings = await settingsOf(app, tenantId)
      const steps: TraceStep[] = []
      const traceId = newTraceId()
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : ''
      const rawBody =
        request.body === undefined || request.body === null
          ? undefined
          : typeof request.body === 'string'
            ? request.body
            : JSON.stringify(request.body)
      const iface = (
        await sql<InterfaceRow>`select * from hitf_interface where tenant_id = ${tenantId} and server_code = ${serverCode}
          and interface_code = ${interfaceCode} and enabled_flag = 1 and published_flag = 1`.execute(app.db)
      ).rows[0]
      const logged = {
        tenantId,
        serverCode,
        interfaceCode,
        interfaceName: iface?.interfaceName ?? '',
        interfaceId: iface?.interfaceId,
      }
      let client: Client | undefined
      const refuse = async (status: number, code: string, message: string, stepCode = 'CLIENT_AUTH') => {
        steps.push({
          stepCode,
          resultStatus: 'FAILED',
          durationMs: app.config.now() - startedAt,
          startTime: stamp(startedAt),
          message,
        })
        const interfaceLogId = await log(status, message)
        return new AppError(status, code, `${message.replace(/\.$/, '')} (interface log ${interfaceLogId}).`)
      }
      const log = (
        status: number | null,
        error?: string,
        url?: string,
        responseBody?: string,
        responseHeaders?: Record<string, string>,
        requestBody = rawBody,
      ) =>
        writeLog(
          app,
          {
            direction: 'INBOUND',
            iface: logged,
            applicationCode: client?.applicationCode,
            clientCode: client?.clientCode ?? credentialsOf(request)?.clientCode,
            method: request.method,
            url: url ?? request.url,
            requestHeaders: {
              'content-type': String(request.headers['content-type'] ?? ''),
              'x-client-code': String(request.headers['x-client-code'] ?? ''),
              'remote-address': request.ip,
            },
            requestBody,
            status,
            responseHeaders,
            responseBody,
            durationMs: app.config.now() - startedAt,
            error,
            traceId,
            startedAt,
            steps,
          },
          settings as Settings,
        )

      if (!settings.inboundEnabled)
        throw await refuse(
          503,
          'error.hitf.gateway_closed',
          'The inbound gateway is switched off (system setting INBOUND_ENABLED = 0).',
          'HTTP_CALL',
        )
      if (!iface)
        throw await refuse(
          404,
          'error.hitf.no_interface',
          `Interface ${interfaceCode} of service ${serverCode} does not exist, is disabled or is not published.`,
          'HTTP_CALL',
        )

      const credentials = credentialsOf(request)
      if (!credentials?.clientCode || !credentials.secret)
        throw await refuse(
          401,
          'error.hitf.no_credentials',
          'Send client credentials: Authorization Basic clientCode:secret, or a Bearer token / X-API-Key with X-Client-Code.',
        )
      client = (
        await sql<Client>`select client_id, client_code, application_code, auth_type, role_code, ip_whitelist, expire_date, enabled_flag
          from hitf_client where tenant_id = ${tenantId} and client_code = ${credentials.clientCode}`.execute(
          app.db,
        )
      ).rows[0]
      const secrets = client ? await secretsOf(app.db, 'hitf_client', client.clientId) : {}
      if (!client || !sameHash(credentials.secret, secrets.client_secret)) {
        client = undefined
        throw await refuse(
          401,
          'error.hitf.bad_credentials',
          `Client ${credentials.clientCode}: unknown client or wrong secret.`,
        )
      }
      if (!client.enabledFlag)
        throw await refuse(401, 'error.hitf.client_disabled', `Client ${client.clientCode} is disabled.`)
      if (client.authType !== credentials.authType)
        throw await refuse(
          401,
          'error.hitf.auth_type',
          `Client ${client.clientCode} must authenticate with ${client.authType}, not ${credentials.authType}.`,
        )
      const expire =
        client.expireDate instanceof Date
          ? client.expireDate.toISOString().slice(0, 10)
          : client.expireDate
            ? String(client.expireDate).slice(0, 10)
            : undefined
      if (expire && expire < stamp(startedAt).slice(0, 10))
        throw await refuse(
          401,
          'error.hitf.client_expired',
          `Client ${client.clientCode} expired on ${expire}.`,
        )
      const whitelist = (client.ipWhitelist ?? '')
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean)
      if (whitelist.length && !whitelist.includes(request.ip))
        throw await refuse(
          403,
          'error.hitf.ip_refused',
          `Address ${request.ip} is not in the whitelist of client ${client.clientCode}.`,
        )
      const role = (
        await sql<{
          allowedInterfaces: string
          enabledFlag: number
        }>`select allowed_interfaces, enabled_flag from hitf_client_role
          where tenant_id = ${tenantId} and role_code = ${client.roleCode}`.execute(app.db)
      ).rows[0]
      if (!role?.enabledFlag || !allows(role.allowedInterfaces, serverCode, interfaceCode))
        throw await refuse(
          403,
          'error.hitf.not_allowed',
          `Client ${client.clientCode} (role ${client.roleCode}) may not call ${serverCode}.${interfaceCode}.`,
        )
      steps.push({
        stepCode: 'CLIENT_AUTH',
        resultStatus: 'SUCCESS',
        durationMs: app.config.now() - startedAt,
        startTime: stamp(startedAt),
        message: `Client ${client.clientCode} (${client.authType})`,
      })

      let body = rawBody
      if (iface.requestMappingCode && body) {
        const started = app.config.now()
        try {
          body = JSON.stringify(
            await applyFieldMapping(app.db, tenantId, iface.requestMappingCode, JSON.parse(body)),
          )
          steps.push({
            stepCode: 'REQUEST_MAPPING',
            resultStatus: 'SUCCESS',
            durationMs: app.config.now() - started,
            startTime: stamp(started),
            message: `Mapped with ${iface.requestMappingCode}`,
          })
        } catch (error) {
          throw await refuse(
            400,
            'error.hitf.request_mapping',
            `Request mapping ${iface.requestMappingCode} failed: ${(error as Error).message}`,
            'REQUEST_MAPPING',
          )
        }
      }

      let status: number
      let responseBody: string
      let responseHeaders: Record<string, string> = {}
      let targetUrl: string | undefined
      if (iface.inboundMode === 'MOCK') {
        status = iface.mockStatus ?? 200
        responseBody = iface.mockResponse ?? ''
        steps.push({
          stepCode: 'MOCK',
          resultStatus: 'SUCCESS',
          durationMs: 0,
          startTime: stamp(app.config.now()),
          message: `Mock answer HTTP ${status}`,
        })
      } else {
        const outcome = await callTarget(app, iface, { method: request.method, body, query }, steps, settings)
        targetUrl = outcome.url
        if (outcome.status === null) {
          const interfaceLogId = await log(
            502,
            outcome.error,
            `${request.url} → ${outcome.url}`,
            undefined,
            undefined,
          )
          throw new AppError(
            502,
            'error.hitf.target_failed',
            `${outcome.error} (interface log ${interfaceLogId}).`,
          )
        }
        status = outcome.status
        responseBody = outcome.responseBody
        responseHeaders = outcome.responseHeaders
      }
      if (iface.responseMappingCode && responseBody && status < 400) {
        const started = app.config.now()
        try {
          responseBody = JSON.stringify(
            await applyFieldMapping(app.db, tenantId, iface.responseMappingCode, JSON.parse(responseBody)),
          )
          steps.push({
            stepCode: 'RESPONSE_MAPPING',
            resultStatus: 'SUCCESS',
            durationMs: app.config.now() - started,
            startTime: stamp(started),
            message: `Mapped with ${iface.responseMappingCode}`,
          })
        } catch (error) {
          throw await refuse(
            502,
            'error.hitf.response_mapping',
            `Response mapping ${iface.responseMappingCode} failed: ${(error as Error).message}`,
            'RESPONSE_MAPPING',
          )
        }
      }
      const error = status >= 400 ? `Target answered HTTP ${status}` : undefined
      await log(
        status,
        error,
        targetUrl ? `${request.url} → ${targetUrl}` : request.url,
        responseBody,
        responseHeaders,
        body,
      )
      reply.code(status).header('x-hitf-trace-id', traceId)
      reply.header('content-type', responseHeaders['content-type'] ?? iface.contentType ?? 'application/json')
      return reply.send(responseBody)
    },
  })
}
