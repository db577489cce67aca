import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { sql } from 'kysely'
import { openDatabase, type OpenDatabase } from '../../server/db/index.ts'
import { createDatabase, dropDatabase, uniqueDatabaseName } from '../../server/db/test-databases.ts'

const source = inject('serverDatabase')
if (source.kind !== 'postgres') {
  console.info(
    'postgres-session tests skipped: they need PostgreSQL (TEST_DATABASE_URL); PGlite is always UTC/ISO.',
  )
}

describe.skipIf(source.kind !== 'postgres')('PostgreSQL sessions read like PGlite (PostgreSQL only)', () => {
  const name = uniqueDatabaseName('wms_test_session')
  const adminUrl = source.kind === 'postgres' ? source.adminUrl : ''
  let database: OpenDatabase

  beforeAll(async () => {
    const url = await createDatabase(adminUrl, name)
    // A server set up elsewhere: local time zone and day-first dates.
    const setup = await openDatabase({ databaseUrl: url })
    await sql`alter database ${sql.id(name)} set timezone to 'Asia/Shanghai'`.execute(setup.db)
    await sql`alter database ${sql.id(name)} set datestyle to 'SQL, DMY'`.execute(setup.db)
    await setup.close()
    database = await openDatabase({ databaseUrl: url })
  })
  afterAll(async () => {
    await database?.close()
    await dropDatabase(adminUrl, name)
  })

  it('answers timestamps in UTC and dates as YYYY-MM-DD whatever the server defaults are', async () => {
    const { rows } = await sql<{ zone: string; day: string; at: string; utcNow: string }>`
      select current_setting('TimeZone') as zone, date '2026-03-09' as day,
        timestamp '2026-03-09 08:07:06' as at, to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24') as utc_now
    `.execute(database.db)
    expect(rows[0]).toMatchObject({ zone: 'UTC', day: '2026-03-09', at: '2026-03-09 08:07:06' })
    const { rows: local } = await sql<{
      hour: string
    }>`select to_char(localtimestamp, 'YYYY-MM-DD HH24') as hour`.execute(database.db)
    expect(local[0]!.hour).toBe(rows[0]!.utcNow)
  })
})
