import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { loadModelFiles, prepareDatabase } from '../../server/bootstrap.ts'
import { openDatabase } from '../../server/db/index.ts'
import { createDatabase, dropDatabase, uniqueDatabaseName } from '../../server/db/test-databases.ts'

/** Where each test file's database comes from (server/testing.ts reads it). */
export type TestDatabaseSource =
  { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; adminUrl: string; template: string }

declare module 'vitest' {
  export interface ProvidedContext {
    serverDatabase: TestDatabaseSource
  }
}

/**
 * Vitest globalSetup of the `server` project: migrates and seeds one database per run, which every test
 * file then copies. With TEST_DATABASE_URL (a PostgreSQL superuser URL) that is a template database on that
 * server; otherwise a fresh PGlite (~2 s, ~700 MB) dumped to a tarball that each file loads in memory.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL
  return adminUrl ? preparePostgresTemplate(project, adminUrl) : preparePgliteDump(project)
}

async function preparePostgresTemplate(project: TestProject, adminUrl: string) {
  const template = uniqueDatabaseName('wms_test_template')
  const url = await createDatabase(adminUrl, template)
  try {
    const database = await openDatabase({ databaseUrl: url })
    try {
      await prepareDatabase(database.db, loadModelFiles('schemas/models'))
    } finally {
      // CREATE DATABASE … TEMPLATE needs the template without open connections.
      await database.close()
    }
  } catch (error) {
    await dropDatabase(adminUrl, template)
    throw error
  }
  project.provide('serverDatabase', { kind: 'postgres', adminUrl, template })
  return () => dropDatabase(adminUrl, template)
}

async function preparePgliteDump(project: TestProject) {
  const database = await openDatabase({ inMemory: true })
  try {
    await prepareDatabase(database.db, loadModelFiles('schemas/models'))
    const dump = await database.pglite!.dumpDataDir('gzip')
    const dir = mkdtempSync(join(tmpdir(), 'wms-server-test-'))
    const dumpFile = join(dir, 'pgdata.tar.gz')
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()))
    project.provide('serverDatabase', { kind: 'pglite', dumpFile })
    return () => rmSync(dir, { recursive: true, force: true })
  } finally {
    await database.close()
  }
}
