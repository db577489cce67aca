/**
 * Actions of the integration screens (row actions POST the row; only the path ids are read): invoke an
 * interface, check a service's health, import interfaces from its OpenAPI document, test an MQ connection,
 * run a mapping debug case, bill a purchase. Each does the real thing and answers the real failure as a 424
 * (Failed Dependency: the remote side failed, with its reason in the message; 502 would read as "our server is
 * unreachable" in the browser) or 400 for bad configuration, after recording it.
 */
import { createConnection } from 'node:net'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import { AppError, badRequest, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { modelDb } from '../models/model-scope.ts'
import { priceCalls } from './charges.ts'
import {
  callTarget,
  failureReason,
  interfaceById,
  newTraceId,
  serverBaseUrl,
  settingsOf,
  stamp,
  systemLog,
  writeLog,
  type TraceStep,
} from './engine.ts'
import { applyFieldMapping } from './mapping.ts'

export const HITF_ACTIONS = {
  invoke: 'hitf.interfaces.button.invoke',
  healthCheck: 'hitf.services.button.healthCheck',
  importApi: 'hitf.services.button.import',
  mqTest: 'hitf.dynamicMqConfig.button.test',
  debugRun: 'hitf.mappingDebug.button.run',
  bill: 'hitf.userPurchase.button.bill',
} as const

const failed = (message: string) => new AppError(424, 'error.hitf.call_failed', message)
const AnyBody = Type.Optional(Type.Object({}, { additionalProperties: true }))
const params = (id: string) => ({
  params: Type.Object({ tenantId: Type.Integer({ minimum: 0 }), [id]: Type.Integer({ minimum: 1 }) }),
  body: AnyBody,
})

async function rowOf(
  app: FastifyInstance,
  table: string,
  key: string,
  tenantId: number,
  id: number,
  what: string,
) {
  const row = await modelDb(app.db)
    .selectFrom(table)
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where(key, '=', id)
    .executeTakeFirst()
  if (!row) throw notFound(`${what} ${id} does not exist (or is not yours): reload the list.`)
  return row as Record<string, unknown>
}

export const hitfActionRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/hitf/v1/:tenantId/interfaces/:interfaceId/invoke',
    {
      config: {
        fieldRules: { none: 'answers the call outcome (log id, status, duration), not the interface row' },
      },
      schema: params('interfaceId'),
      preHandler: requirePermission(HITF_ACTIONS.invoke),
    },
    async (request) => {
      const { tenantId } = sessionOf(request)
      const { interfaceId } = request.params as { interfaceId: number }
      const iface = await interfaceById(app, tenantId, interfaceId)
      if (!iface)
        throw notFound(`Interface ${interfaceId} does not exist (or is not yours): reload the list.`)
      if (!iface.enabledFlag)
        throw badRequest(`Interface ${iface.interfaceCode} is disabled: enable it before calling it.`)
      const settings = await settingsOf(app, tenantId)
      const steps: TraceStep[] = []
      const startedAt = app.config.now()
      const outcome = await callTarget(app, iface, { body: iface.testBody ?? undefined }, steps, settings)
      const interfaceLogId = await writeLog(
        app,
        {
          direction: 'OUTBOUND',
          iface,
          method: outcome.method,
          url: outcome.url,
          requestHeaders: outcome.requestHeaders,
          requestBody: outcome.requestBody,
          status: outcome.status,
          responseHeaders: outcome.responseHeaders,
          responseBody: outcome.responseBody,
          durationMs: outcome.durationMs,
          error: outcome.error,
          traceId: newTraceId(),
          startedAt,
          steps,
        },
        settings,
      )
      if (outcome.error) throw failed(`${outcome.error} (interface log ${interfaceLogId}).`)
      return {
        interfaceLogId,
        responseStatus: outcome.status,
        durationMs: outcome.durationMs,
        resultStatus: 'SUCCESS',
      }
    },
  )

  app.post(
    '/api/hitf/v1/:tenantId/interface-servers/:serverId/health-check',
    {
      config: { fieldRules: { none: 'answers the health outcome of the server, not its row' } },
      schema: params('serverId'),
      preHandler: requirePermission(HITF_ACTIONS.healthCheck),
    },
    async (request) => {
      const { tenantId } = sessionOf(request)
      const { serverId } = request.params as { serverId: number }
      const server = await rowOf(app, 'hitf_interface_server', 'serverId', tenantId, serverId, 'Service')
      const base = await serverBaseUrl(app, tenantId, String(server.serverCode))
      const url = base.replace(/\/+$/, '') + String(server.healthCheckPath || '/')
      const started = app.config.now()
      let problem: string | undefined
      let status: number | undefined
      try {
        const response = await fetch(url, {
          signal: AbortSignal.timeout((await settingsOf(app, tenantId)).defaultTimeoutMs),
        })
        status = response.status
        await response.arrayBuffer()
        if (!response.ok) problem = `HTTP ${response.status} ${response.statusText}`.trim()
      } catch (error) {
        problem = failureReason(error, 10000)
      }
      const durationMs = app.config.now() - started
      const message = problem
        ? `GET ${url} failed: ${problem}`
        : `GET ${url} → HTTP ${status} in ${durationMs} ms`
      await modelDb(app.db)
        .updateTable('hitf_interface_server')
        .set({
          healthStatus: problem ? 'DOWN' : 'UP',
          lastCheckDate: stamp(started),
          lastCheckMessage: message.slice(0, 480),
        })
        .where('serverId', '=', serverId)
        .execute()
      await systemLog(app, tenantId, {
        logType: 'HEALTH_CHECK',
        objectCode: String(server.serverCode),
        resultStatus: problem ? 'FAILED' : 'SUCCESS',
        durationMs,
        message,
      })
      if (problem) throw failed(message)
      return { healthStatus: 'UP', message }
    },
  )

  app.post(
    '/api/hitf/v1/:tenantId/interface-servers/:serverId/import',
    {
      config: { fieldRules: { none: 'answers the counts of the interfaces imported, not server rows' } },
      schema: params('serverId'),
      preHandler: requirePermission(HITF_ACTIONS.importApi),
    },
    async (request) => {
      const session = sessionOf(request)
      const { serverId } = request.params as { serverId: number }
      const server = await rowOf(
        app,
        'hitf_interface_server',
        'serverId',
        session.tenantId,
        serverId,
        'Service',
      )
      const sourceUrl = server.openApiUrl as string | null
      if (!sourceUrl)
        throw badRequest(`Service ${String(server.serverCode)} has no OpenAPI document URL: set it first.`, {
          openApiUrl: 'required',
        })
      const started = app.config.now()
      const record = async (
        resultStatus: string,
        createdCount: number,
        skippedCount: number,
        message: string,
      ) => {
        await modelDb(app.db)
          .insertInto('hitf_import_history')
          .values({
            tenantId: session.tenantId,
            serverCode: server.serverCode,
            sourceUrl,
            resultStatus,
            createdCount,
            skippedCount,
            message,
            importDate: stamp(started),
            createdBy: session.userId,
          })
          .execute()
        await systemLog(app, session.tenantId, {
          logType: 'IMPORT',
          objectCode: String(server.serverCode),
          resultStatus,
          durationMs: app.config.now() - started,
          message,
        })
      }
      let document: { paths?: Record<string, Record<string, { operationId?: string; summary?: string }>> }
      try {
        const response = await fetch(sourceUrl, { signal: AbortSignal.timeout(15000) })
        if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`)
        document = (await response.json()) as typeof document
        if (!document.paths || typeof document.paths !== 'object')
          throw new Error('the document has no "paths": is it an OpenAPI/Swagger JSON document?')
      } catch (error) {
        const message = `Reading ${sourceUrl} failed: ${failureReason(error, 15000)}`
        await record('FAILED', 0, 0, message)
        throw failed(message)
      }
      let created = 0
      let skipped = 0
      const methods = ['get', 'post', 'put', 'patch', 'delete']
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations ?? {})) {
          if (!methods.includes(method)) continue
          const code =
            (operation.operationId || `${method}_${path}`)
              .replace(/[^A-Za-z0-9_.-]+/g, '_')
              .replace(/^_+|_+$/g, '')
              .slice(0, 60) || `${method}_root`
          const inserted = await sql`
            insert into hitf_interface (tenant_id, server_code, interface_code, interface_name, request_method, interface_path,
              content_type, timeout_ms, published_flag, inbound_mode, mock_status, auth_type, api_key_in, enabled_flag, created_by, last_updated_by)
            values (${session.tenantId}, ${server.serverCode}, ${code}, ${(operation.summary || `${method.toUpperCase()} ${path}`).slice(0, 120)},
              ${method.toUpperCase()}, ${path.replace(/\{([^}]+)\}/g, ':$1').slice(0, 480)}, 'application/json', 10000, 0, 'PROXY', 200, 'NONE', 'HEADER', 1,
              ${session.userId}, ${session.userId})
            on conflict do nothing`.execute(app.db)
          if (Number(inserted.numAffectedRows ?? 0) > 0) created++
          else skipped++
        }
      }
      const message = `${created} interfaces created, ${skipped} already existed`
      await record('SUCCESS', created, skipped, message)
      return { createdCount: created, skippedCount: skipped, message }
    },
  )

  app.post(
    '/api/hitf/v1/:tenantId/mq-configs/:mqConfigId/test',
    {
      config: { fieldRules: { none: 'answers the connection test outcome, not the configuration row' } },
      schema: params('mqConfigId'),
      preHandler: requirePermission(HITF_ACTIONS.mqTest),
    },
    async (request) => {
      const { tenantId } = sessionOf(request)
      const { mqConfigId } = request.params as { mqConfigId: number }
      const config = await rowOf(app, 'hitf_mq_config', 'mqConfigId', tenantId, mqConfigId, 'MQ config')
      const started = app.config.now()
      const problem = await new Promise<string | undefined>((resolve) => {
        const socket = createConnection({
          host: String(config.host),
          port: Number(config.port),
          timeout: 5000,
        })
        socket.once('connect', () => (socket.destroy(), resolve(undefined)))
        socket.once('timeout', () => (socket.destroy(), resolve('Timed out after 5000 ms')))
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.message))
      })
      const durationMs = app.config.now() - started
      const message = problem
        ? `TCP connection to ${String(config.host)}:${String(config.port)} failed: ${problem}`
        : `TCP connection to ${String(config.host)}:${String(config.port)} opened in ${durationMs} ms`
      await modelDb(app.db)
        .updateTable('hitf_mq_config')
        .set({
          lastTestStatus: problem ? 'FAILED' : 'SUCCESS',
          lastTestMessage: message.slice(0, 480),
          lastTestDate: stamp(started),
        })
        .where('mqConfigId', '=', mqConfigId)
        .execute()
      await systemLog(app, tenantId, {
        logType: 'MQ_TEST',
        objectCode: String(config.configCode),
        resultStatus: problem ? 'FAILED' : 'SUCCESS',
        durationMs,
        message,
      })
      if (problem) throw failed(message)
      return { message }
    },
  )

  app.post(
    '/api/hitf/v1/:tenantId/mapping-debugs/:debugId/run',
    {
      config: { fieldRules: { none: 'answers the mapped output of the debug input, not the debug row' } },
      schema: params('debugId'),
      preHandler: requirePermission(HITF_ACTIONS.debugRun),
    },
    async (request) => {
      const { tenantId } = sessionOf(request)
      const { debugId } = request.params as { debugId: number }
      const debug = await rowOf(app, 'hitf_mapping_debug', 'debugId', tenantId, debugId, 'Debug case')
      const save = (values: Record<string, unknown>) =>
        modelDb(app.db)
          .updateTable('hitf_mapping_debug')
          .set({ ...values, runDate: stamp(app.config.now()) })
          .where('debugId', '=', debugId)
          .execute()
      let input: unknown
      try {
        input = JSON.parse(String(debug.inputJson))
      } catch (error) {
        const message = `The input is not valid JSON: ${(error as Error).message}`
        await save({ runStatus: 'FAILED', runMessage: message.slice(0, 480), outputJson: null })
        throw badRequest(message, { inputJson: message })
      }
      try {
        const output = await applyFieldMapping(app.db, tenantId, String(debug.mappingCode), input)
        await save({
          runStatus: 'SUCCESS',
          runMessage: `Mapped with ${String(debug.mappingCode)}`,
          outputJson: JSON.stringify(output, null, 2),
        })
        return { output }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        await save({ runStatus: 'FAILED', runMessage: message.slice(0, 480), outputJson: null })
        throw error
      }
    },
  )

  app.post(
    '/api/hitf/v1/:tenantId/user-purchases/:purchaseId/bill',
    {
      config: {
        fieldRules: { none: 'answers the bill computed (call counts and amount), not the purchase row' },
      },
      schema: params('purchaseId'),
      preHandler: requirePermission(HITF_ACTIONS.bill),
    },
    async (request) => {
      const { tenantId } = sessionOf(request)
      const { purchaseId } = request.params as { purchaseId: number }
      const purchase = await rowOf(app, 'hitf_user_purchase', 'purchaseId', tenantId, purchaseId, 'Purchase')
      const bill = await priceCalls(app.db, tenantId, {
        applicationCode: String(purchase.applicationCode),
        groupCode: String(purchase.groupCode),
        from: String(purchase.startDate),
        to: String(purchase.endDate),
      })
      await modelDb(app.db)
        .updateTable('hitf_user_purchase')
        .set({
          callCount: bill.callCount,
          billableCount: bill.billableCount,
          chargeAmount: bill.amount,
          billDate: stamp(app.config.now()),
        })
        .where('purchaseId', '=', purchaseId)
        .execute()
      return bill
    },
  )
}
