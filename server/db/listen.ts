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
/** How the LISTEN connection names itself in pg_stat_activity. */
export const LISTEN_APPLICATION = 'wms-listen'

/**
 * PostgreSQL: one dedicated connection per server instance for all channels (the pool's connections are
 * lent and returned, so they cannot hold a LISTEN). A lost connection is reopened and LISTENs again.
 */
export interface PostgresNotifications {
  listen: Listen
  /** Whether the LISTEN connection is up now (every channel listened on it). */
  connected(): boolean
  /** Calls `onChange` whenever the LISTEN connection comes up ('up') or is lost ('down'). */
  onConnection(onChange: (state: 'up' | 'down') => void): void
  /** `pg_notify(channel, payload)` sent on the LISTEN connection itself (it hears its own notification). */
  notify(channel: string, payload: string): Promise<void>
  /**
   * Drops the LISTEN connection as lost (one that stopped answering: a marker it sent never came back) and
   * opens a new one, instead of waiting for TCP to notice.
   */
  restart(): void
  close(): Promise<void>
}

export function postgresListen(connectionString: string): PostgresNotifications {
  const handlers = new Map<string, Set<(payload: string) => void>>()
  const watchers = new Set<(state: 'up' | 'down') => void>()
  const tell = (state: 'up' | 'down') => {
    for (const watcher of watchers) watcher(state)
  }
  let client: pg.Client | undefined
  let connecting: Promise<pg.Client> | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let dropCurrent: (() => void) | undefined

  const connect = (): Promise<pg.Client> => {
    if (closed) return Promise.reject(new Error('The database was closed: open it again to LISTEN.'))
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString, keepAlive: true, application_name: LISTEN_APPLICATION })
      next.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '')
      })
      let lost = false
      const onLost = () => {
        // The server went away (or ended this connection): forget it and LISTEN again on a new one.
        if (lost) return
        lost = true
        const wasUp = client === next
        if (wasUp) client = undefined
        connecting = undefined
        if (wasUp) tell('down')
        if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS)
      }
      next.on('error', onLost)
      next.on('end', onLost)
      dropCurrent = () => {
        onLost()
        // its socket may be stuck (no answer, no FIN): closed here, not ended politely
        ;(next as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy()
      }
      await next.connect()
      for (const channel of handlers.keys()) await next.query(`listen "${channel}"`)
      if (lost || closed)
        throw new Error('The LISTEN connection was lost while opening: check the database server.')
      client = next
      tell('up')
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
    connected: () => client !== undefined,
    onConnection: (onChange) => void watchers.add(onChange),
    async notify(channel, payload) {
      const connection = client ?? (await connect())
      await connection.query('select pg_notify($1, $2)', [channel, payload])
    },
    restart() {
      if (client) dropCurrent?.()
    },
    async close() {
      closed = true
      clearTimeout(retry)
      const last = client
      client = undefined
      await last?.end().catch(() => undefined)
    },
  }
}
