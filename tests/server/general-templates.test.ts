/**
 * General templates rendered (server/modules/hpfm/routes-general-templates.ts): a template of the caller's
 * tenant, in the caller's language or the next one that has it, with the server's and the caller's
 * placeholders filled and unknown ones left as written; another tenant's or a disabled template is never used,
 * and a code without one answers 404 with what to create.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../server/modules/oauth/tokens.ts'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { expectEnvelope } from './support/security.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
const tokens: Record<string, string> = {}
const render = '/api/hpfm/v1/1/general-templates/render'

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

const call = (user: string, method: Method, url: string, payload?: unknown) =>
  injectAs(app, tokens[user]!, method, url, payload)
const query = (values: Record<string, string>) => new URLSearchParams(values).toString()
async function template(templateCode: string, lang: string, templateContent: string, enabledFlag = 1) {
  const made = await call('admin', 'POST', '/api/hpfm/v1/1/general-templates', {
    templateCode,
    templateName: templateCode,
    templateType: 'PRINT',
    lang,
    templateContent,
    enabledFlag,
  })
  expect(made.statusCode, made.body).toBeLessThan(300)
}
const self = async (user: string): Promise<Row> =>
  (await call(user, 'GET', '/api/iam/hzero/v1/users/self')).json()

describe('general templates rendered', () => {
  it('fills the seeded print header and footer for the caller: tenant, document, user and time; {copy} stays for the sheet', async () => {
    const me = await self('clerk')
    const response = await call(
      'clerk',
      'GET',
      `${render}?${query({
        codes: 'WMS.PRINT_HEADER,WMS.PRINT_FOOTER',
        documentType: '出库单',
        documentNumber: 'OUT-<1>&2',
        printedBy: 'Somebody Else',
      })}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const { templates, missing } = response.json()
    expect(missing).toEqual([])
    expect(templates['WMS.PRINT_HEADER']).toMatchObject({
      lang: 'zh_CN',
      templateType: 'PRINT',
      text: `${me.tenantName} · 出库单 OUT-<1>&2`,
    })
    const footer: string = templates['WMS.PRINT_FOOTER'].text
    expect(footer).toContain(`打印人 ${me.realName}`)
    expect(footer).not.toContain('Somebody Else')
    expect(footer).toMatch(/打印时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/)
    expect(footer).toContain('第 {copy} 份，共 {copies} 份')
  })

  it('leaves unknown placeholders visible and a code without a template in missing', async () => {
    await template('TEST.UNKNOWN_PLACEHOLDER', 'zh_CN', 'A {nobody} B {documentNumber} C {tenantName}')
    const me = await self('clerk')
    const response = await call(
      'clerk',
      'GET',
      `${render}?codes=TEST.UNKNOWN_PLACEHOLDER,NO.SUCH_TEMPLATE&documentNumber=X1`,
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().templates['TEST.UNKNOWN_PLACEHOLDER'].text).toBe(
      `A {nobody} B X1 C ${me.tenantName}`,
    )
    expect(response.json().missing).toEqual(['NO.SUCH_TEMPLATE'])
  })

  it("uses the caller's language, else the next language that has the template", async () => {
    await template('TEST.LANG_BOTH', 'zh_CN', '中文 {documentNumber}')
    await template('TEST.LANG_BOTH', 'en_US', 'English {documentNumber}')
    await template('TEST.LANG_EN_ONLY', 'en_US', 'Only English')
    const texts = async (user: string) => {
      const response = await call(
        user,
        'GET',
        `${render}?codes=TEST.LANG_BOTH,TEST.LANG_EN_ONLY&documentNumber=7`,
      )
      expect(response.statusCode, response.body).toBe(200)
      const { templates } = response.json()
      return [templates['TEST.LANG_BOTH'], templates['TEST.LANG_EN_ONLY']].map(
        (t: Row) => `${t.lang}:${t.text}`,
      )
    }
    expect(await texts('clerk')).toEqual(['zh_CN:中文 7', 'en_US:Only English'])
    const language = (lang: string) =>
      sql`update oauth_token set language = ${lang} where token_hash = ${hashToken(tokens.clerk!)}`.execute(
        app.db,
      )
    await language('en_US')
    try {
      expect(await texts('clerk')).toEqual(['en_US:English 7', 'en_US:Only English'])
    } finally {
      await language('zh_CN')
    }
  })

  it("never uses another tenant's or a disabled template; none at all is 404 with advice", async () => {
    await sql`insert into hpfm_general_template (tenant_id, template_code, template_name, template_type, lang,
      template_content, enabled_flag) values (2, 'TEST.OTHER_TENANT', 'x', 'PRINT', 'zh_CN', 'Tenant two', 1),
      (2, 'WMS.PRINT_HEADER', 'x', 'PRINT', 'zh_CN', 'Tenant two header', 1)`.execute(app.db)
    await template('TEST.DISABLED', 'zh_CN', 'Off', 0)
    for (const code of ['TEST.OTHER_TENANT', 'TEST.DISABLED', 'NO.SUCH_TEMPLATE']) {
      const response = await call('clerk', 'GET', `${render}?codes=${code}`)
      const body = expectEnvelope(response, [404])
      expect(body.message).toContain(code)
      expect(body.message).toMatch(/create it on \/hpfm\/general-template/)
    }
    const own = await call('clerk', 'GET', `${render}?codes=WMS.PRINT_HEADER`)
    expect(own.json().templates['WMS.PRINT_HEADER'].text).not.toContain('Tenant two')
  })

  it('refuses bad codes and placeholder names with the error envelope', async () => {
    for (const [url, message] of [
      [`${render}?codes=${encodeURIComponent('bad code!')}`, /codes: give 1 to 20/],
      [`${render}?codes=${encodeURIComponent(' , ')}`, /codes: give 1 to 20/],
      [`${render}?codes=WMS.PRINT_HEADER&1x=2`, /name a placeholder value/],
      [render, /codes/],
    ] as const) {
      const body = expectEnvelope(await call('clerk', 'GET', url), [400])
      expect(body.message).toMatch(message)
    }
  })
})
