import { relative, resolve } from 'node:path'
import type { ModelSchema } from '../renderer/schema/model.ts'
import type { Db } from './db/schema.ts'
import { migrateToLatest } from './db/migrate.ts'
import { coverNewTables } from './db/notify-watch.ts'
import { ensureStockLabels } from './modules/winv/stock-labels.ts'
import { loadPages, type ServedPage } from './modules/lowcode/load-pages.ts'
import { loadModels, readModels, refusalReasons, type RefusedModel } from './modules/models/load-models.ts'
import { syncModelTables } from './modules/models/model-table.ts'
import { ensureHitfDbObjects } from './modules/hitf/db-objects.ts'
import { seedReferences } from './seed/data.ts'
import { isSeeded, seedDatabase } from './seed/index.ts'
import { syncReferenceData, type ReferenceSync } from './seed/reference-data.ts'

/** Reads and checks schemas/models; throws ModelLoadError (file, line, pointer, fix) when one is bad. */
export function loadModelFiles(modelsDir: string, seedDir?: string): ModelSchema[] {
  return loadModels(modelsDir, seedReferences(seedDir)).map((loaded) => loaded.model)
}

/**
 * Reads the models and the page files. Neither stops the start: a bad model is refused (left out, with every
 * problem in `refused`) and the pages on it are served with an error naming why; a bad page is kept with its
 * issues. Pages are checked against the models and the value sets of the seed folder `seedDir` (config.seedDataDir).
 */
export function loadSchemaFiles(
  modelsDir: string,
  pagesDir: string,
  seedDir?: string,
): { models: ModelSchema[]; pages: ServedPage[]; refused: RefusedModel[] } {
  const refs = seedReferences(seedDir)
  const { loaded, refused } = readModels(modelsDir, refs)
  const byKey = new Map(
    loaded.map(({ file, model }) => [
      relative(resolve(modelsDir), resolve(file)).replace(/\.model\.json$/, ''),
      model,
    ]),
  )
  const refusedModels = refusalReasons(refused)
  const pages = loadPages(pagesDir, { models: byKey, lookupCodes: refs.lookupCodes, refusedModels })
  return { models: loaded.map((l) => l.model), pages, refused }
}

/**
 * Registers the permission codes the page files and models declare (new codes only; nothing is granted:
 * a role gets a code through the menu API or the seed). Returns the codes that were new.
 */
export async function registerPermissionCodes(
  db: Db,
  models: ModelSchema[],
  pages: ServedPage[],
): Promise<string[]> {
  const codes = new Set(pages.flatMap((page) => page.permissions))
  for (const model of models)
    Object.values(model.permissions ?? {}).forEach((code) => code && codes.add(code))
  if (!codes.size) return []
  const existing = await db
    .selectFrom('iamPermission')
    .select('code')
    .where('code', 'in', [...codes])
    .execute()
  const known = new Set(existing.map((row) => row.code))
  const added = [...codes].filter((code) => !known.has(code)).sort()
  if (added.length) {
    await db
      .insertInto('iamPermission')
      .values(added.map((code) => ({ code, controllerType: 'hidden' })))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute()
  }
  return added
}

export interface PrepareResult {
  migrations: string[]
  tableChanges: string[]
  seeded: boolean
  /** Value sets and Lov views of the files an existing database lacked, added at this start. */
  references: ReferenceSync
}

/**
 * Migrates, creates/alters model tables and seeds a fresh database. On an existing database this is a few
 * catalogue queries: no re-seeding, no per-start heavy work.
 */
export async function prepareDatabase(
  db: Db,
  models: ModelSchema[],
  seedDataDir?: string,
): Promise<PrepareResult> {
  const migrations = await migrateToLatest(db)
  const tableChanges = await syncModelTables(db, models)
  await ensureStockLabels(db)
  // Triggers on model tables (secret vault, mapping history) must exist before the seed writes rows.
  if (models.some((model) => model.table === 'hitf_interface')) await ensureHitfDbObjects(db)
  // PostgreSQL: every table, new ones included, tells the read caches of its writes (db/notify-watch.ts).
  await coverNewTables(db)
  const seeded = !(await isSeeded(db))
  if (seeded) await seedDatabase(db, models)
  // An existing database gets the value sets and Lov views a file added since (two catalogue-sized reads).
  const references = seeded ? { lookups: [], lovViews: [] } : await syncReferenceData(db, seedDataDir)
  return { migrations, tableChanges, seeded, references }
}
