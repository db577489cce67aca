/**
 * Issue 20, "widgets declare what they accept": the server's page check (the playground's and the designer's
 * POST /api/hpfm/v1/page-schemas/check, the same checkPageFile the server loads page files with) and
 * `npm run schemas:check` (its context, scripts/lib/page-check-context.ts) give one verdict on a page naming a
 * wrong widget or a wrong prop. Before, the server reported no error for a field with a page widget or for a
 * custom page's misspelt prop, and the browser then failed to draw the page.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkPageFiles } from '../../renderer/schema/check-page-files.ts'
import type { SchemaIssue } from '../../renderer/schema/issue.ts'
import { cliPageCheckContext } from '../../scripts/lib/page-check-context.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string
const { context } = cliPageCheckContext(resolve(import.meta.dirname, '../..'))

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- pages edited freely
const errors = (issues: SchemaIssue[]) =>
  issues.filter((i) => i.severity === 'error').map((i) => `${i.line}:${i.column} ${i.pointer}: ${i.message}`)

/** The page `file` edited by `edit`, as the server checks it and as schemas:check does. */
async function verdicts(file: string, edit: (page: Json) => void) {
  const page = JSON.parse(readFileSync(file, 'utf8')) as Json
  edit(page)
  const source = JSON.stringify(page, null, 2)
  const answer = await injectAs(app, admin, 'POST', '/api/hpfm/v1/page-schemas/check', { file, source })
  expect(answer.statusCode).toBe(200)
  const [cli] = checkPageFiles([{ file, source }], context)
  return { server: errors(answer.json().issues), cli: errors(cli!.issues) }
}

describe('one verdict on widgets, on the server and in schemas:check', () => {
  it.each([
    [
      'a field with a page widget',
      'schemas/pages/wmdm/warehouse.page.json',
      (page: Json) => (page.fields.warehouseName.widget = 'ListPage'),
      /\/fields\/warehouseName\/widget: 'ListPage' is a page widget, not a field widget/,
    ],
    [
      'a field with a part (SearchBar)',
      'schemas/pages/wmdm/warehouse.page.json',
      (page: Json) => (page.fields.warehouseName.widget = 'SearchBar'),
      /\/fields\/warehouseName\/widget: 'SearchBar' is a part of the page widgets/,
    ],
    [
      "a field widget's bad prop",
      'schemas/pages/wmdm/warehouse.page.json',
      (page: Json) => Object.assign(page.fields.warehouseCode, { props: { allowClaer: true } }),
      /\/fields\/warehouseCode\/props\/allowClaer: 'Input' has no prop "allowClaer" here/,
    ],
    [
      "a custom page's misspelt prop",
      'schemas/pages/winv/inbound-order-print.page.json',
      (page: Json) => {
        page.props.idParm = page.props.idParam
        delete page.props.idParam
      },
      /\/props\/idParam: 'DocumentPrint' needs the prop "idParam"/,
    ],
  ])('%s', async (_what, file, edit, expected) => {
    const { server, cli } = await verdicts(file, edit)
    expect(server).toContainEqual(expect.stringMatching(expected))
    expect(cli).toEqual(server)
  })

  it('passes the pages as they are, in both', async () => {
    for (const file of [
      'schemas/pages/wmdm/warehouse.page.json',
      'schemas/pages/winv/inbound-order-print.page.json',
    ])
      expect(await verdicts(file, () => {})).toEqual({ server: [], cli: [] })
  })
})
