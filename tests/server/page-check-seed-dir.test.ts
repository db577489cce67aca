/**
 * The server's page check (the playground's check and the designer's save) knows the value sets of this
 * server's seed files, `config.seedDataDir`, not those of the repository's default folder: a value set only that
 * folder declares passes, one nowhere declared is an error naming it (issue 22). The model files are read against
 * the same folder (at start, on a live reload, in the designer's new model field).
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SchemaIssue } from '../../renderer/schema/issue.ts'
import { loadSchemaFiles } from '../../server/bootstrap.ts'
import { seedDataDir } from '../../server/seed/data.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

const texts = (en: string) => ({ zh_CN: en, en_US: en, zh_TW: en })
let app: FastifyInstance
let data: string
let admin: string

beforeAll(async () => {
  data = await mkdtemp(join(tmpdir(), 'wms-seed-check-'))
  await cp(seedDataDir, data, { recursive: true })
  const only = {
    'WMDM.ONLY_HERE_FLAG': { name: texts('Only here'), values: [{ value: '1', meaning: texts('Yes') }] },
  }
  await writeFile(join(data, 'lookups', 'zz-only-here.json'), JSON.stringify(only, null, 2))
  app = await createTestApp({ seedDataDir: data })
  admin = await signIn(app, 'admin', 'Admin@123')
}, 120_000)
afterAll(async () => {
  await app?.close()
  await rm(data, { recursive: true, force: true })
})

const FILE = 'schemas/pages/wmdm/warehouse.page.json'
async function issuesWith(lookupCode: string): Promise<string[]> {
  const source = (await readFile(FILE, 'utf8')).replace('"HPFM.ENABLED_FLAG"', `"${lookupCode}"`)
  expect(source).toContain(lookupCode)
  const answer = await injectAs(app, admin, 'POST', '/api/hpfm/v1/page-schemas/check', { file: FILE, source })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer
    .json<{ issues: SchemaIssue[] }>()
    .issues.filter((issue) => issue.severity === 'error')
    .map((issue) => `${issue.pointer}: ${issue.message}`)
}

it("checks value set codes against the server's own seed folder", async () => {
  expect(await issuesWith('WMDM.ONLY_HERE_FLAG')).toEqual([])
  expect((await issuesWith('WMDM.NOWHERE_FLAG')).join('\n')).toContain('WMDM.NOWHERE_FLAG')
})

it('reads the model files against the same folder', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'wms-seed-models-'))
  try {
    await mkdir(join(dir, 'models', 'wms'), { recursive: true })
    await mkdir(join(dir, 'pages'))
    const model = (await readFile('schemas/models/wms/warehouse.model.json', 'utf8')).replace(
      '"WMDM.WAREHOUSE_TYPE"',
      '"WMDM.ONLY_HERE_FLAG"',
    )
    expect(model).toContain('WMDM.ONLY_HERE_FLAG')
    await writeFile(join(dir, 'models', 'wms', 'warehouse.model.json'), model)
    const read = (seedDir?: string) =>
      loadSchemaFiles(join(dir, 'models'), join(dir, 'pages'), seedDir).refused.flatMap((entry) =>
        entry.problems.map((problem) => problem.message),
      )
    expect(read(data)).toEqual([])
    expect(read().join('\n')).toContain('WMDM.ONLY_HERE_FLAG')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
