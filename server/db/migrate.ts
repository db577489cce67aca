import { Migrator } from 'kysely'
import type { Db } from './schema.ts'
import { migrations } from '../migrations/index.ts'

/** Brings the schema up to the latest migration; throws naming the migration that failed. */
export async function migrateToLatest(db: Db): Promise<string[]> {
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
