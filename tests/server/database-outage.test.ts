import type { FastifyInstance } from 'fastify'
import { Kysely, sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { bearer, createTestApp, postSignIn, signIn } from '../../server/testing.ts'
import { postgresDialect } from '../../server/db/postgres-pool.ts'
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts'

// PGlite runs inside the server process: it cannot become unreachable, so there is nothing to test there.
const source = inject('serverDatabase')
const onPostgres = source.kind === 'postgres'
if (!onPostgres) {
  console.info(
    'database-outage tests skipped: they need PostgreSQL (TEST_DATABASE_URL); PGlite runs inside the server and cannot go away.',
  )
}

describe.skipIf(!onPostgres)('the database going away (PostgreSQL only; skipped on PGlite)', () => {
  let app: FastifyInstance
  let proxy: TcpProxy
  let token: string
  const list = () =>
    app.inject({ method: 'GET', url: '/api/wms/v1/1/warehouses?page=0&size=5', headers: bearer(token) })
  const unavailable = {
    failed: true,
    code: 'error.database_unavailable',
    message: 'The database cannot be reached, try again shortly.',
  }

  beforeAll(async () => {
    const server = new URL(source.kind === 'postgres' ? source.adminUrl : 'postgres://127.0.0.1')
    proxy = await startTcpProxy(server.hostname, Number(server.port || 5432))
    app = await createTestApp({}, { connectVia: proxy.rewrite, timeouts: { connectMs: 1000, queryMs: 2000 } })
    token = await signIn(app, 'admin', 'Admin@123')
  })
  // a test that failed half-way leaves the database reachable for the next one
  afterEach(async () => {
    await proxy?.setMode('forward')
  })
  afterAll(async () => {
    await proxy?.setMode('forward')
    await app?.close()
    await proxy?.close()
  })

  it(
    'answers 503 with the envelope while the server is stopped, then recovers when it returns',
    { timeout: 15000 },
    async () => {
      expect((await list()).statusCode).toBe(200)

      await proxy.setMode('refuse')
      const stopped = await list()
      expect(stopped.statusCode).toBe(503)
      expect(stopped.json()).toMatchObject(unavailable)
      // Signing in needs the database too: the form post gets the same answer, not "wrong password".
      const signInWhileDown = await postSignIn(app, 'admin', 'Admin@123')
      expect(signInWhileDown.statusCode).toBe(503)
      expect(signInWhileDown.json()).toMatchObject(unavailable)

      await proxy.setMode('forward')
      const back = await list()
      expect(back.statusCode).toBe(200)
      expect(back.json()).toMatchObject({ number: 0, size: 5 })
    },
  )

  it(
    'answers 503 instead of hanging when the server stops answering, and recovers',
    // each wait is bounded (2 s per query, 1 s per connect); a loaded 2-core machine takes a few of them
    { timeout: 30000 },
    async () => {
      await proxy.setMode('blackhole')
      const hung = await list()
      expect(hung.statusCode).toBe(503)
      expect(hung.json()).toMatchObject(unavailable)

      await proxy.setMode('forward')
      const created = await app.inject({
        method: 'POST',
        url: '/api/wms/v1/1/warehouses',
        headers: bearer(token),
        payload: { warehouseCode: 'WH-BACK', warehouseName: 'After the outage', warehouseType: 'NORMAL' },
      })
      expect(created.statusCode).toBe(201)
      expect(created.json()).toMatchObject({ warehouseCode: 'WH-BACK', objectVersionNumber: 1 })
    },
  )

  it('replaces connections dropped while idle: the next read goes on a new one instead of answering 503', async () => {
    // The request right after the cut runs before the pool has read the sockets' close (no I/O turn
    // between them), so it is lent a dead connection; a read is safe to send again, a write is not.
    const db = new Kysely<Record<string, never>>({
      dialect: postgresDialect(proxy.rewrite(source.kind === 'postgres' ? source.adminUrl : '')),
    })
    try {
      const one = () => sql<{ one: number }>`select 1 as one`.execute(db)
      await Promise.all([one(), one(), one()])
      await proxy.setMode('forward')
      const [after] = (await one()).rows
      expect(after).toEqual({ one: 1 })
      await proxy.setMode('forward')
      await expect(sql`create temporary table written_once (id int)`.execute(db)).rejects.toThrow(
        /Connection terminated/,
      )
    } finally {
      await db.destroy()
    }
  })
})
