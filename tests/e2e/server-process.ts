/** Starting the built server as a child process: a free loopback port and a wait until it answers. */
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'

/**
 * The arguments of `node` that run the server exactly as `npm start` does: the bundle `npm run build` writes
 * (dist/server/main.js), not the TypeScript sources.
 */
export function builtServerArgs(): string[] {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/app/index.html')) {
    throw new Error(
      'dist/server/main.js or dist/app/index.html is missing: run `npm run build` first (`npm run test:e2e` does).',
    )
  }
  return ['--enable-source-maps', 'dist/server/main.js']
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

export async function waitUntilUp(url: string, server: ChildProcess, log: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}:\n${log()}`)
    try {
      const response = await fetch(`${url}/api/oauth/public/is-online`)
      if (response.status < 500) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the server did not answer within ${timeoutMs / 1000} s:\n${log()}`)
}
