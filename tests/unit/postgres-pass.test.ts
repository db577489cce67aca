/**
 * The PostgreSQL pass (tests/setup/postgres-pass.ts) is a written rule, not a hand-picked list that drifts: every
 * file it names exists, and every server test file that branches on the engine or opens a database itself is in
 * it (else its PostgreSQL side would never run).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { POSTGRES_PASS } from '../setup/postgres-pass.ts'

const root = resolve(import.meta.dirname, '../..')

/** Every server test file (the server project's include), relative to the repository. */
function serverTestFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : serverTestFiles(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** What makes a test depend on the engine: it asks which one it runs on, or opens a database its own way. */
const ENGINE_DEPENDENT = [
  /inject\(\s*'serverDatabase'\s*\)/,
  /testDatabaseKind\(/,
  /TEST_DATABASE_URL/,
  /from '(?:\.\.\/)+server\/db\//,
  /from '\.\.?\/(?:\.\.\/)*db\//,
]

describe('the PostgreSQL pass', () => {
  const files = [...serverTestFiles('tests/server'), ...serverTestFiles('server')]

  it('names only server test files that exist, each with its reason', () => {
    expect(files.length).toBeGreaterThan(50)
    for (const [file, why] of Object.entries(POSTGRES_PASS)) {
      expect(existsSync(join(root, file)), `${file} (listed in tests/setup/postgres-pass.ts)`).toBe(true)
      expect(files).toContain(file)
      expect(why.length).toBeGreaterThan(10)
    }
  })

  it('holds every server test file that branches on the engine or opens a database itself', () => {
    const unlisted = files.filter(
      (file) =>
        !(file in POSTGRES_PASS) &&
        ENGINE_DEPENDENT.some((pattern) => pattern.test(readFileSync(join(root, file), 'utf8'))),
    )
    expect(unlisted, 'add them to tests/setup/postgres-pass.ts with the reason').toEqual([])
  })
})
