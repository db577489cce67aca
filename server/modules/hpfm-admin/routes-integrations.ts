import { X509Certificate } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import { notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { testConnection } from './connection-test.ts'
import { eventRules, raiseEvent } from './events.ts'
import { probeServer } from './server-probe.ts'
import { slicePage, PagingQuery } from './paging.ts'
import { NoBody } from '../../schemas.ts'

const Id = (name: string) => Type.Object({ tenantId: Type.Integer(), [name]: Type.Integer() })
const stamp = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ')

/**
 * Actions of the integration screens that really reach outside: raise an event, its flow, parse a CA
 * certificate, test a server (TCP and its SSH banner or FTP greeting: server-probe.ts) and an outer-system address (HTTP). Results are stored on the row.
 */
export const integrationRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/hpfm/v1/:tenantId/event-raises/:eventCode',
    {
      preHandler: requirePermission('hpfm.event.button.raise'),
      schema: {
        params: Type.Object({
          tenantId: Type.Integer(),
          eventCode: Type.String({ minLength: 1, maxLength: 60 }),
        }),
        body: Type.Optional(
          Type.Object({ payload: Type.Optional(Type.Unknown()) }, { additionalProperties: true }),
        ),
      },
    },
    async (request) => {
      const { eventCode } = request.params as { eventCode: string }
      const body = (request.body ?? {}) as { payload?: unknown }
      const payload = body.payload ?? { test: true, raisedBy: sessionOf(request).userId }
      const session = sessionOf(request)
      const outcomes = await raiseEvent(app.db, session, eventCode, payload, app.config.now())
      const summary = outcomes.length
        ? outcomes.map((o) => `${o.ruleName}: ${o.ok ? 'OK' : 'FAILED'} ${o.message}`).join('; ')
        : 'No enabled rule: nothing ran.'
      await sql`update hpfm_event set last_raise_result = ${`${stamp(new Date(app.config.now()))} ${summary}`.slice(0, 480)}
        where event_code = ${eventCode} and tenant_id = ${session.tenantId}`.execute(app.db)
      return { eventCode, outcomes }
    },
  )

  app.get(
    '/api/hpfm/v1/:tenantId/event-flows/:eventId',
    { schema: { params: Id('eventId'), querystring: Type.Object(PagingQuery) } },
    async (request) => {
      const { eventId } = request.params as { eventId: number }
      const q = request.query as { page?: number; size?: number }
      const { event, rules } = await eventRules(app.db, sessionOf(request).tenantId, eventId)
      const steps = rules.map((rule, index) => ({
        step: index + 1,
        ruleName: rule.ruleName,
        callType: rule.callType,
        target: rule.target,
        action:
          rule.callType === 'NOTICE'
            ? `Message to every user with role ${rule.target}${rule.messageTemplate ? `: ${rule.messageTemplate}` : ''}`
            : `POST {eventCode, payload} to ${rule.target}`,
        runs: rule.enabledFlag === 1 && event.enabledFlag === 1 ? 1 : 0,
      }))
      return slicePage(steps, q.page, q.size)
    },
  )

  app.post(
    '/api/hpfm/v1/:tenantId/ca-certificate-parses/:certificateId',
    {
      preHandler: requirePermission('hpfm.caManagement.button.parse'),
      schema: { body: NoBody, params: Id('certificateId') },
    },
    async (request) => {
      const session = sessionOf(request)
      const { certificateId } = request.params as { certificateId: number }
      const found = await sql<{ pemText: string }>`select pem_text from hpfm_ca_certificate
        where certificate_id = ${certificateId} and tenant_id = ${session.tenantId}`.execute(app.db)
      if (!found.rows[0])
        throw notFound(`Certificate ${certificateId} does not exist in this tenant: reload the list.`)
      let values: Record<string, unknown>
      try {
        const cert = new X509Certificate(found.rows[0].pemText)
        const validTo = new Date(cert.validTo)
        values = {
          subject: cert.subject.replace(/\n/g, ', ').slice(0, 480),
          issuer: cert.issuer.replace(/\n/g, ', ').slice(0, 480),
          serialNumber: cert.serialNumber.slice(0, 120),
          validFrom: stamp(new Date(cert.validFrom)),
          validTo: stamp(validTo),
          status: validTo.getTime() < app.config.now() ? 'EXPIRED' : 'VALID',
        }
      } catch (error) {
        values = {
          subject: `Not a certificate: ${(error as Error).message}`.slice(0, 480),
          issuer: null,
          serialNumber: null,
          validFrom: null,
          validTo: null,
          status: 'INVALID',
        }
      }
      await sql`update hpfm_ca_certificate set subject = ${values.subject}, issuer = ${values.issuer},
        serial_number = ${values.serialNumber}, valid_from = ${values.validFrom}, valid_to = ${values.validTo},
        status = ${values.status}, object_version_number = object_version_number + 1
        where certificate_id = ${certificateId} and tenant_id = ${session.tenantId}`.execute(app.db)
      return { certificateId, ...values }
    },
  )

  app.post(
    '/api/hpfm/v1/:tenantId/server-define-tests/:serverId',
    {
      preHandler: requirePermission('hpfm.serverDefine.button.test'),
      schema: { body: NoBody, params: Id('serverId') },
    },
    async (request) => {
      const session = sessionOf(request)
      const { serverId } = request.params as { serverId: number }
      const found = await sql<{ protocol: string; host: string; port: number }>`select protocol, host, port
        from hpfm_server_define where server_id = ${serverId} and tenant_id = ${session.tenantId}`.execute(
        app.db,
      )
      const server = found.rows[0]
      if (!server) throw notFound(`Server ${serverId} does not exist in this tenant: reload the list.`)
      const result = await probeServer({
        protocol: server.protocol,
        host: server.host,
        port: Number(server.port),
      })
      await sql`update hpfm_server_define set connection_status = ${result.ok ? 'OK' : 'FAILED'},
        last_test_message = ${result.message.slice(0, 480)}
        where server_id = ${serverId} and tenant_id = ${session.tenantId}`.execute(app.db)
      return {
        serverId,
        ok: result.ok,
        connectionStatus: result.ok ? 'OK' : 'FAILED',
        outcome: result.outcome,
        ...(result.banner !== undefined ? { banner: result.banner } : {}),
        message: result.message,
      }
    },
  )

  app.post(
    '/api/hpfm/v1/:tenantId/outer-sync-tests/:syncId',
    {
      preHandler: requirePermission('hpfm.syncToOuterSystem.button.test'),
      schema: { body: NoBody, params: Id('syncId') },
    },
    async (request) => {
      const session = sessionOf(request)
      const { syncId } = request.params as { syncId: number }
      const found = await sql<{ endpointUrl: string }>`select endpoint_url from hpfm_outer_sync
        where sync_id = ${syncId} and tenant_id = ${session.tenantId}`.execute(app.db)
      if (!found.rows[0])
        throw notFound(`Sync configuration ${syncId} does not exist in this tenant: reload the list.`)
      const result = await testConnection({
        dsType: 'HTTP',
        url: found.rows[0].endpointUrl,
        username: null,
        passwordEnv: null,
      })
      return { syncId, ok: result.ok, message: result.message }
    },
  )
}
