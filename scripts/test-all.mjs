#!/usr/bin/env node
// `npm test`: every check in order, then one closing line "N passed, N failed, N skipped" counting tests.
// Steps run even after a failure so one run reports everything; the exit code is 1 if any failed.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const RESULTS = 'test-results'
const steps = [
  ['typecheck', 'npm run -s typecheck'],
  ['lint', 'npm run -s lint'],
  ['format', 'npm run -s format:check'],
  ['schemas', 'npm run -s schemas:check'],
  ['unit', vitest('unit')],
  // The server tests on PGlite, then on a real PostgreSQL server (.ci/run starts one) the files whose proof
  // depends on the engine (the driver, races for row locks, engine-only code, DDL): tests/setup/postgres-pass.ts.
  ['server', vitest('server'), { env: { TEST_DATABASE_URL: undefined } }],
  ['server:postgres', vitest('server-postgres'), { unavailable: postgresUnavailable }],
  ['e2e', `npm run -s build && ${vitest('e2e')}`],
  // The bounded load run (50 connections, 60 s, mixed reads and writes; zero errors, bounded memory): in CI.
  ['soak', 'npm run -s test:soak', { unavailable: soakUnavailable }],
]
/** The load run is part of CI (CI=true, as .ci/run runs); locally it is `npm run test:soak`. */
function soakUnavailable() {
  if (process.env.CI) return undefined
  return { fail: false, why: 'runs in CI (CI=true); locally: npm run test:soak' }
}
/** A vitest run that also writes a JSON report, so the closing line can count tests, not steps. */
function vitest(project, report = project) {
  return `npx vitest run --project ${project} --reporter=default --reporter=json --outputFile.json=${RESULTS}/${report}.json`
}
/** Why the PostgreSQL run cannot happen (undefined when it can); a CI set-up failure fails the step. */
function postgresUnavailable() {
  if (process.env.TEST_DATABASE_URL) return undefined
  if (process.env.TEST_DATABASE_ERROR) return { fail: true, why: process.env.TEST_DATABASE_ERROR }
  return {
    fail: false,
    why: 'TEST_DATABASE_URL is not set (bash .ci/run sets it; locally start a server with tests/setup/postgres-cluster.sh start DIR and export the URL it prints)',
  }
}
rmSync(RESULTS, { recursive: true, force: true })
mkdirSync(RESULTS, { recursive: true })
const only = process.argv.slice(2)
let passed = 0
let failed = 0
let skipped = 0
const report = []
for (const [name, cmd, options = {}] of steps) {
  if (only.length && !only.includes(name)) continue
  const blocked = options.unavailable?.()
  if (blocked) {
    console.log(`\n── ${name}: ${blocked.fail ? 'FAILED' : 'skipped'}: ${blocked.why}`)
    if (blocked.fail) failed++
    else skipped++
    report.push(`${blocked.fail ? 'FAIL' : 'skip'} ${name} (${blocked.why})`)
    continue
  }
  const started = Date.now()
  console.log(`\n── ${name}: ${cmd}`)
  const env = { ...process.env, FORCE_COLOR: '1', ...options.env }
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key]
  const result = spawnSync(cmd, { stdio: 'inherit', shell: true, env })
  const ok = result.status === 0
  if (ok) passed++
  else failed++
  report.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
/**
 * A failure in at most three lines: the error's first line, what a browser step was waiting for (Playwright's
 * call log), and where in the project's code it happened (the first stack frame outside node_modules).
 */
function explain(failure = '') {
  const lines = failure.split('\n')
  const waiting = lines.find((l) => /^\s*- waiting for /.test(l))
  const frame = lines.find(
    (l) => /^\s+at /.test(l) && l.includes(process.cwd()) && !l.includes('node_modules'),
  )
  const where = frame?.slice(frame.indexOf(process.cwd()) + process.cwd().length + 1).replace(/\)$/, '')
  return [lines[0], waiting?.trim(), where && `at ${where}`]
    .filter(Boolean)
    .map((l) => `      ${l.slice(0, 300)}`)
    .join('\n')
}
const tests = { passed: 0, failed: 0, skipped: 0 }
const failures = []
const retried = []
for (const [name] of steps) {
  const file = `${RESULTS}/${name.replace(':', '-')}.json`
  if (!existsSync(file)) continue
  const json = JSON.parse(readFileSync(file, 'utf8'))
  tests.passed += json.numPassedTests
  tests.failed += json.numFailedTests
  tests.skipped += json.numPendingTests + json.numTodoTests
  for (const suite of json.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      const line = `  ${name}: ${suite.name.replace(process.cwd() + '/', '')} > ${test.fullName}\n${explain(test.failureMessages?.[0])}`
      if (test.status === 'failed') failures.push(line)
      // passed, yet with the errors of an earlier attempt: it passed on a retry (the e2e project retries once)
      else if (test.status === 'passed' && test.failureMessages?.length) retried.push(line)
    }
  }
}
// The failed tests again, by name, next to the closing lines (a CI log is often read from its tail).
if (retried.length) console.log(`\npassed on a retry (flaky: find the cause):\n${retried.join('\n')}`)
if (failures.length) console.log(`\nfailed tests:\n${failures.join('\n')}`)
console.log('\n' + report.join('\n'))
console.log(`steps: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
// The closing line: every test of every vitest project (a failed non-test step counts as one failure).
console.log(
  `${tests.passed} passed, ${tests.failed + (failed && !tests.failed ? failed : 0)} failed, ${tests.skipped} skipped`,
)
process.exit(failed ? 1 : 0)
