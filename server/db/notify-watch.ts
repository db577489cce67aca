/**
 * Exact read caches on PostgreSQL, where other processes write too. Every table of the server's schema has a
 * statement-level trigger (`installWriteNotify`) that sends `pg_notify('wms_table_written', <table>)` after
 * any INSERT, UPDATE, DELETE or TRUNCATE. PostgreSQL delivers a notification only once its transaction has
 * committed, and delivers the notifications of different transactions in the order they committed. Each one
 * heard (own writes included) bumps the generation the caches follow (write-watch.ts); this process's own
 * statements bump it too, through the WriteWatch plugin, before they run.
 *
 * Why an entry never outlives a committed write W (the cache keeps an answer read at generation g only while
 * the generation is still g, and stores it only if the generation did not change while it was read):
 * - Before using or reading the cache, a request *settles*: it sends a marker notification on the LISTEN
 *   connection and waits to hear it. The marker commits after the request began, so every write committed
 *   before the request began is heard before the marker, and the generation the request reads already
 *   counts it. Without this, a request arriving between W's COMMIT and its notification would get the old
 *   answer. Requests arriving together share one marker (one that was sent before a request began does not
 *   count for it: it waits for the next).
 * - A count started before W committed and finished after W's notification was heard: the generation moved
 *   while it read, so it is not stored.
 * - A count stored before W's notification arrives (W committed while it ran, or later): it is stored at g,
 *   and the notification moves the generation past g before any request that began after W's COMMIT uses
 *   the cache (that request's marker is heard after W's notification).
 * - A write inside a transaction not yet committed: other connections' counts do not see it, and its
 *   notification comes at COMMIT, so an entry stored meanwhile is right until then and is dropped then. A
 *   rolled-back transaction sends nothing and changed nothing.
 * - The LISTEN connection not up (not yet connected, dropped, reconnecting): notifications may be missed, so
 *   `settle` answers false and nothing is read from or stored in the cache; losing it and getting it back
 *   each bump the generation, so nothing stored before the loss is used after it. A marker not heard within
 *   MARKER_MS (a connection silently gone) bumps the generation too, that request is not cached, and the
 *   connection is dropped as lost and opened again (`restart`), so caching waits for a live one.
 * - Tables created later (model sync, migrations) get the trigger from `coverNewTables` (syncModelTables,
 *   prepareDatabase), and every time the LISTEN connection comes up the triggers are checked again before
 *   caching resumes.
 * Not covered: a write made with triggers disabled (`session_replication_role = replica`, or a table created
 * by hand in the schema while this server runs and not yet given the trigger).
 */
import { sql, type Kysely } from 'kysely'
import type { PostgresNotifications } from './listen.ts'
import { cacheWatchOf, type CacheWatch, type WriteWatch } from './write-watch.ts'

export const WRITE_CHANNEL = 'wms_table_written'
const TRIGGER = 'wms_table_written'
/** Markers start with a character no table name of the schema has. */
const MARKER = '#'
const MARKER_MS = 2000
const RETRY_MS = 2000

