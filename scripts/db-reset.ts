/**
 * `npm run db:reset`: a fresh, seeded database.
 * PGlite (default): deletes DATA_DIR/pg (default ./data/pg) and creates it again.
 * PostgreSQL (DATABASE_URL): drops and recreates the schema `public` after a warning (5 s to cancel; --yes skips the wait).
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { loadModelFiles, prepareDatabase } from '../server/bootstrap.ts'
import { openDatabase } from '../server/db/index.ts'

const started = performance.now()
const databaseUrl = process.env.DATABASE_URL || undefined
const dataDir = process.env.DATA_DIR ?? './data'
const models = loadModelFiles('schemas/models')

if (databaseUrl) {
  const target = new URL(databaseUrl)
  console.warn(
    `WARNING: this drops schema "public" of database "${target.pathname.slice(1)}" on ${target.hostname} ` +
      'with ALL its tables and data, then seeds it again.',
  )
  if (!process.argv.includes('--yes')) {
    console.warn('Press Ctrl+C within 5 seconds to cancel (pass --yes to skip this wait).')
    await new Promise((resolve) => setTimeout(resolve, 5000))
  }
} else {
  rmSync(join(dataDir, 'pg'), { recursive: true, force: true })
  console.log(`Deleted ${join(dataDir, 'pg')}.`)
}

const database = await openDatabase({ dataDir, databaseUrl })
try {
  if (databaseUrl) await sql`drop schema if exists public cascade; create schema public`.execute(database.db)
  const result = await prepareDatabase(database.db, models)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `Database ready in ${seconds} s: ${result.migrations.length} migration(s), ${result.tableChanges.length} model table change(s), seeded.`,
  )
} finally {
  await database.close()
}
