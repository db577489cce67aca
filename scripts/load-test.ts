/**
 * `npm run test:soak [-- <seconds>]`: a bounded load run against the real server on loopback (issue 9).
 * Starts server/main.ts on a fresh data directory, signs in, then drives 50 connections for <seconds>
 * (default 60) with a mix of reads (lists with filters and sorts, one row, the user) and writes (creating
 * warehouses, 1 request in 5). Prints requests/s, latency p50/p99, errors and the server's RSS before and
 * after; exits 1 on any error, timeout or non-2xx answer, or when RSS grew by more than RSS_GROWTH_BOUND_MIB.
 */
import autocannon from 'autocannon'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { signInOverHttp, startServerProcess } from './lib/server-process.ts'

const CONNECTIONS = 50
/** The server's resident memory may grow by this much over a run: the database (PGlite keeps its WASM heap) holds the rows created. */
const RSS_GROWTH_BOUND_MIB = 192
const duration = Number(process.argv[2] ?? 60)
if (!Number.isFinite(duration) || duration <= 0) {
  console.error(`Usage: npm run test:soak -- <seconds> (got '${process.argv[2]}')`)
  process.exit(2)
}

/**
 * The server's resident memory after a full garbage collection (SIGUSR2, scripts/lib/gc-on-signal.mjs): read right
 * after a burst, RSS held the burst's garbage too, and runs of the same code read from +48 to +229 MiB.
 */
async function rssMiB(pid: number): Promise<number> {
  process.kill(pid, 'SIGUSR2')
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? NaN) / 1024
}

const dataDir = await mkdtemp(join(tmpdir(), 'wms-soak-'))
const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' }, undefined, [
  '--expose-gc',
  '--import',
  './scripts/lib/gc-on-signal.mjs',
])
let exitCode = 1
try {
  const token = await signInOverHttp(server.url, 'admin', 'Admin@123')
  const headers = { authorization: `bearer ${token}`, 'content-type': 'application/json' }
  const base = '/api/wms/v1/1/warehouses'
  let created = 0
  const requests: autocannon.Request[] = [
    { method: 'GET', path: `${base}?page=0&size=20` },
    { method: 'GET', path: `${base}?warehouseType=COLD&sort=warehouseName,desc&size=10` },
    { method: 'GET', path: '/api/iam/hzero/v1/users/self' },
    {
      method: 'POST',
      path: base,
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          warehouseCode: `LOAD-${process.pid}-${++created}`,
          warehouseName: `Load ${created}`,
          warehouseType: 'NORMAL',
        }),
      }),
    },
    { method: 'GET', path: `${base}/1` },
  ]
  // A short warm-up so "before" is the memory of a server that has served, not of one just started.
  await autocannon({ url: server.url, connections: 5, duration: 2, headers, requests })
  const before = await rssMiB(server.child.pid!)
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, duration, headers, requests })
  const after = await rssMiB(server.child.pid!)
  // autocannon counts a timeout among its errors too.
  const errors = result.errors + result.non2xx
  const growth = after - before
  console.log(
    [
      `load: ${CONNECTIONS} connections, ${duration} s, 1 write in 5 requests, ${server.url}`,
      `  requests/s  ${result.requests.average.toFixed(0)} (total ${result.requests.total})`,
      `  latency     p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
      `  errors      ${errors} (connection errors ${result.errors}, of which timeouts ${result.timeouts}; non-2xx ${result.non2xx})`,
      `  server RSS  ${before.toFixed(0)} MiB before, ${after.toFixed(0)} MiB after (${growth >= 0 ? '+' : ''}${growth.toFixed(0)}; bound +${RSS_GROWTH_BOUND_MIB})`,
    ].join('\n'),
  )
  exitCode = errors === 0 && growth <= RSS_GROWTH_BOUND_MIB ? 0 : 1
  if (exitCode) console.error('load: FAILED (errors, or memory growth beyond the bound)')
} finally {
  await server.stop()
  await rm(dataDir, { recursive: true, force: true })
}
process.exit(exitCode)
