/**
 * Short-lived read caches that stay exact: a Kysely plugin counts every statement that may change data (any
 * insert, update, delete, DDL or raw SQL other than a select), and a cached answer is used only while no such
 * statement has run since it was read, and for at most `ttlMs`. The list endpoint uses it for the session of
 * a token and for the row count of a list (bench measure 6: twenty requests at once for the same list).
 *
 * On PGlite this plugin alone is enough: its data directory belongs to this one process and every statement goes
 * through this Kysely instance, so no write can go unseen (a transaction holds PGlite's only connection, so no
 * read runs between its statements and its COMMIT). On PostgreSQL another process may write: there the caches
 * follow `NotifyWatch` (notify-watch.ts), which hears every committed write of any process through a trigger's
 * NOTIFY, and `writeWatchOf` answers undefined (the rule snapshot and PGlite-only shortcuts stay off).
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely'

const READ_ONLY = /^\s*(select|explain|show)\b/i

/** What a ReadCache follows: a generation that changes whenever data may have changed. */
export interface CacheWatch {
  readonly generation: number
  /**
   * True once every write committed before the call is counted in `generation`; false when nothing may be
   * cached now (PostgreSQL while its LISTEN connection is not up). Synchronous where nothing needs waiting.
   */
  settle(): boolean | Promise<boolean>
}

export class WriteWatch implements KyselyPlugin, CacheWatch {
  /** Grows with every statement that may write (counted before it runs and again when it has run). */
  generation = 0

  settle(): boolean {
    return true
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (!isRead(node)) this.generation += 1
    return node
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Rows of a write are not inspected; counting a write a second time after it ran closes the window in
    // which a read that started before it could store an answer it had not seen.
    if (result.numAffectedRows !== undefined || result.numChangedRows !== undefined) this.generation += 1
    return result
  }

  /** A cache of answers valid while nothing was written and for at most `ttlMs`. */
  cache<T>(ttlMs: number, maxEntries = 1000): ReadCache<T> {
    return new ReadCache<T>(this, ttlMs, maxEntries)
  }
}

function isRead(node: RootOperationNode): boolean {
  // A select whose WITH holds an insert, update or delete writes.
  if (node.kind === 'SelectQueryNode')
    return (node.with?.expressions ?? []).every((cte) => cte.expression.kind === 'SelectQueryNode')
  if (node.kind === 'RawNode') return READ_ONLY.test(node.sqlFragments[0] ?? '')
  return false
}

export class ReadCache<T> {
  private readonly entries = new Map<string, { value: T; generation: number; at: number }>()
  /** Reads under way, so that twenty requests arriving at once for the same key read once. */
  private readonly reading = new Map<string, { promise: Promise<T>; generation: number }>()

  constructor(
    private readonly watch: CacheWatch,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /**
   * The cached answer for `key`, or `read()`'s, kept only if no write ran while it was read. `settled` is the
   * watch's `settle()` when the caller asked it already in this request (one marker for several caches).
   */
  async get(
    key: string,
    read: () => Promise<T>,
    settled: boolean | Promise<boolean> = this.watch.settle(),
  ): Promise<T> {
    if (settled !== true && !(await settled)) return read()
    const now = Date.now()
    const generation = this.watch.generation
    const hit = this.entries.get(key)
    if (hit && hit.generation === generation && now - hit.at < this.ttlMs) return hit.value
    const pending = this.reading.get(key)
    if (pending && pending.generation === generation) return pending.promise
    const promise = read()
    this.reading.set(key, { promise, generation })
    try {
      const value = await promise
      if (generation === this.watch.generation) {
        if (this.entries.size >= this.maxEntries) this.entries.clear()
        this.entries.set(key, { value, generation, at: now })
      }
      return value
    } finally {
      if (this.reading.get(key)?.promise === promise) this.reading.delete(key)
    }
  }
}

/** A ReadCache that follows `watch`. */
export const readCache = <T>(watch: CacheWatch, ttlMs: number, maxEntries = 1000) =>
  new ReadCache<T>(watch, ttlMs, maxEntries)

const watches = new WeakMap<object, WriteWatch>()
const cacheWatches = new WeakMap<object, CacheWatch>()

/** Records the watch of a database (openDatabase, PGlite only). */
export function registerWriteWatch(db: object, watch: WriteWatch) {
  watches.set(db, watch)
  cacheWatches.set(db, watch)
}

/** Records the watch the caches of a PostgreSQL database follow (openDatabase: a NotifyWatch). */
export function registerCacheWatch(db: object, watch: CacheWatch) {
  cacheWatches.set(db, watch)
}

/**
 * The PGlite write watch of a database, or undefined on PostgreSQL (for what only this process's own writes
 * can tell: the rule snapshot, an import's token vouched for from memory).
 */
export const writeWatchOf = (db: object): WriteWatch | undefined => watches.get(db)

/** What exact read caches of a database follow (PGlite and PostgreSQL), or undefined for one made elsewhere. */
export const cacheWatchOf = (db: object): CacheWatch | undefined => cacheWatches.get(db)
