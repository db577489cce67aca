/**
 * Export cost: N rows × 12 columns written as xlsx (and CSV) the way the async worker writes them — keys read
 * in key pages over the sort order, rows read by key in batches of the chosen columns, cells formatted (lookup
 * meanings, yes/no, dates), the export's own streaming xlsx writer (inline strings), bytes through the file
 * store. Prints time and peak RSS growth over the baseline taken once the rows are in the database. Usage: `npx tsx bench/export-memory.ts [rows=100000]`.
 * Each format runs in a fresh process that loads a dump of the prepared database, so the baseline is the
 * server at rest; PGlite runs in that process, so its query memory is part of the growth (as in the server).
 * With BENCH_DATABASE_URL the rows go to that PostgreSQL database instead (table bench_export_row is
 * replaced) and the children connect to it: the growth is then the Node process's alone, the sort's memory
 * being the database server's.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import type { ModelSchema } from '../renderer/schema/model.ts'
import { loadModelFiles } from '../server/bootstrap.ts'
import { openDatabase } from '../server/db/index.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import { cellFormatters, exportColumns } from '../server/modules/export/export-columns.ts'
import { countRows, EXPORT_BATCH_SIZE, fieldsOf, rowBatches } from '../server/modules/export/row-batches.ts'
import { writeExport } from '../server/modules/export/write-export.ts'
import { localFileStore } from '../server/modules/hfle/file-store.ts'
import { syncModelTables } from '../server/modules/models/model-table.ts'
import { modelDb } from '../server/modules/models/model-scope.ts'
import { projectPath } from '../server/paths.ts'
import type { ExportFileType } from '../renderer/contract/export.ts'

const ROWS = Number(process.argv[2] ?? 100_000)
const DATABASE_URL = process.env.BENCH_DATABASE_URL
const field = (name: string, type: ModelSchema['fields'][number]['type'], extra = {}) => ({
  name,
  type,
  label: name,
  ...extra,
})
const model: ModelSchema = {
  service: 'bench',
  entity: 'benchRow',
  resource: 'bench-rows',
  table: 'bench_export_row',
  primaryKey: 'rowId',
  defaultSort: 'rowCode,asc',
  fields: [
    field('rowCode', 'string', { maxLength: 30, sortable: true }),
    field('rowName', 'string', { maxLength: 120 }),
    field('rowType', 'string', { maxLength: 30, lookupCode: 'WMDM.WAREHOUSE_TYPE' }),
    field('address', 'string', { maxLength: 240 }),
    field('contactName', 'string', { maxLength: 60 }),
    field('contactPhone', 'string', { maxLength: 30 }),
    field('quantity', 'decimal', { precision: 18, scale: 4 }),
    field('amount', 'decimal', { precision: 18, scale: 2 }),
    field('lineCount', 'integer'),
    field('expectedDate', 'date'),
    field('shippedAt', 'datetime'),
    field('enabledFlag', 'flag'),
  ],
}
const session = {
  userId: 1,
  tenantId: 1,
  roleId: 1,
  roleCode: 'bench',
  roleLevel: 'organization',
  language: 'zh_CN',
  tokenHash: '',
} as const
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

/** Parent: builds the database once and dumps it; each format then runs in a fresh child process. */
async function prepare() {
  const database = await openDatabase(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { inMemory: true })
  const { db } = database
  await migrateToLatest(db)
  if (DATABASE_URL) await sql`drop table if exists bench_export_row`.execute(db)
  // the product's tables too: a list's data-permission clause reads the rules and data groups, as in the server
  await syncModelTables(db, [...loadModelFiles(projectPath('schemas/models')), model])
  await sql`insert into hpfm_lookup_value (tenant_id, lookup_code, value, meanings) values
    (0, 'WMDM.WAREHOUSE_TYPE', 'NORMAL', '{"zh_CN":"普通仓"}'), (0, 'WMDM.WAREHOUSE_TYPE', 'COLD', '{"zh_CN":"冷库"}')
    on conflict do nothing`.execute(db)
  await sql`insert into bench_export_row (tenant_id, row_code, row_name, row_type, address, contact_name, contact_phone,
      quantity, amount, line_count, expected_date, shipped_at, enabled_flag)
    select 1, 'R' || lpad(n::text, 7, '0'), '上海仓库 ' || n, case when n % 3 = 0 then 'COLD' else 'NORMAL' end,
      '上海市浦东新区物流园区 ' || n || ' 号', '王经理', '138' || lpad((n::bigint * 7919 % 100000000)::text, 8, '0'),
      n * 1.25, n * 3.5, n % 40, date '2026-01-01' + (n % 365), timestamp '2026-01-01 08:00:00' + (n || ' minutes')::interval,
      n % 2 from generate_series(1, ${ROWS}) n`.execute(db)
  const dir = await mkdtemp(join(tmpdir(), 'export-bench-'))
  if (database.pglite) {
    const dump = join(dir, 'db.tgz')
    await writeFile(dump, Buffer.from(await (await database.pglite.dumpDataDir('gzip')).arrayBuffer()))
  } else await sql`analyze bench_export_row`.execute(db)
  await database.close()
  const load = loadavg()[0]?.toFixed(1)
  console.log(
    `export bench: ${ROWS.toLocaleString('en-US')} rows × ${model.fields.length} columns on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (Node ${process.version}, load average ${load})`,
  )
  try {
    for (const fileType of ['EXCEL2007', 'CSV']) {
      const args = [...process.execArgv, fileURLToPath(import.meta.url), String(ROWS), 'run', fileType, dir]
      process.stdout.write(execFileSync(process.execPath, args, { encoding: 'utf8' }))
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Child: loads the dump, takes the baseline, exports once as the worker does, prints the figures. */
async function run(fileType: ExportFileType, dir: string) {
  const database = await openDatabase(
    DATABASE_URL
      ? { databaseUrl: DATABASE_URL }
      : { loadDataDir: new Blob([await readFile(join(dir, 'db.tgz'))]) },
  )
  const { db } = database
  const files = localFileStore(dir)
  const columns = exportColumns(model)
  const formatters = await cellFormatters(db, columns, 1, 'zh_CN')
  await countRows(modelDb(db), model, session, {}) // warm the database before the baseline
  const atRest = process.memoryUsage()
  const baseline = atRest.rss
  let peak = baseline
  let atPeak = atRest
  const sample = () => {
    const usage = process.memoryUsage()
    if (usage.rss > peak) [peak, atPeak] = [usage.rss, usage]
  }
  const sampler = setInterval(sample, 10)
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const total = await countRows(modelDb(db), model, session, {})
  const stream = new PassThrough()
  const stored = files.put(`out.${fileType === 'CSV' ? 'csv' : 'xlsx'}`, stream)
  const spec = { fileType, singleSheetMaxRow: 1_048_575, columns, formatters }
  const written = await writeExport(
    stream,
    spec,
    rowBatches(modelDb(db), model, session, {}, EXPORT_BATCH_SIZE, fieldsOf(columns)),
  )
  const { size } = await stored
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  clearInterval(sampler)
  sample()
  console.log(
    `${fileType.padEnd(9)} ${written}/${total} rows in ${seconds.toFixed(1)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s), ` +
      `file ${mb(size)}; RSS baseline ${mb(baseline)}, peak ${mb(peak)}, growth ${mb(peak - baseline)} ` +
      `(of which JS heap ${mb(atPeak.heapTotal - atRest.heapTotal)}, array buffers and WASM memory ${mb(atPeak.arrayBuffers - atRest.arrayBuffers)}, ` +
      `other external ${mb(atPeak.external - atPeak.arrayBuffers - (atRest.external - atRest.arrayBuffers))})`,
  )
  await database.close()
}

if (process.argv[3] === 'run') await run(process.argv[4] as ExportFileType, process.argv[5] as string)
else await prepare()
