import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { LISTEN_APPLICATION } from '../../server/db/listen.ts'
import { NotifyWatch } from '../../server/db/notify-watch.ts'
import { cacheWatchOf } from '../../server/db/write-watch.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

const source = inject('serverDatabase')
if (source.kind !== 'postgres') {
  console.info('postgres-count-cache tests skipped: they need PostgreSQL (TEST_DATABASE_URL).')
}

/**
 * The list count cached on PostgreSQL (server/db/notify-watch.ts): writes of other connections, committed,
 * are seen by the very next request. A row inserted with triggers off (`session_replication_role = replica`)
 * is the one write the cache cannot hear: it shows whether an answer came from the cache.
 */
describe.skipIf(source.kind !== 'postgres')('list counts cached on PostgreSQL (PostgreSQL only)', () => {
  let app: FastifyInstance
  let admin: string
  let url = ''
  let other: pg.Client
  let unseen: pg.Client
  let rows = 0
  const LIST = '/api/wms/v1/1/warehouses?size=1&sort=warehouseCode,asc'

  const total = async () => {
    const response = await injectAs(app, admin, 'GET', LIST)
    expect(response.statusCode).toBe(200)
    return Number(response.json().totalElements)
  }
  const insert = (client: pg.Client) =>
    client.query(
      `insert into wmdm_warehouse (tenant_id, warehouse_code, warehouse_name, warehouse_type)
       values (1, $1, 'Count cache test', 'NORMAL')`,
      [`PGCC-${++rows}`],
    )
  const watch = () => cacheWatchOf(app.db) as NotifyWatch

  beforeAll(async () => {
    app = await createTestApp({}, { connectVia: (databaseUrl) => (url = databaseUrl) })
    admin = await signIn(app, 'admin', 'Admin@123')
    other = new pg.Client({ connectionString: url })
    unseen = new pg.Client({ connectionString: url })
    await other.connect()
    await unseen.connect()
    await unseen.query('set session_replication_role = replica') // no trigger fires on this connection
  })
  afterAll(async () => {
    await other?.end()
    await unseen?.end()
    await app?.close()
  })

  it('keeps a count, and a write committed on another connection is seen by the next request', async () => {
    expect(watch()).toBeInstanceOf(NotifyWatch)
    // the first requests start the LISTEN and check the triggers
    await expect.poll(() => (total(), watch().listening), { timeout: 15_000 }).toBe(true)
    const before = await total()
    expect(await total()).toBe(before)
    await insert(unseen)
    expect(await total()).toBe(before) // the cached count: the unheard row is not counted
    await insert(other)
    expect(await total()).toBe(before + 2) // no wait: the request first hears every earlier commit
  })

  it('an uncommitted write does not poison the cache; its COMMIT is seen at once', async () => {
    const before = await total()
    await other.query('begin')
    try {
      await insert(other)
      expect(await total()).toBe(before)
      expect(await total()).toBe(before)
      await other.query('commit')
    } catch (error) {
      await other.query('rollback')
      throw error
    }
    expect(await total()).toBe(before + 1)
    // a rolled-back write changes nothing
    await other.query('begin')
    await insert(other)
    await other.query('rollback')
    expect(await total()).toBe(before + 1)
  })

  it('a data permission rule written on another connection applies to the next request', async () => {
    const before = await total()
    expect(before).toBeGreaterThan(0)
    expect(await total()).toBe(before) // the rule-free answer and the count are cached now
    const rule = await other.query(
      `insert into hpfm_permission_rule (tenant_id, rule_code, rule_name, model_key, field_name, operator)
       values (1, 'PGCC_NONE', 'No warehouse', 'wms/warehouse', 'warehouseCode', 'IS_NULL')
       returning permission_rule_id`,
    )
    expect(await total()).toBe(0)
    await other.query('delete from hpfm_permission_rule where permission_rule_id = $1', [
      rule.rows[0].permission_rule_id,
    ])
    expect(await total()).toBe(before)
  })

  it('caches nothing while the LISTEN connection is down, and again once it is back', async () => {
    const before = await total()
    expect(await total()).toBe(before)
    // A table without the trigger, locked: the reconnected LISTEN checks the triggers before caching resumes,
    // and waits on this lock, so the connection stays "not up" until the lock is released.
    await other.query('create table pgcc_block (id int)')
    await other.query('begin')
    await other.query('lock table pgcc_block in access exclusive mode')
    try {
      const killed = await unseen.query(
        `select pg_terminate_backend(pid) as done from pg_stat_activity
         where datname = current_database() and application_name = $1`,
        [LISTEN_APPLICATION],
      )
      expect(killed.rows).toEqual([{ done: true }])
      await expect.poll(() => watch().listening, { timeout: 15_000 }).toBe(false)
      await insert(unseen) // unheard, yet counted: nothing comes from the cache now
      expect(await total()).toBe(before + 1)
      expect(await total()).toBe(before + 1)
      await insert(unseen)
      expect(await total()).toBe(before + 2)
      expect(watch().listening).toBe(false)
    } finally {
      await other.query('commit')
    }
    // the connection is back and the triggers checked: caching resumes, nothing from before the loss is used
    await expect.poll(() => (total(), watch().listening), { timeout: 15_000 }).toBe(true)
    const now = await total()
    expect(now).toBe(before + 2)
    expect(await total()).toBe(now)
    await insert(unseen)
    expect(await total()).toBe(now) // cached again
    await insert(other)
    expect(await total()).toBe(now + 2)
  })
})
