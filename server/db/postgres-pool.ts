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
/** Statements that change nothing when sent twice: the first of a transaction, reads, session settings. */
const SAFE_TO_REPEAT = /^\s*(begin|start transaction|select|set|show)\b/i
const MAX_STALE_RETRIES = 3
/** node-postgres's words for a socket that closed under a query (not a timeout: that one may still run). */
const isDroppedConnection = (error: unknown) =>
  error instanceof Error &&
  (error.message.includes('Connection terminated') ||
    error.message.includes('not queryable') ||
    ['ECONNRESET', 'EPIPE'].includes((error as { code?: string }).code ?? ''))
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
  /** A client from the pool, and whether it had been lent before (so it sat idle and may have died there). */
  const lend = async () => {
    const client = await pool.connect()
    const reused = guarded.has(client)
    // A lent client whose socket dies emits 'error' besides failing its query; the pool listens only
    // while the client is idle, so without this the process would crash on a database restart.
    if (!reused) {
      guarded.add(client)
      client.on('error', ignore)
    }
    return { client, reused }
  }
  const wrapper = {
    async connect() {
      let { client, reused } = await lend()
      let broken = false
      let first = true
      // Set while a dead connection has gone back and its replacement is not yet lent (connecting may fail).
      let released = false
      return {
        async query(sql: string, parameters: readonly unknown[]) {
          // An idle connection the server or the network dropped is found by the first query lent on it
          // (the pool drops idle clients only once their socket's close has been read). When that query is
          // one that is safe to send twice, it goes again on another connection instead of failing the request.
          const firstLent = first
          first = false
          for (let attempt = 0; ; attempt++) {
            const retriable = firstLent && reused && attempt < MAX_STALE_RETRIES && SAFE_TO_REPEAT.test(sql)
            try {
              return await client.query(sql, [...parameters])
            } catch (error) {
              if (retriable && isDroppedConnection(error)) {
                client.release(true)
                released = true
                ;({ client, reused } = await lend())
                released = false
                continue
              }
              // A timed-out query may still be running on that connection: never lend it again.
              if (isDatabaseUnavailable(error)) broken = true
              throw error
            }
          }
        },
        release: () => released || client.release(broken || undefined),
      }
    },
    end: () => pool.end(),
  }
  // Kysely's pool type also declares a cursor overload of query() that this server never uses.
  return new PostgresDialect({ pool: wrapper as unknown as PostgresPool })
}
