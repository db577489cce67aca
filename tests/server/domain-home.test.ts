/**
 * A domain's INDEX template is the home page of the users who sign in on its host (issue 6,
 * /hiam/domain-config-template): saving refuses a path that is no page of the app, and users/self answers the
 * path as `homePath` for a session signed in on the domain's host only — not on another domain's host, not on
 * a host without a domain, and not once the template or the domain is disabled.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { domainOn } from './support/domains.ts'

let app: FastifyInstance
let admin: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
}, 600_000)
afterAll(() => app.close())

/** Signs `login` in through the form posted on `host`; the token of the redirect. */
async function signInOn(host: string, login: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/oauth/login',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      username: login,
      password,
      client_id: 'localhost',
      redirect_uri: `http://${host}/`,
      language: 'en_US',
    }).toString(),
  })
  const location = String(response.headers.location ?? '')
  const token = new URLSearchParams(location.split('#')[1] ?? '').get('access_token')
  expect(response.statusCode, response.body).toBe(302)
  expect(token).toBeTruthy()
  return token!
}
const homeOf = async (token: string) => {
  const self = await injectAs(app, token, 'GET', '/api/iam/hzero/v1/users/self')
  expect(self.statusCode, self.body).toBe(200)
  return (self.json() as { homePath?: string }).homePath
}

describe("a domain's INDEX template is its users' home page", () => {
  it('refuses a path that is no page of the app, with the allowed routes', async () => {
    const domain = await domainOn(app, admin, 'wms.example.com')
    const refused = await injectAs(app, admin, 'POST', '/api/iam/v1/1/domain-templates', {
      domainId: domain.domainId,
      templateType: 'INDEX',
      templateName: 'Home',
      templatePath: '/no/such/page',
      enabledFlag: 1,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      failed: true,
      fields: { templatePath: '/workplace or the route of a menu page' },
    })
    expect(refused.json().message).toMatch(
      /^The app has no page '\/no\/such\/page' to be the home page: give \/workplace or the route of a menu page .*, such as \/\S+/,
    )
    const rows = (
      await injectAs(app, admin, 'GET', `/api/iam/v1/1/domain-config/${domain.domainId}/templates?size=10`)
    ).json().content as Array<{ templateType: string }>
    expect(rows.filter((r) => r.templateType === 'INDEX')).toEqual([])
  })

  it('users/self answers the home path of the domain signed in on, and none elsewhere', async () => {
    const domain = await domainOn(app, admin, 'wms.example.com')
    const saved = await injectAs(app, admin, 'POST', '/api/iam/v1/1/domain-templates', {
      domainId: domain.domainId,
      templateType: 'INDEX',
      templateName: 'Menus first',
      templatePath: '/hiam/menu',
      enabledFlag: 1,
    })
    expect(saved.statusCode, saved.body).toBe(201)
    // Another domain, without an INDEX template.
    const other = await injectAs(app, admin, 'POST', '/api/iam/v1/1/domains', {
      domainUrl: 'other.example.com',
      ssoTypeCode: 'NONE',
      enabledFlag: 1,
    })
    expect(other.statusCode, other.body).toBe(201)

    const onDomain = await signInOn('wms.example.com', 'clerk', 'Clerk@123')
    expect(await homeOf(onDomain)).toBe('/hiam/menu')
    expect(await homeOf(await signInOn('other.example.com', 'clerk', 'Clerk@123'))).toBeUndefined()
    expect(await homeOf(await signInOn('localhost:8080', 'clerk', 'Clerk@123'))).toBeUndefined()

    // A path changed to one the app does not have is refused on update too; the stored one stays.
    const refused = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/domain-templates', {
      ...(saved.json() as Record<string, unknown>),
      templatePath: '/hiam/menux',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toEqual({ templatePath: '/workplace or the route of a menu page' })
    const again = await signInOn('wms.example.com', 'clerk', 'Clerk@123')
    expect(await homeOf(again)).toBe('/hiam/menu')

    // A disabled template, then a disabled domain, gives no home page.
    const off = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/domain-templates', {
      ...(saved.json() as Record<string, unknown>),
      enabledFlag: 0,
    })
    expect(off.statusCode, off.body).toBe(200)
    expect(await homeOf(again)).toBeUndefined()
    const on = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/domain-templates', {
      ...(off.json() as Record<string, unknown>),
      enabledFlag: 1,
    })
    expect(on.statusCode, on.body).toBe(200)
    expect(await homeOf(again)).toBe('/hiam/menu')
    const disabled = await injectAs(app, admin, 'PUT', '/api/iam/v1/1/domains', { ...domain, enabledFlag: 0 })
    expect(disabled.statusCode, disabled.body).toBe(200)
    expect(await homeOf(again)).toBeUndefined()
  })
})
