/**
 * Fan-out of counter changes to every server instance: a change is published with PostgreSQL NOTIFY (inside
 * the caller's transaction, so it is heard only once the messages are committed) and heard through LISTEN on
 * PGlite and PostgreSQL alike (server/db/listen.ts). A database opened some other way has no LISTEN: then an
 * in-process bus is used, which reaches the sockets of this instance only.
 */
import { EventEmitter } from 'node:events'
import { sql, type Kysely } from 'kysely'
import { listenOn } from '../../db/listen.ts'
import type { Database, Db } from '../../db/schema.ts'

/** The unread count of `userId` in `tenantId` changed by `number` (+ new messages, − messages read). */
export interface CounterChange {
  userId: number
  tenantId: number
  number: number
}

export interface NoticeBus {
  readonly kind: 'listen-notify' | 'in-process'
  /** Announce changes; with `trx` they are delivered only if that transaction commits. */
  publish(changes: CounterChange[], trx?: Kysely<Database>): Promise<void>
  /** Hear every change announced by any instance; answers the function that stops listening. */
  subscribe(handler: (change: CounterChange) => void): () => void
  close(): Promise<void>
}

export const NOTICE_CHANNEL = 'hmsg_counter'
// NOTIFY payloads are limited to 8000 bytes; ~40 bytes a change leaves ample room at 100 per notification.
const CHANGES_PER_NOTIFY = 100

type Wire = [userId: number, tenantId: number, number: number]

export async function createNoticeBus(db: Db): Promise<NoticeBus> {
  const events = new EventEmitter()
  events.setMaxListeners(0)
  const emit = (change: CounterChange) => events.emit('change', change)
  const subscribe = (handler: (change: CounterChange) => void) => {
    events.on('change', handler)
    return () => void events.off('change', handler)
  }
  const listen = listenOn(db)
  if (!listen) {
    return {
      kind: 'in-process',
      async publish(changes) {
        changes.forEach(emit)
      },
      subscribe,
      close: async () => undefined,
    }
  }
  const stop = await listen(NOTICE_CHANNEL, (payload) => {
    for (const [userId, tenantId, number] of JSON.parse(payload) as Wire[]) emit({ userId, tenantId, number })
  })
  return {
    kind: 'listen-notify',
    async publish(changes, trx) {
      for (let start = 0; start < changes.length; start += CHANGES_PER_NOTIFY) {
        const wire: Wire[] = changes
          .slice(start, start + CHANGES_PER_NOTIFY)
          .map((change) => [change.userId, change.tenantId, change.number])
        await sql`select pg_notify(${NOTICE_CHANNEL}, ${JSON.stringify(wire)})`.execute(trx ?? db)
      }
    },
    subscribe,
    close: stop,
  }
}
