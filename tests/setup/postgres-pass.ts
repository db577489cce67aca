/**
 * The server test files that run a second time on a real PostgreSQL server (`npm test`'s `server:postgres` step,
 * vitest project `server-postgres`), each with the reason. Every server test file runs on PGlite; PGlite is
 * PostgreSQL itself (same parser, planner, SQL dialect and error codes) inside the process, so a test proves
 * the same thing on both unless what it checks depends on what differs between the two:
 *
 * - the driver: node-postgres's pool and value parsers, and the shape of its error objects (a unique
 *   violation's `constraint`), against PGlite's single in-process connection;
 * - concurrency: PGlite has one connection, so writes that race in production (two clerks taking the last
 *   stock, two saves at one version, two import runs of one upload) run one after the other there; only
 *   PostgreSQL's pool makes them race for row locks;
 * - code that runs on one engine only: the count cache and LISTEN connection (PostgreSQL), the write watch's
 *   rule snapshots and shortcuts (PGlite only, so PostgreSQL reads rules another way), an outage of the server;
 * - DDL and its refusals (a model's table synced with ALTER TABLE), and the real server process on its own
 *   database (faults).
 *
 * The rest (HTTP, sessions, validation, page files, permissions over the route table, documents whose steps
 * are single transactions on one connection) proves nothing more the second time. A test file that branches on
 * the engine or opens a database itself must be listed: tests/unit/postgres-pass.test.ts checks it.
 */

const DRIVER = 'the driver: node-postgres reads every column type and reports database errors its own way'
const RACES = 'concurrency: the writes race for row locks only on PostgreSQL (PGlite has one connection)'
const ENGINE_CODE = 'code that runs on one engine only (count cache, LISTEN, write watch snapshots, outages)'
const DDL = 'DDL on the running database and its refusals'
const SQL = 'SQL built from the request (filters, search, sort, export queries) over the pool'

export const POSTGRES_PASS: Record<string, string> = {
  // engine-specific machinery
  'tests/server/postgres-count-cache.test.ts': ENGINE_CODE,
  'tests/server/postgres-session.test.ts': ENGINE_CODE,
  'tests/server/database-outage.test.ts': ENGINE_CODE,
  'tests/server/hmsg.test.ts': `${ENGINE_CODE}: notices reach the sockets through LISTEN/NOTIFY`,
  'tests/server/hpfm-admin.test.ts': `${ENGINE_CODE}: data permission rules without the PGlite rule snapshot`,
  'tests/server/data-scope.test.ts': `${ENGINE_CODE}: data permission rules read without the PGlite snapshot`,
  'tests/server/data-dimensions.test.ts': `${ENGINE_CODE}: data permission rules read without the snapshot`,
  'tests/server/hiam-field-rules.test.ts': `${ENGINE_CODE}: field rules read without the PGlite cache`,
  'tests/server/field-rules-routes.test.ts': `${ENGINE_CODE}: field rules read without the PGlite cache`,
  'tests/server/faults.test.ts': 'the real server process killed and restarted on its own database',
  // DDL
  'tests/server/model-table-sync.test.ts': DDL,
  'tests/server/live-models.test.ts': `${DDL}: a model file saved while the server runs`,
  'tests/server/live-reference-data.test.ts': `${DDL}: reference data written to the running database`,
  // concurrency and stock invariants
  'tests/server/concurrency.test.ts': RACES,
  'tests/server/stock-ledger.test.ts': `${RACES}: two takers of the same stock`,
  'tests/server/outbound.test.ts': `${RACES}: two clerks allocating the same last stock`,
  'tests/server/inventory.test.ts': `${RACES}: counts and adjustments posted through the ledger`,
  'tests/server/inbound.test.ts': `${RACES}: receipts through the ledger, refused steps rolled back`,
  'tests/server/floor-stock.test.ts': `${RACES}: allocation by removal strategy`,
  'tests/server/import-runs.test.ts': `${RACES}: two runs of one upload at once`,
  'tests/server/sched-import-report.test.ts': `${RACES}: one firing run by one server`,
  'tests/server/with-lines.test.ts': `${RACES}: a header and its lines saved all or nothing`,
  // the driver
  'tests/server/warehouse.test.ts': `${DRIVER}: a duplicate code answers 409 naming the key`,
  'tests/server/partial-updates.test.ts': `${DRIVER}: every model's row read and written back`,
  // SQL from the request
  'tests/server/column-filter.test.ts': SQL,
  'tests/server/export.test.ts': SQL,
  'tests/server/floor-pickers.test.ts': `${SQL}: keyword search by code, name and barcode`,
}
