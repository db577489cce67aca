/**
 * One save of a value set file is read once (issue 22, live reference data): the database and the page check's
 * value set codes follow the same read of `lookups`, so they cannot disagree when the file changes again while
 * the save is applied. Counts the reads of the seed sets through the module that reads them.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { applyReferenceFiles } from '../../server/modules/lowcode/live-reference-data.ts'
import { seedDataDir } from '../../server/seed/data.ts'
import type * as SeedFiles from '../../server/seed/seed-files.ts'
import { createTestApp } from '../../server/testing.ts'

const reads: string[] = []
vi.mock('../../server/seed/seed-files.ts', async (importOriginal) => {
  const real = await importOriginal<typeof SeedFiles>()
  return {
    ...real,
    readSeedSet: (dir: string, name: string) => {
      reads.push(name)
      return real.readSeedSet(dir, name)
    },
  }
})

let app: FastifyInstance
beforeAll(async () => {
  app = await createTestApp()
}, 120_000)
afterAll(async () => {
  await app?.close()
})

it('reads the value set files once per save, and the page check gets the codes of that read', async () => {
  const codes = new Set<string>(['STALE.CODE'])
  reads.length = 0
  const added = await applyReferenceFiles(app.db, seedDataDir, codes)
  expect(added).toEqual({ lookups: [], lovViews: [] })
  expect(reads.filter((name) => name === 'lookups')).toEqual(['lookups'])
  expect(reads.filter((name) => name === 'lov-views')).toEqual(['lov-views'])
  expect(codes.has('STALE.CODE')).toBe(false)
  expect(codes.size).toBeGreaterThan(10)
})
