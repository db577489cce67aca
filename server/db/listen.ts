/**
 * LISTEN for PostgreSQL notifications on the open database, the same way on PGlite and PostgreSQL, so a
 * NOTIFY sent by any server instance (e.g. `select pg_notify(...)` in a request's transaction, delivered on
 * commit) reaches every instance. openDatabase attaches it to its Kysely instance; `listenOn(db)` reads it.
 */
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/** Starts listening; answers the function that stops it. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>

const listens = new WeakMap<object, Listen>()

export const attachListen = (db: object, listen: Listen) => void listens.set(db, listen)
/** The LISTEN of a database opened by openDatabase; undefined for one made some other way. */
export const listenOn = (db: object): Listen | undefined => listens.get(db)

/** PGlite has LISTEN built in (its own session hears its own NOTIFY). */
export const pgliteListen =
  (pglite: PGlite): Listen =>
  (channel, onPayload) =>
    pglite.listen(channel, onPayload)

const RECONNECT_MS = 2000

/**
 * PostgreSQL: one dedicated connection per server instance for all channels (the pool's connections are
 * lent and returned, so they cannot hold a LISTEN). A lost connection is reopened and LISTENs again.
 */
export function postgresListen(connectionString: string): { listen: Listen; close(): Promise<void> } {
  const handlers = new Map<string, Set<(payload: string) => void>>()
  let client: pg.Client | undefined
  let connecting: Promise<pg.Client> | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString, keepAlive: true })
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '')
      })
      next.on('error', () => {
        // The server went away: forget this connection and LISTEN again on a new one.
        if (client === next) client = undefined
        connecting = undefined
        if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS)
      })
      await next.connect()
      for (const channel of handlers.keys()) await next.query(`listen "${channel}"`)
      client = next
      return next
    })().catch((error: unknown) => {
      connecting = undefined
      throw error
    })
    return connecting
  }

  const listen: Listen = async (channel, onPayload) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`LISTEN channel '${channel}': use a-z, 0-9, _.`)
    const first = !handlers.has(channel)
    const set = handlers.get(channel) ?? new Set()
    set.add(onPayload)
    handlers.set(channel, set)
    const connection = client ?? (await connect())
    // LISTEN is idempotent: issued again here in case the connection was opened before this channel was added.
    if (first) await connection.query(`listen "${channel}"`)
    return async () => {
      set.delete(onPayload)
    }
  }
  return {
    listen,
    async close() {
      closed = true
      clearTimeout(retry)
      await client?.end().catch(() => undefined)
    },
  }
}
