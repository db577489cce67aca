/**
 * Does the server leak under hostile input? Runs the fuzz suite's generator (tests/server/support/fuzz-requests.ts)
 * against the real app on a fresh PGlite database, in rounds, and prints heap and RSS after a full GC at the end
 * of each round. A leak grows the heap by about the same amount every round; warm-up (route validators compiled
 * on first use, JIT, caches filling to their bound) grows it in the first rounds only.
 * Usage: `node --expose-gc --import tsx bench/fuzz-memory.ts [rounds=4] [requests per round=3000]`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { startServer } from '../server/start.ts'
import { signIn } from '../server/testing.ts'
import { hostileRequest } from '../tests/server/support/fuzz-requests.ts'
import { apiRoutes, models } from '../tests/server/support/security.ts'

const ROUNDS = Number(process.argv[2] ?? 4)
const PER_ROUND = Number(process.argv[3] ?? 3000)
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('Run with node --expose-gc (see the usage line).')

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1)
function settled() {
  for (let i = 0; i < 3; i++) gc!()
  const { heapUsed, rss, external, arrayBuffers } = process.memoryUsage()
  return { heapUsed, rss, external, arrayBuffers }
}

const dataDir = await mkdtemp(join(tmpdir(), 'fuzz-memory-'))
const server = await startServer({ dataDir, port: 0, host: '127.0.0.1', staticDir: join(dataDir, 'no-app') })
try {
  const { app } = server
  const token = await signIn(app, 'admin', 'Admin@123')
  const routes = apiRoutes(app)
  const samples = fc.sample(hostileRequest(routes, models), { numRuns: ROUNDS * PER_ROUND, seed: 42 })
  const start = settled()
  console.log(`${routes.length} routes; at rest: heap ${mib(start.heapUsed)} MiB, rss ${mib(start.rss)} MiB`)
  const statuses = new Map<number, number>()
  for (let round = 0; round < ROUNDS; round++) {
    const began = Date.now()
    for (const request of samples.slice(round * PER_ROUND, (round + 1) * PER_ROUND)) {
      // Requests that would end the signed-in session are sent without a token, as the fuzz suite does.
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...(request.public ? {} : { authorization: `bearer ${token}` }), ...request.headers },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      })
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
    }
    const now = settled()
    console.log(
      `round ${round + 1}: ${PER_ROUND} requests in ${((Date.now() - began) / 1000).toFixed(1)} s; after GC heap ` +
        `${mib(now.heapUsed)} MiB (+${mib(now.heapUsed - start.heapUsed)}), rss ${mib(now.rss)} MiB ` +
        `(+${mib(now.rss - start.rss)}), external ${mib(now.external)} MiB`,
    )
  }
  console.log(`statuses ${JSON.stringify(Object.fromEntries(statuses))}`)
} finally {
  await server.close()
  await rm(dataDir, { recursive: true, force: true })
}
