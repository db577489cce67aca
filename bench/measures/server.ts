/**
 * Measures 6, 8 and 9: the list endpoint on 1,000,000 stock-log rows against the same SQL run directly, the
 * server's start times, and the schema check. Servers listen on loopback only; every loop is bounded in time.
 */
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { sortedRows } from '../../server/modules/models/model-list.ts'
import { modelDb } from '../../server/modules/models/model-scope.ts'
import { startServer } from '../../server/start.ts'
import type { Session } from '../../server/types.ts'
import type { Figure } from '../lib/report.ts'
import { median, percentile } from '../lib/stats.ts'

const STOCK_LOG_ROWS = 1_000_000

/** A models folder with the product's models plus the benchmark's stock log. */
function modelsWithStockLog(dir: string): string {
  const models = join(dir, 'models')
  cpSync('schemas/models', models, { recursive: true })
  cpSync('bench/fixtures/stock-log.model.json', join(models, 'bench', 'stock-log.model.json'))
  return models
}

/** Runs `work` from `connections` loops at once for `seconds`; answers each call's latency in ms. */
async function load(connections: number, seconds: number, work: (i: number) => Promise<void>) {
  const latencies: number[] = []
  const deadline = performance.now() + seconds * 1000
  let calls = 0
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now()
        await work(calls++)
        latencies.push(performance.now() - started)
      }
    }),
  )
  return latencies
}

/** Signs the administrator in through the form post; answers the access token. */
export async function signInToken(url: string): Promise<string> {
  const response = await fetch(`${url}/api/oauth/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: 'admin',
      password: 'Admin@123',
      client_id: 'localhost',
      redirect_uri: `${url}/`,
      language: 'en_US',
    }),
  })
  const location = response.headers.get('location') ?? ''
  const token = new URLSearchParams(location.split('#')[1] ?? '').get('access_token')
  if (!token) throw new Error(`bench sign-in failed: HTTP ${response.status}, Location '${location}'`)
  return token
}

export async function listEndpoint(options: { databaseUrl?: string; seconds?: number } = {}): Promise<{
  figures: Figure[]
  dataDir: string
}> {
  const dir = mkdtempSync(join(tmpdir(), 'wms-bench-'))
  const seconds = options.seconds ?? 10
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: join(dir, 'data'),
    databaseUrl: options.databaseUrl,
    modelsDir: modelsWithStockLog(dir),
    staticDir: join(dir, 'no-static'),
  })
  const kind = options.databaseUrl ? 'PostgreSQL' : 'PGlite'
  try {
    const db = server.app.db
    const loaded = performance.now()
    const seed = [
      'truncate bench_stock_log',
      `insert into bench_stock_log (tenant_id, warehouse_code, location_code, goods_code, batch_code, owner_code,
        change_type, quantity_change, quantity_after, document_type, document_no, operated_at, remark,
        created_by, last_updated_by)
      select 1 + (i % 2), 'WH-' || lpad((i % 20)::text, 3, '0'), 'L-' || (i % 500), 'G' || lpad((i % 20000)::text, 6, '0'),
        'B' || (i % 97), 'OWN-' || (i % 8), (array['IN','OUT','ADJUST','MOVE'])[1 + i % 4], (i % 50) - 20, i % 1000,
        'ORDER', 'DOC' || lpad(i::text, 9, '0'), timestamp '2026-01-01' + (i || ' seconds')::interval, null, 1, 1
      from generate_series(1, ${STOCK_LOG_ROWS}) as i`,
      'analyze bench_stock_log',
    ]
    if (options.databaseUrl) {
      // On its own connection: the server pool's 15 s query timeout cut the seed on a loaded machine.
      const client = new pg.Client({ connectionString: options.databaseUrl })
      await client.connect()
      try {
        for (const statement of seed) await client.query(statement)
      } finally {
        await client.end()
      }
    } else {
      for (const statement of seed) await sql.raw(statement).execute(db)
    }
    const seedSeconds = (performance.now() - loaded) / 1000

    const token = await signInToken(server.url)
    const query = { warehouseCode: 'WH-008', sort: 'operatedAt,desc', page: 3, size: 20 }
    const path = `/api/bench/v1/1/stock-logs?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`
    const headers = { authorization: `bearer ${token}` }
    const first = await fetch(server.url + path, { headers })
    if (first.status !== 200) throw new Error(`list endpoint answered ${first.status}: ${await first.text()}`)
    const models = (await import('../../server/bootstrap.ts')).loadModelFiles(join(dir, 'models'))
    const model = models.find((m) => m.table === 'bench_stock_log')!
    const session = { tenantId: 1, userId: 1, roleCode: 'tenant-admin' } as Session
    const page = () =>
      sortedRows(modelDb(db), model, session, query)
        .limit(query.size)
        .offset(query.page * query.size)
    const count = () =>
      sql`select count(*) from bench_stock_log where tenant_id = 1 and warehouse_code = 'WH-008'`.execute(db)

    // Warm both paths, then measure each alone, API first.
    await load(4, 1, async () => void (await fetch(server.url + path, { headers })).arrayBuffer())
    const api = await load(20, seconds, async () => {
      const response = await fetch(server.url + path, { headers })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`)
    })
    const direct = await load(20, seconds, async () => {
      await count()
      await page().execute()
    })
    const apiP95 = percentile(api, 95)
    const sqlP95 = percentile(direct, 95)
    return {
      dataDir: join(dir, 'data'),
      figures: [
        {
          measure: `6 list on 1M stock-log rows, ${kind}, 20 connections: p50`,
          value: median(api),
          baseline: median(direct),
          unit: 'ms',
          note: `baseline: the same count + page SQL on the database; seeded in ${seedSeconds.toFixed(1)} s`,
        },
        {
          measure: `6 list on 1M stock-log rows, ${kind}, 20 connections: p95`,
          value: apiP95,
          unit: 'ms',
          budget: 30,
          note: `${api.length} requests in ${seconds} s`,
        },
        {
          measure: `6 list on 1M stock-log rows, ${kind}: API/SQL p95 ratio`,
          value: apiP95,
          baseline: sqlP95,
          unit: 'ms',
          budget: 1.5,
          budgetOn: 'ratio',
        },
      ],
    }
  } finally {
    await server.close()
  }
}

