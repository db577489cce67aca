import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { CamelCasePlugin, Kysely } from 'kysely'
import { attachListen, pgliteListen, postgresListen } from './listen.ts'
import { pgliteDialect } from './pglite-dialect.ts'
import { postgresDialect, type PostgresTimeouts } from './postgres-pool.ts'
import type { Database, Db } from './schema.ts'
import { valueParsers } from './type-parsers.ts'
import { NotifyWatch } from './notify-watch.ts'
import { registerCacheWatch, registerWriteWatch, WriteWatch } from './write-watch.ts'

export type { Db } from './schema.ts'

export interface OpenDatabaseOptions {
  /** PGlite keeps its files in `<dataDir>/pg`; ignored when databaseUrl is set. */
  dataDir?: string
  /** PostgreSQL connection string: use node-postgres instead of PGlite. */
  databaseUrl?: string
  /** A PGlite dump (from dumpDataDir) to start an in-memory database from; tests use it. */
  loadDataDir?: Blob
  /** In-memory PGlite, nothing on disk (tests, dump preparation). */
  inMemory?: boolean
  /** PostgreSQL only: how long to wait for a connection and for a query before answering 503. */
  timeouts?: PostgresTimeouts
}

export interface OpenDatabase {
  db: Db
  kind: 'pglite' | 'postgres'
  /** The PGlite instance (absent on PostgreSQL): tests dump it. */
  pglite?: PGlite
  close(): Promise<void>
}

/** Kysely over PGlite (default) or PostgreSQL (databaseUrl), the same SQL on both. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenDatabase> {
  const plugins = [new CamelCasePlugin({ maintainNestedObjectKeys: true })]
  if (options.databaseUrl) {
    const dialect = postgresDialect(options.databaseUrl, options.timeouts)
    // Own writes counted as on PGlite; other processes' heard through a trigger's NOTIFY (notify-watch.ts).
    const own = new WriteWatch()
    const db = new Kysely<Database>({ dialect, plugins: [...plugins, own] })
    const notifications = postgresListen(options.databaseUrl)
    attachListen(db, notifications.listen)
    registerCacheWatch(db, new NotifyWatch(db, own, notifications))
    return {
      db,
      kind: 'postgres',
      async close() {
        await notifications.close()
        await db.destroy()
      },
    }
  }
  let dataDir: string | undefined
  if (!options.inMemory && !options.loadDataDir) {
    dataDir = join(options.dataDir ?? './data', 'pg')
    mkdirSync(dataDir, { recursive: true })
  }
  const pglite = new PGlite({ dataDir, loadDataDir: options.loadDataDir, parsers: valueParsers })
  await pglite.waitReady
  // PGlite only: every write goes through here, so short read caches can stay exact (write-watch.ts).
  const watch = new WriteWatch()
  const db = new Kysely<Database>({ dialect: pgliteDialect(pglite), plugins: [...plugins, watch] })
  registerWriteWatch(db, watch)
  attachListen(db, pgliteListen(pglite))
  return {
    db,
    kind: 'pglite',
    pglite,
    async close() {
      await db.destroy()
      await pglite.close()
    },
  }
}
