/**
 * Issue 22, the playground: POST /api/hpfm/v1/page-schemas/check answers every stage of the one page check at
 * once (shape AND meaning AND references), against this server: its Lov views, its permission codes, the routes
 * of the pages it serves. The playground showed the first stage only and checked no Lov or permission code.
 */
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SchemaIssue } from '../../renderer/schema/issue.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string
let clerk: string
const warehouse = readFileSync('schemas/pages/wmdm/warehouse.page.json', 'utf8')

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
  clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

const check = async (file: string, source: string, token = admin) =>
  injectAs(app, token, 'POST', '/api/hpfm/v1/page-schemas/check', { file, source })
const lines = (issues: SchemaIssue[]) =>
  issues.map((i) => `${i.severity} ${i.pointer}: ${i.message}${i.suggestion ? ` (${i.suggestion})` : ''}`)

describe('the playground check', () => {
  it('passes the page as served', async () => {
    const answer = await check('schemas/pages/wmdm/warehouse.page.json', warehouse)
    expect(answer.statusCode).toBe(200)
    expect(answer.json().issues.filter((i: SchemaIssue) => i.severity === 'error')).toEqual([])
  })

  it('reports the shape error, the linkage cycle, an unknown Lov view and a misspelt permission code at once', async () => {
    const page = JSON.parse(warehouse) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- edited freely
    page.fields.remark = { ...page.fields.remark, maxLenght: 10 } // shape
    page.fields.contactName.linkage = { visibleWhen: { field: 'contactPhone', op: 'notEmpty' } }
    page.fields.contactPhone.linkage = { visibleWhen: { field: 'contactName', op: 'notEmpty' } }
    page.fields.regionCode.lovCode = 'HPFM.REGOIN'
    page.toolbar.actions[0].permission = 'wmdm.warehouse.button.craete'
    const answer = await check('schemas/pages/wmdm/warehouse.page.json', JSON.stringify(page, null, 2))
    const found = lines(answer.json().issues).join('\n')
    expect(found).toMatch(/error \/fields\/remark\/maxLenght: unknown property 'maxLenght'/)
    expect(found).toMatch(
      /error \/fields\/contactName\/linkage: 'contactName' → 'contactPhone' → 'contactName'/,
    )
    expect(found).toMatch(
      /error \/fields\/regionCode\/lovCode: Lov view 'HPFM.REGOIN' is not in .* \(did you mean 'HPFM.REGION'\?\)/,
    )
    expect(found).toMatch(
      /warning \/toolbar\/actions\/0\/permission: permission code 'wmdm.warehouse.button.craete' is not registered on the server.* \(did you mean 'wmdm.warehouse.button.create'\?\)/,
    )
  })

  it("refuses a new page on a served page's route, naming that file", async () => {
    const answer = await check('schemas/pages/wmdm/my-warehouse.page.json', warehouse)
    expect(lines(answer.json().issues)).toContainEqual(
      expect.stringMatching(
        /^error \/route: route '\/wmdm\/warehouse' is also declared by schemas\/pages\/wmdm\/warehouse\.page\.json/,
      ),
    )
  })

  it('is for configurators: a role without the playground code is refused', async () => {
    const answer = await check('schemas/pages/wmdm/warehouse.page.json', warehouse, clerk)
    expect(answer.statusCode).toBe(403)
    expect(answer.json().message).toContain('hpfm.playground.view')
  })
})
