import { Migrator, sql } from 'kysely'
import type { Db } from './schema.ts'
import { migrations } from '../migrations/index.ts'

/** Brings the schema up to the latest migration; throws naming the migration that failed. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (await upToDate(db)) return []
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results = [] } = await migrator.migrateToLatest()
  const failed = results.find((result) => result.status === 'Error')
  if (error) {
    const name = failed ? `migration ${failed.migrationName}` : 'the migrations'
    throw new Error(
      `Database: ${name} failed: ${String(error)}. Fix the migration file in server/migrations/.`,
      {
        cause: error,
      },
    )
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName)
}

/**
 * Whether every migration has run and the database knows no other: one query instead of the Migrator's
 * catalogue introspection (several reads of every table's columns, a lock table and a transaction), which
 * cost about a second at each start on PGlite (bench measure 8). Anything else — a new database, a new
 * migration, a name the code does not know — goes through the Migrator as before.
 */
async function upToDate(db: Db): Promise<boolean> {
  try {
    const done = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
    const names = new Set(done.rows.map((row) => row.name))
    const wanted = Object.keys(migrations)
    return names.size === wanted.length && wanted.every((name) => names.has(name))
  } catch {
    return false // no migration table yet
  }
}
