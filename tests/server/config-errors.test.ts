/**
 * Issue 22, "what a configurator met today", on the running server: one bad model file no longer stops it (the
 * model is left out and its page says why, with file, line and pointer); two page files on one route both show
 * the clash instead of one silently replacing the other; a page file that is not JSON is still served at its
 * route with the syntax error's line and fix, instead of "page does not exist".
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SchemaIssue } from '../../renderer/schema/issue.ts'
import { loadSchemaFiles } from '../../server/bootstrap.ts'
import { formatProblem } from '../../server/modules/models/model-errors.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

const root = mkdtempSync(join(tmpdir(), 'wms-config-errors-'))
const modelsDir = join(root, 'models')
const pagesDir = join(root, 'pages')
let app: FastifyInstance
let admin: string

beforeAll(async () => {
  cpSync('schemas/models', modelsDir, { recursive: true })
  cpSync('schemas/pages', pagesDir, { recursive: true })
  // A typo in one model file: "updateable" for "updatable".
  const carrier = join(modelsDir, 'wms/carrier.model.json')
  writeFileSync(carrier, readFileSync(carrier, 'utf8').replace('"updatable": false', '"updateable": false'))
  // A second file on the warehouse screen's route, read before it (aa/ sorts first).
  mkdirSync(join(pagesDir, 'aa'))
  writeFileSync(
    join(pagesDir, 'aa/my-warehouse.page.json'),
    readFileSync('schemas/pages/wmdm/warehouse.page.json', 'utf8'),
  )
  // A page file with a trailing comma on line 3.
  mkdirSync(join(pagesDir, 'zz'))
  writeFileSync(
    join(pagesDir, 'zz/broken.page.json'),
    '{\n  "kind": "custom",\n  "route": "/zz/broken",\n}\n',
  )
  app = await createTestApp({ modelsDir, pagesDir })
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(async () => {
  await app?.close()
  rmSync(root, { recursive: true, force: true })
})

const page = async (query: string) => {
  const answer = await injectAs(app, admin, 'GET', `/api/hpfm/v1/page-schemas/page?${query}`)
  expect(answer.statusCode).toBe(200)
  return answer.json() as { file: string; issues: SchemaIssue[] }
}
const errors = (issues: SchemaIssue[]) => issues.filter((issue) => issue.severity === 'error')

describe('one bad model file', () => {
  it('is refused with file, line, pointer, problem and fix; the others load', () => {
    const { models, refused } = loadSchemaFiles(modelsDir, pagesDir)
    expect(models.some((model) => model.entity === 'warehouse')).toBe(true)
    expect(models.some((model) => model.entity === 'carrier')).toBe(false)
    expect(refused.map((model) => model.key)).toEqual(['wms/carrier'])
    expect(refused[0]?.problems.map(formatProblem)).toEqual([
      expect.stringMatching(
        /models\/wms\/carrier\.model\.json:\d+:\d+ \/fields\/0\/updateable: unknown property 'updateable' — .*updatable/,
      ),
    ])
  })

  it('does not stop the server: other screens work, and the model page says why', async () => {
    const warehouses = await injectAs(app, admin, 'GET', '/api/wms/v1/1/warehouses?page=0&size=1')
    expect(warehouses.statusCode).toBe(200)
    const carrier = await page('route=/wmdm/carrier')
    expect(errors(carrier.issues)).toEqual([
      expect.objectContaining({
        pointer: '/dataSource/model',
        message: expect.stringMatching(
          /^model 'wms\/carrier' is invalid, so the server runs without it: .*carrier\.model\.json:\d+:\d+ \/fields\/0\/updateable/,
        ),
      }),
    ])
    expect(errors(carrier.issues)[0]?.line).toBeGreaterThan(0)
  })
})

describe('two page files on one route', () => {
  it('shows the clash on both, each naming the other, instead of one replacing the other', async () => {
    const served = await page('route=/wmdm/warehouse')
    // a pages directory outside the working directory: files are named relative to it
    const mine = await page('file=' + encodeURIComponent('aa/my-warehouse.page.json'))
    const theirs = await page('file=' + encodeURIComponent('wmdm/warehouse.page.json'))
    for (const [one, other] of [
      [mine, theirs],
      [theirs, mine],
    ] as const) {
      expect(errors(one.issues)).toEqual([
        expect.objectContaining({
          pointer: '/route',
          message: expect.stringContaining(`is also declared by ${other.file}`),
        }),
      ])
    }
    expect(errors(served.issues)).toHaveLength(1)
  })
})

describe('a page file that is not JSON', () => {
  it('is listed at its route and served with the line of the error and what to fix', async () => {
    const index = await injectAs(app, admin, 'GET', '/api/hpfm/v1/page-schemas')
    expect(index.json()).toContainEqual(
      expect.objectContaining({
        route: '/zz/broken',
        errors: 1,
        file: expect.stringMatching(/broken\.page\.json$/),
      }),
    )
    const broken = await page('route=/zz/broken')
    expect(broken.issues).toEqual([
      expect.objectContaining({
        line: 4,
        column: 1,
        message: expect.stringMatching(/^not valid JSON/),
        suggestion: "remove the comma before this '}'",
      }),
    ])
  })
})
