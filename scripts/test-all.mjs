#!/usr/bin/env node
// `npm test`: every check in order, then one closing line "N passed, N failed".
// Steps run even after a failure so one run reports everything; the exit code is 1 if any failed.
import { spawnSync } from 'node:child_process'

const steps = [
  ['typecheck', 'npm run -s typecheck'],
  ['lint', 'npm run -s lint'],
  ['format', 'npm run -s format:check'],
  ['schemas', 'npm run -s schemas:check'],
  ['unit', 'npx vitest run --project unit'],
  ['server', 'npx vitest run --project server'],
  ['e2e', 'npm run -s test:e2e'],
]
const only = process.argv.slice(2)
let passed = 0
let failed = 0
const report = []
for (const [name, cmd] of steps) {
  if (only.length && !only.includes(name)) continue
  const started = Date.now()
  console.log(`\n── ${name}: ${cmd}`)
  const result = spawnSync(cmd, { stdio: 'inherit', shell: true, env: { ...process.env, FORCE_COLOR: '1' } })
  const ok = result.status === 0
  ok ? passed++ : failed++
  report.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
console.log('\n' + report.join('\n'))
console.log(`steps: ${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
