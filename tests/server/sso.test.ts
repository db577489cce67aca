/**
 * Single sign-on of a domain (server/modules/oauth/sso.ts) against a fake CAS server the test starts on the
 * loopback address: the sign-in page of a CAS domain's host redirects to its login URL with this server's
 * callback as `service`; the callback validates the ticket with the CAS server for that same service and signs
 * in the user it names; a refused ticket, an unknown user, a foreign redirect and a password host are refused.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { updateDomainOn } from './support/domains.ts'

let app: FastifyInstance
let admin: string
let cas: Server
let casUrl: string
/** ticket → user the fake CAS server vouches for; every check it was asked. */
const tickets = new Map<string, string>()
const asked: Array<{ service: string | null; ticket: string | null }> = []
const HOST = 'wms.example.com'
const APP = `http://${HOST}/`

beforeAll(async () => {
  cas = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (url.pathname !== '/cas/serviceValidate') {
      response.writeHead(404).end()
      return
    }
    const ticket = url.searchParams.get('ticket')
    asked.push({ service: url.searchParams.get('service'), ticket })
    const user = ticket ? tickets.get(ticket) : undefined
    tickets.delete(ticket ?? '')
    response.writeHead(200, { 'content-type': 'application/xml' })
    response.end(
      user
        ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
        : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure></cas:serviceResponse>`,
    )
  })
  await new Promise<void>((resolve) => cas.listen(0, '127.0.0.1', resolve))
  casUrl = `http://127.0.0.1:${(cas.address() as AddressInfo).port}/cas`
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
  const domain = await updateDomainOn(app, admin, HOST, {
    ssoTypeCode: 'CAS',
    ssoServerUrl: casUrl,
    ssoLoginUrl: `${casUrl}/login`,
    ssoLogoutUrl: `${casUrl}/logout`,
  })
  // The domain's home page: a session signed in through its SSO lands there too.
  const home = await injectAs(app, admin, 'POST', '/api/iam/v1/1/domain-templates', {
    domainId: domain.domainId,
    templateType: 'INDEX',
    templateName: 'Home',
    templatePath: '/hiam/menu',
    enabledFlag: 1,
  })
  expect(home.statusCode, home.body).toBe(201)
})
afterAll(async () => {
  await app.close()
  await new Promise((resolve) => cas.close(resolve))
})

const authorize = (host: string) =>
  app.inject({
    url: `/api/oauth/oauth/authorize?response_type=token&client_id=localhost&redirect_uri=${encodeURIComponent(`http://${host}/`)}&state=s1`,
    headers: { host },
  })
const callback = (service: string, ticket: string, host = HOST) => {
  const url = new URL(service)
  url.searchParams.set('ticket', ticket)
  return app.inject({ url: `${url.pathname}${url.search}`, headers: { host } })
}

describe('CAS single sign-on of a domain', () => {
  it('redirects to the CAS login, validates the ticket for the same service and signs the user in', async () => {
    const start = await authorize(HOST)
    expect(start.statusCode).toBe(302)
    const login = new URL(String(start.headers.location))
    expect(`${login.origin}${login.pathname}`).toBe(`${casUrl}/login`)
    const service = login.searchParams.get('service')!
    expect(service).toMatch(new RegExp(`^http://${HOST}/api/oauth/sso/callback\\?`))
    expect(new URL(service).searchParams.get('redirect_uri')).toBe(APP)

    tickets.set('ST-1', 'clerk')
    const back = await callback(service, 'ST-1')
    expect(back.statusCode, back.body).toBe(302)
    expect(asked.at(-1)).toEqual({ service, ticket: 'ST-1' })
    const location = String(back.headers.location)
    expect(location.startsWith(`${APP}#`)).toBe(true)
    const hash = new URLSearchParams(location.split('#')[1])
    expect(hash.get('state')).toBe('s1')
    const self = await injectAs(app, hash.get('access_token')!, 'GET', '/api/iam/hzero/v1/users/self')
    expect(self.statusCode).toBe(200)
    expect(self.json().loginName).toBe('clerk')
    expect(self.json().homePath).toBe('/hiam/menu')
    // The login log has the sign-in.
    const log = (await injectAs(app, admin, 'GET', '/api/iam/v1/1/login-logs?size=5')).json().content[0]
    expect(log).toMatchObject({ loginName: 'clerk' })

    // A ticket is good once: replayed, the CAS server refuses it and so does the callback.
    const replay = await callback(service, 'ST-1')
    expect(replay.statusCode).toBe(401)
    expect(replay.body).toContain('INVALID_TICKET')
    expect(replay.body).toContain('Sign in again')

    // Signing out ends the CAS session too: the CAS logout, with the sign-in page as the service to return to.
    const token = hash.get('access_token')!
    const logout = await app.inject({
      url: `/api/oauth/logout?access_token=${token}`,
      headers: { host: HOST },
    })
    expect(logout.statusCode).toBe(302)
    const to = new URL(String(logout.headers.location))
    expect(`${to.origin}${to.pathname}`).toBe(`${casUrl}/logout`)
    expect(to.searchParams.get('service')).toMatch(new RegExp(`^http://${HOST}/api/oauth/oauth/authorize\\?`))
    expect((await injectAs(app, token, 'GET', '/api/iam/hzero/v1/users/self')).statusCode).toBe(401)
  })

  it('refuses an unknown user, a foreign redirect, a missing ticket and a host without SSO', async () => {
    const service = new URL(String((await authorize(HOST)).headers.location)).searchParams.get('service')!
    tickets.set('ST-2', 'nobody.here')
    const unknown = await callback(service, 'ST-2')
    expect(unknown.statusCode).toBe(403)
    expect(unknown.body).toContain('has no account here')

    const foreign = new URL(service)
    foreign.searchParams.set('redirect_uri', 'https://evil.example.org/')
    tickets.set('ST-3', 'clerk')
    const evil = await callback(foreign.toString(), 'ST-3')
    expect(evil.statusCode).toBe(400)
    expect(evil.body).toContain('is not registered for client')
    expect(asked.some((a) => a.ticket === 'ST-3')).toBe(false)

    const bare = await app.inject({
      url: new URL(service).pathname + new URL(service).search,
      headers: { host: HOST },
    })
    expect(bare.statusCode).toBe(400)
    expect(bare.body).toContain('ticket, client_id and redirect_uri are required')

    // Another host keeps the password page, and its callback refuses.
    const local = await authorize('localhost:8080')
    expect(local.statusCode).toBe(200)
    expect(local.body).toContain('<form')
    const elsewhere = await callback(service.replace(HOST, 'localhost:8080'), 'ST-4', 'localhost:8080')
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.body).toContain('signs in with a password')
  })
})
