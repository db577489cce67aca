import type { ModelSchema } from '../renderer/schema/model.ts'
import type { Db } from './db/schema.ts'
import { migrateToLatest } from './db/migrate.ts'
import { loadModels } from './modules/models/load-models.ts'
import { syncModelTables } from './modules/models/model-table.ts'
import { seedReferences } from './seed/data.ts'
import { isSeeded, seedDatabase } from './seed/index.ts'

/** Reads and checks schemas/models; throws ModelLoadError (file, line, pointer, fix) when one is bad. */
export function loadModelFiles(modelsDir: string): ModelSchema[] {
  return loadModels(modelsDir, seedReferences()).map((loaded) => loaded.model)
}

export interface PrepareResult {
  migrations: string[]
  tableChanges: string[]
  seeded: boolean
}

/**
 * Migrates, creates/alters model tables and seeds a fresh database. On an existing database this is a few
 * catalogue queries: no re-seeding, no per-start heavy work.
 */
export async function prepareDatabase(db: Db, models: ModelSchema[]): Promise<PrepareResult> {
  const migrations = await migrateToLatest(db)
  const tableChanges = await syncModelTables(db, models)
  const seeded = !(await isSeeded(db))
  if (seeded) await seedDatabase(db, models)
  return { migrations, tableChanges, seeded }
}
