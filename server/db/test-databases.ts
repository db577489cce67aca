import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * Throwaway databases on a PostgreSQL server for the tests: one migrated and seeded template per run, and
 * per test file a copy made by `CREATE DATABASE … TEMPLATE` (a file copy, ~0.1 s) dropped when the file ends.
 * `adminUrl` is a superuser URL (TEST_DATABASE_URL), e.g. postgres://postgres@127.0.0.1:5432/postgres.
 */

/** A fresh database name with the given prefix, e.g. `wms_test_3f9a0c1d2e`. */
export const uniqueDatabaseName = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`

/** The admin URL pointing at another database on the same server. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

function quoted(name: string): string {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) {
    throw new Error(`Test database name '${name}' is not a plain lower-case identifier: use [a-z0-9_].`)
  }
  return `"${name}"`
}

async function onAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10000 })
  try {
    await client.connect()
  } catch (error) {
    const where = new URL(adminUrl).host
    throw new Error(
      `TEST_DATABASE_URL: cannot connect to PostgreSQL at ${where} (${String(error)}): start the server or unset TEST_DATABASE_URL to test on PGlite.`,
      { cause: error },
    )
  }
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Creates a database, empty or as a copy of `template` (which must have no open connections). */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  const sql = `create database ${quoted(name)}${template ? ` template ${quoted(template)}` : ''}`
  await onAdmin(adminUrl, async (client) => {
    // Two copies started at the same moment may see each other's short connection to the template: retry.
    for (let attempt = 1; ; attempt++) {
      try {
        return await client.query(sql)
      } catch (error) {
        const busy = (error as { code?: string }).code === '55006'
        if (!busy || attempt === 10) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
      }
    }
  })
  return databaseUrl(adminUrl, name)
}

/** Drops a database, closing any connection still open to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await onAdmin(adminUrl, (client) => client.query(`drop database if exists ${quoted(name)} with (force)`))
}
