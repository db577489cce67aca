import { PostgresDialect, type PostgresPool } from 'kysely'
import pg from 'pg'
import { valueParsers } from './type-parsers.ts'
import { isDatabaseUnavailable } from './unavailable.ts'

export interface PostgresTimeouts {
  /** Give up opening a connection after this long (a stopped or unreachable server). Default 3000 ms. */
  connectMs?: number
  /** Give up waiting for one query's answer after this long (a server that stopped answering). Default 15000 ms. */
  queryMs?: number
}

const ignore = () => undefined
/** Sent on every new connection; exported for the test that checks a server with other defaults. */
export const SESSION_SETTINGS = "set time zone 'UTC'; set datestyle to 'ISO, YMD'"

/**
 * Kysely's Postgres dialect over a node-postgres pool that fails fast when the server goes away: bounded
 * connect and query waits (so a request answers 503 instead of hanging), an `error` listener (an idle
 * connection dropped by a restarting server would otherwise crash the process), and connections that saw
 * the server vanish are discarded instead of lent again. When the server returns, new connections just work.
 */
export function postgresDialect(connectionString: string, timeouts: PostgresTimeouts = {}): PostgresDialect {
  const pool = new pg.Pool({
    connectionString,
    connectionTimeoutMillis: timeouts.connectMs ?? 3000,
    query_timeout: timeouts.queryMs ?? 15000,
    keepAlive: true,
    types: { getTypeParser: (oid, format) => valueParsers[oid] ?? pg.types.getTypeParser(oid, format) },
  })
  // An idle client lost its server: the pool already dropped it; the next request reports the outage.
  pool.on('error', ignore)
  // Read dates the way PGlite does whatever the server's defaults (a server in Asia/Shanghai, DateStyle
  // 'SQL, DMY'): localtimestamp in UTC, ISO text for the parsers. Queued ahead of the client's first query.
  pool.on('connect', (client) => {
    client.query(SESSION_SETTINGS).catch(ignore)
  })
  const guarded = new WeakSet<pg.PoolClient>()
  const wrapper = {
    async connect() {
      const client = await pool.connect()
      // A lent client whose socket dies emits 'error' besides failing its query; the pool listens only
      // while the client is idle, so without this the process would crash on a database restart.
      if (!guarded.has(client)) {
        guarded.add(client)
        client.on('error', ignore)
      }
      let broken = false
      return {
        async query(sql: string, parameters: readonly unknown[]) {
          try {
            return await client.query(sql, [...parameters])
          } catch (error) {
            // A timed-out query may still be running on that connection: never lend it again.
            if (isDatabaseUnavailable(error)) broken = true
            throw error
          }
        },
        release: () => client.release(broken || undefined),
      }
    },
    end: () => pool.end(),
  }
  // Kysely's pool type also declares a cursor overload of query() that this server never uses.
  return new PostgresDialect({ pool: wrapper as unknown as PostgresPool })
}