/** Spawns the built server (`node dist/server/main.js`, as `npm start` runs it) on `dataDir` and answers the ms until it answers HTTP. */
async function timeStart(dataDir: string, timeoutMs = 120000): Promise<number> {
  const port = 20000 + Math.floor(Math.random() * 20000)
  const started = performance.now()
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'ignore',
  })
  try {
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
      const up = await fetch(`http://127.0.0.1:${port}/api/oauth/public/is-online`).then(
        () => true,
        () => false,
      )
      if (up) return performance.now() - started
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`server did not answer within ${timeoutMs} ms`)
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

export async function startTimes(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'wms-bench-start-'))
  try {
    const first = await timeStart(join(dir, 'data'))
    const again: number[] = []
    for (let i = 0; i < 3; i++) again.push(await timeStart(join(dir, 'data')))
    return [
      {
        measure: '8 server start on an existing data directory (median of 3)',
        value: median(again) / 1000,
        unit: 's',
        budget: 2,
        note: 'node dist/server/main.js (the bundle npm run build writes) until HTTP answers',
      },
      { measure: '8 first start with the small seed', value: first / 1000, unit: 's', budget: 30 },
    ]
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function schemasCheck(): Promise<Figure[]> {
  const started = performance.now()
  const code = await new Promise<number | null>((resolve) =>
    spawn(process.execPath, ['--import', 'tsx', 'scripts/schemas-check.ts'], { stdio: 'ignore' }).once(
      'exit',
      resolve,
    ),
  )
  return [
    {
      measure: '9 npm run schemas:check over all page files',
      value: (performance.now() - started) / 1000,
      unit: 's',
      budget: 5,
      note: code === 0 ? '' : `exited with ${code}`,
    },
  ]
}
