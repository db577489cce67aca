/**
 * e2e global setup: starts the real server (built app + API) as a child process on a free loopback port with a
 * fresh data directory, so the suite exercises exactly what `npm start` runs. The base URL reaches the tests
 * through `inject('baseURL')`.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { builtServerArgs, freePort, waitUntilUp } from './server-process'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'wms-e2e-'))
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  let output = ''
  const server = spawn(process.execPath, builtServerArgs(), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // every e2e test signs in from this one address; the limit itself is covered by tests/server/rate-limits
      SIGN_IN_RATE_LIMIT: '1000',
      // likewise the other token-less calls (the kickoff check, pub texts and value lists): at 600 a minute a
      // fast run of the suite could meet a 429 on the kickoff check and land on /public/unauthorized instead
      PUBLIC_RATE_LIMIT: '100000',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk) => (output += chunk))
  server.stderr?.on('data', (chunk) => (output += chunk))
  // E2E_START_TIMEOUT_MS: more time for a machine under heavy load (shared CPUs)
  await waitUntilUp(
    baseURL,
    server,
    () => output.slice(-4000),
    Number(process.env.E2E_START_TIMEOUT_MS) || 120_000,
  )
  project.provide('baseURL', baseURL)
  project.provide('dataDir', dataDir)

  return async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        server.kill('SIGKILL')
        resolve(undefined)
      }, 5000)
      server.once('exit', () => {
        clearTimeout(timer)
        resolve(undefined)
      })
    })
    writeFileSync(join(tmpdir(), 'wms-e2e-server.log'), output)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
