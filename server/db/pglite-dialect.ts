import type { PGlite } from '@electric-sql/pglite'
import { PostgresDialect, type PostgresPool } from 'kysely'

/**
 * Kysely's own Postgres dialect over one PGlite instance. PGlite has a single session, so the one
 * "connection" is lent to one borrower at a time (a transaction keeps it until COMMIT); others wait in line.
 * Never use the root Kysely instance inside a transaction callback: it would wait for itself.
 */
export function pgliteDialect(pglite: PGlite): PostgresDialect {
  let queue: Promise<void> = Promise.resolve()
  const pool = {
    connect() {
      const previous = queue
      let release: () => void = () => undefined
      queue = new Promise<void>((resolve) => (release = resolve))
      const client = {
        async query(sql: string, parameters: readonly unknown[]) {
          // Without parameters use the simple protocol, which also runs several statements (migrations).
          const result = parameters.length
            ? await pglite.query<Record<string, unknown>>(sql, [...parameters])
            : (await pglite.exec(sql)).at(-1)
          if (!result) return { command: 'SELECT', rowCount: 0, rows: [] }
          const rowCount = result.rowCount ?? result.affectedRows ?? 0
          return { command: result.command, rowCount, rows: result.rows }
        },
        release: () => release(),
      }
      return previous.then(() => client)
    },
    end: () => queue,
  }
  // Kysely's pool type also declares a cursor overload of query() that this dialect never uses.
  return new PostgresDialect({ pool: pool as unknown as PostgresPool })
}
