/** POST .../connection-tests/ldap/{ldapId} and .../connection-tests/mini-program/{miniProgramId} (see connection-tests.ts). */
import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import { badRequest, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { testLdap, testMiniProgram } from './connection-tests.ts'
import { idParam } from './paging.ts'
import { NoBody, pathParams } from '../../schemas.ts'

export const TEST_CODES = { ldap: 'hiam.ldap.button.test', miniProgram: 'hiam.miniProgram.button.test' }

export const connectionTestRoutes: FastifyPluginAsync = async (app) => {
  const keep = async (table: string, key: string, id: number, tenantId: number, message: string) => {
    await sql`update ${sql.table(table)} set last_test_result = ${message.slice(0, 480)},
      last_test_at = localtimestamp(0) where ${sql.ref(key)} = ${id} and tenant_id = ${tenantId}`.execute(
      app.db,
    )
  }

  app.post(
    '/api/iam/v1/:tenantId/connection-tests/ldap/:ldapId',
    {
      schema: { params: pathParams('/api/iam/v1/:tenantId/connection-tests/ldap/:ldapId'), body: NoBody },
      preHandler: requirePermission(TEST_CODES.ldap),
    },
    async (request) => {
      const session = sessionOf(request)
      const id = idParam(request.params, 'ldapId')
      const { rows } = await sql<{
        host: string
        port: number
        useSsl: number
        bindDn: string | null
        bindPassword: string | null
      }>`
        select host, port, use_ssl, bind_dn, bind_password from hiam_ldap
        where ldap_id = ${id} and tenant_id = ${session.tenantId}`.execute(app.db)
      const row = rows[0]
      if (!row) throw notFound(`LDAP setting ${id} does not exist in your tenant: reload the list.`)
      const result = await testLdap({
        host: row.host,
        port: Number(row.port),
        useSsl: Number(row.useSsl) === 1,
        bindDn: row.bindDn ?? '',
        bindPassword: row.bindPassword ?? '',
      })
      await keep('hiam_ldap', 'ldap_id', id, session.tenantId, result.message)
      if (!result.ok) throw badRequest(`LDAP test failed: ${result.message}`, { host: result.message })
      return { success: true, message: result.message }
    },
  )

  app.post(
    '/api/iam/v1/:tenantId/connection-tests/mini-program/:miniProgramId',
    {
      schema: {
        params: pathParams('/api/iam/v1/:tenantId/connection-tests/mini-program/:miniProgramId'),
        body: NoBody,
      },
      preHandler: requirePermission(TEST_CODES.miniProgram),
    },
    async (request) => {
      const session = sessionOf(request)
      const id = idParam(request.params, 'miniProgramId')
      const { rows } = await sql<{ platform: string; appId: string; appSecret: string | null }>`
        select platform, app_id, app_secret from hiam_mini_program
        where mini_program_id = ${id} and tenant_id = ${session.tenantId}`.execute(app.db)
      const row = rows[0]
      if (!row) throw notFound(`Mini-program setting ${id} does not exist in your tenant: reload the list.`)
      const result = await testMiniProgram(row.platform, row.appId, row.appSecret ?? '')
      await keep('hiam_mini_program', 'mini_program_id', id, session.tenantId, result.message)
      if (!result.ok)
        throw badRequest(
          `Mini-program test failed: ${result.message}. Check the app id and secret, then test again.`,
          { appId: result.message },
        )
      return { success: true, message: result.message }
    },
  )
}