/**
 * Gives every ordinary table of the current schema the notifying trigger (those that lack it). Idempotent and
 * safe when two servers run it at once; one catalogue read when nothing is missing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: migrations and model tables
export async function installWriteNotify(db: Kysely<any>): Promise<void> {
  await sql`do $install$
    declare t record;
    begin
      if not exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where p.proname = ${sql.lit(TRIGGER)} and n.nspname = current_schema()) then
        begin
          create function wms_table_written() returns trigger language plpgsql as $fn$
            begin perform pg_notify(${sql.lit(WRITE_CHANNEL)}, tg_table_name); return null; end $fn$;
        exception when duplicate_function or unique_violation then null;
        end;
      end if;
      for t in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind = 'r'
            and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = ${sql.lit(TRIGGER)})
      loop
        begin
          execute format('create trigger %I after insert or update or delete or truncate on %I
            for each statement execute function wms_table_written()', ${sql.lit(TRIGGER)}, t.relname);
        exception when duplicate_object or unique_violation then null;
        end;
      end loop;
    end $install$`.execute(db)
}

export class NotifyWatch implements CacheWatch {
  /** Notifications heard, losses and recoveries of the LISTEN connection, markers not heard. */
  private heard = 0
  /** True while the LISTEN connection is up and the triggers were checked on it. */
  private up = false
  /** Changes on every up or down of the LISTEN connection. */
  private epoch = 0
  private arming: Promise<void> | undefined
  private failedAt = -Infinity
  private readonly id = Math.random().toString(36).slice(2, 10)
  private sent = 0
  private readonly waiting = new Map<number, () => void>()
  /** The marker in flight, and the one queued behind it for requests that began after it was sent. */
  private current: Promise<void> | undefined
  private next: Promise<void> | undefined

  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the server's Kysely, any schema
    private readonly db: Kysely<any>,
    private readonly own: WriteWatch,
    private readonly notifications: PostgresNotifications,
  ) {
    notifications.onConnection(() => {
      this.epoch += 1
      this.heard += 1
      this.up = false
      for (const done of this.waiting.values()) done() // answered false: `up` is off
      this.waiting.clear()
      if (this.notifications.connected()) this.arm()
    })
  }

  get generation(): number {
    return this.own.generation + this.heard
  }

  /** Gives tables created since (model sync, migrations) the trigger; what was cached is dropped. */
  async coverNewTables(): Promise<void> {
    await installWriteNotify(this.db)
    this.heard += 1
  }

  /** Whether caches may be used now (tests read it). */
  get listening(): boolean {
    return this.up
  }

  settle(): boolean | Promise<boolean> {
    if (!this.up) {
      if (Date.now() - this.failedAt >= RETRY_MS) this.arm()
      return false
    }
    return this.sync().then(
      () => this.up,
      () => {
        // A marker not heard back: the LISTEN connection stopped answering. Caching stops at once (the
        // connection's loss moves the generation and turns `up` off) and a new connection is opened, so the
        // next requests do not each wait for a marker of their own on a dead one.
        this.heard += 1
        this.up = false
        this.failedAt = Date.now()
        this.notifications.restart()
        return false
      },
    )
  }

  private readonly onPayload = (payload: string) => {
    if (!payload.startsWith(MARKER)) {
      this.heard += 1
      return
    }
    const [id, sent] = payload.slice(MARKER.length).split(':')
    if (id !== this.id) return
    const seq = Number(sent)
    for (const [waitingSeq, done] of this.waiting) {
      if (waitingSeq <= seq) {
        this.waiting.delete(waitingSeq)
        done()
      }
    }
  }

  /** Listens (once), checks the triggers, then lets caching start; tried again on the next request if it fails. */
  private arm(): void {
    this.arming ??= (async () => {
      try {
        await this.notifications.listen(WRITE_CHANNEL, this.onPayload)
        let epoch: number
        do {
          epoch = this.epoch
          await installWriteNotify(this.db)
        } while (epoch !== this.epoch && this.notifications.connected())
        if (this.notifications.connected()) {
          this.heard += 1
          this.up = true
        }
      } catch {
        this.failedAt = Date.now()
      } finally {
        this.arming = undefined
      }
    })()
  }

  /** Resolves once a marker sent after this call is heard back (so every earlier commit was heard). */
  private sync(): Promise<void> {
    if (!this.current) return this.send()
    this.next ??= this.current
      .catch(() => undefined)
      .then(() => {
        this.next = undefined
        return this.send()
      })
    return this.next
  }

  private send(): Promise<void> {
    const seq = ++this.sent
    const marker = (async () => {
      let timer: NodeJS.Timeout | undefined
      const heard = new Promise<void>((resolve, reject) => {
        this.waiting.set(seq, resolve)
        timer = setTimeout(() => {
          this.waiting.delete(seq)
          reject(new Error('The cache marker was not heard back: check the LISTEN connection.'))
        }, MARKER_MS)
      })
      heard.catch(() => undefined) // awaited below; a timeout while the NOTIFY is still sent is not unhandled
      try {
        await this.notifications.notify(WRITE_CHANNEL, `${MARKER}${this.id}:${seq}`)
        await heard
      } finally {
        clearTimeout(timer)
        this.waiting.delete(seq)
      }
    })()
    this.current = marker
    void marker
      .catch(() => undefined)
      .then(() => {
        if (this.current === marker) this.current = undefined
      })
    return marker
  }
}

/** On PostgreSQL, gives tables created since the trigger (`coverNewTables`); nothing to do on PGlite. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function coverNewTables(db: Kysely<any>): Promise<void> {
  const watch = cacheWatchOf(db)
  if (watch instanceof NotifyWatch) await watch.coverNewTables()
}
