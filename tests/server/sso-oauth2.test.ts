/**
 * OAuth2 / OpenID Connect single sign-on of a domain (server/modules/oauth/sso.ts) against a fake provider the
 * test starts on the loopback address (authorize → code, token with client secret and PKCE, userinfo): the
 * sign-in page of an OAUTH2 domain's host redirects to the authorize URL with a stored state bound to the
 * browser by a cookie; the callback exchanges the code and signs in the user the userinfo claim names. A forged,
 * replayed or foreign state, a provider error, a refused code, an unreachable provider and an unknown user are
 * refused with a page saying what to do; signing out goes on to the provider's logout URL.
 */
import { createHash } from 'node:crypto'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'
import { domainOn, updateDomainOn } from './support/domains.ts'

let app: FastifyInstance
let admin: string
let provider: Server
let base: string
const HOST = 'wms.example.com'
const APP = `http://${HOST}/`
const CALLBACK = `http://${HOST}/api/oauth/sso/callback`
const CLIENT = 'wms-client'
const SECRET = 'provider-secret-1'
/** Who the provider signs in next; codes it issued; access tokens it issued; token requests it got. */
let nextUser = 'clerk'
const codes = new Map<string, { user: string; challenge: string; redirectUri: string; clientId: string }>()
const accessTokens = new Map<string, string>()
const tokenRequests: Array<Record<string, string>> = []

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

beforeAll(async () => {
  let counter = 0
  provider = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/authorize') {
      // The user signs in at the provider, which sends the browser back with a code for this sign-in.
      const code = `code-${++counter}`
      codes.set(code, {
        user: nextUser,
        challenge: url.searchParams.get('code_challenge') ?? '',
        redirectUri: url.searchParams.get('redirect_uri') ?? '',
        clientId: url.searchParams.get('client_id') ?? '',
      })
      const back = new URL(url.searchParams.get('redirect_uri')!)
      back.searchParams.set('code', code)
      back.searchParams.set('state', url.searchParams.get('state') ?? '')
      response.writeHead(302, { location: back.toString() }).end()
      return
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body))
        tokenRequests.push(form)
        const basic = Buffer.from(`${CLIENT}:${SECRET}`).toString('base64')
        if (request.headers.authorization !== `Basic ${basic}`)
          return json(response, 401, { error: 'invalid_client', error_description: 'bad client secret' })
        const issued = codes.get(form.code ?? '')
        codes.delete(form.code ?? '')
        const verifier = createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url')
        if (
          !issued ||
          form.grant_type !== 'authorization_code' ||
          issued.redirectUri !== form.redirect_uri ||
          issued.clientId !== CLIENT ||
          issued.challenge !== verifier
        )
          return json(response, 400, { error: 'invalid_grant', error_description: 'code not valid' })
        const access = `at-${++counter}`
        accessTokens.set(access, issued.user)
        json(response, 200, { access_token: access, token_type: 'Bearer', expires_in: 300 })
      })
      return
    }
    // A provider that takes the request and never answers.
    if (url.pathname === '/hang') return
    if (url.pathname === '/userinfo') {
      const user = accessTokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''))
      if (!user) return json(response, 401, { error: 'invalid_token' })
      json(response, 200, { sub: `id-${user}`, preferred_username: user, email: `${user}@example.com` })
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
  // The test's own limit for the provider that never answers (the server's default is 5 s).
  app = await createTestApp({ ssoTimeoutMs: 1000 })
  admin = await signIn(app, 'admin', 'Admin@123')
  await configure({
    ssoTypeCode: 'OAUTH2',
    ssoLoginUrl: `${base}/authorize`,
    ssoTokenUrl: `${base}/token`,
    ssoUserInfoUrl: `${base}/userinfo`,
    ssoLogoutUrl: `${base}/logout`,
    ssoClientId: CLIENT,
    ssoClientSecret: SECRET,
  })
})
afterAll(async () => {
  await app.close()
  provider.closeAllConnections()
  await new Promise((resolve) => provider.close(resolve))
})

/** Saves the test domain with these settings changed. */
const configure = (patch: Record<string, unknown>) => updateDomainOn(app, admin, HOST, patch)

/** The sign-in page on the domain's host: the provider's authorize address and the state cookie. */
async function start() {
  const response = await app.inject({
    url: `/api/oauth/oauth/authorize?response_type=token&client_id=localhost&redirect_uri=${encodeURIComponent(APP)}&state=s1`,
    headers: { host: HOST },
  })
  expect(response.statusCode, response.body).toBe(302)
  const setCookie = String(response.headers['set-cookie'] ?? '')
  return { authorize: new URL(String(response.headers.location)), cookie: setCookie.split(';')[0]! }
}
/** The browser at the provider: where it is sent back to (our callback with code and state). */
async function atProvider(authorize: URL): Promise<URL> {
  const answer = await fetch(authorize, { redirect: 'manual' })
  return new URL(answer.headers.get('location')!)
}
const callback = (url: URL, cookie?: string) =>
  app.inject({ url: `${url.pathname}${url.search}`, headers: { host: HOST, ...(cookie ? { cookie } : {}) } })

describe('OAuth2 single sign-on of a domain', () => {
  it('keeps the client secret out of answers', async () => {
    const domains = (await injectAs(app, admin, 'GET', '/api/iam/v1/1/domains?size=10')).json().content
    expect((await domainOn(app, admin, HOST)).ssoClientSecret).toBe('******')
    expect(JSON.stringify(domains)).not.toContain(SECRET)
  })

  it('is not held up by a SAML-only setting left on (signing requests, without an SP key)', async () => {
    await configure({ ssoSignRequests: 1 })
    try {
      const { authorize } = await start() // 302 to the provider, not a page asking for an SP key
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${base}/authorize`)
    } finally {
      await configure({ ssoSignRequests: 0 })
    }
  })

  it('sends the browser to the authorize URL, exchanges the code with PKCE and signs the user in', async () => {
    const { authorize, cookie } = await start()
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${base}/authorize`)
    const params = Object.fromEntries(authorize.searchParams)
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: CLIENT,
      redirect_uri: CALLBACK,
      scope: 'openid profile',
      code_challenge_method: 'S256',
    })
    expect(params.state).toMatch(/^[\w-]{43}$/)
    expect(cookie).toBe(`wms_sso_state=${params.state}`)

    nextUser = 'clerk'
    const back = await atProvider(authorize)
    const signedIn = await callback(back, cookie)
    expect(signedIn.statusCode, signedIn.body).toBe(302)
    // The token request carried the code verifier of the challenge (the provider checked it) and our callback.
    expect(tokenRequests.at(-1)).toMatchObject({ grant_type: 'authorization_code', redirect_uri: CALLBACK })
    const location = String(signedIn.headers.location)
    expect(location.startsWith(`${APP}#`)).toBe(true)
    const hash = new URLSearchParams(location.split('#')[1])
    expect(hash.get('state')).toBe('s1')
    const token = hash.get('access_token')!
    const self = await injectAs(app, token, 'GET', '/api/iam/hzero/v1/users/self')
    expect(self.statusCode).toBe(200)
    expect(self.json().loginName).toBe('clerk')
    const log = (await injectAs(app, admin, 'GET', '/api/iam/v1/1/login-logs?size=5')).json().content[0]
    expect(log).toMatchObject({ loginName: 'clerk' })

    // The state is good once: the same answer again is refused before the provider is asked.
    const asked = tokenRequests.length
    const replay = await callback(back, cookie)
    expect(replay.statusCode).toBe(400)
    expect(replay.body).toContain('already used')
    expect(tokenRequests.length).toBe(asked)

    // Signing out goes on to the provider's logout, which comes back to the sign-in page.
    const logout = await app.inject({
      url: `/api/oauth/logout?access_token=${encodeURIComponent(token)}`,
      headers: { host: HOST },
    })
    expect(logout.statusCode).toBe(302)
    const to = new URL(String(logout.headers.location))
    expect(`${to.origin}${to.pathname}`).toBe(`${base}/logout`)
    expect(to.searchParams.get('client_id')).toBe(CLIENT)
    const again = new URL(to.searchParams.get('post_logout_redirect_uri')!)
    expect(`${again.origin}${again.pathname}`).toBe(`http://${HOST}/api/oauth/oauth/authorize`)
    expect((await injectAs(app, token, 'GET', '/api/iam/hzero/v1/users/self')).statusCode).toBe(401)

    // A password session's logout still goes to the sign-in page.
    const password = await signIn(app, 'clerk', 'Clerk@123')
    const plain = await app.inject({
      url: `/api/oauth/logout?access_token=${password}`,
      headers: { host: HOST },
    })
    expect(String(plain.headers.location)).toMatch(/^\/api\/oauth\/oauth\/authorize\?/)
  })

  it('refuses a forged state, an answer without the browser cookie, a provider error and a refused code', async () => {
    const { authorize, cookie } = await start()
    const back = await atProvider(authorize)
    // Another browser (no cookie, or another sign-in's cookie) carrying the answer is refused.
    const foreign = await callback(back)
    expect(foreign.statusCode).toBe(400)
    expect(foreign.body).toContain('started in another browser')
    const forged = new URL(back)
    forged.searchParams.set('state', 'forged-state')
    const unknown = await callback(forged, 'wms_sso_state=forged-state')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toContain('does not know')

    // The provider's error answer is shown with its reason.
    const refused = new URL(CALLBACK)
    refused.searchParams.set('error', 'access_denied')
    refused.searchParams.set('error_description', 'The user cancelled')
    refused.searchParams.set('state', back.searchParams.get('state')!)
    const denied = await callback(refused, cookie)
    expect(denied.statusCode).toBe(401)
    expect(denied.body).toContain('the provider refused the sign-in (access_denied: The user cancelled)')
    expect(denied.body).toContain('Sign in again')

    // A code the token endpoint does not accept.
    const second = await start()
    const badCode = await atProvider(second.authorize)
    badCode.searchParams.set('code', 'not-issued')
    const invalid = await callback(badCode, second.cookie)
    expect(invalid.statusCode).toBe(401)
    expect(invalid.body).toContain('the token endpoint answered HTTP 400 (invalid_grant: code not valid)')

    // An unknown user at the provider has no account here.
    const third = await start()
    nextUser = 'nobody.here'
    const stranger = await callback(await atProvider(third.authorize), third.cookie)
    nextUser = 'clerk'
    expect(stranger.statusCode).toBe(403)
    expect(stranger.body).toContain('the single sign-on user &#39;nobody.here&#39; has no account here')
  })

  it('refuses when the client secret is wrong, the provider is unreachable or silent, or the settings are incomplete', async () => {
    await configure({ ssoClientSecret: 'wrong-secret' })
    const wrong = await start()
    const refused = await callback(await atProvider(wrong.authorize), wrong.cookie)
    expect(refused.statusCode).toBe(401)
    expect(refused.body).toContain('invalid_client')

    // A port nothing listens on.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const deadPort = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    await configure({ ssoClientSecret: SECRET, ssoTokenUrl: `http://127.0.0.1:${deadPort}/token` })
    const down = await start()
    const unreachable = await callback(await atProvider(down.authorize), down.cookie)
    expect(unreachable.statusCode).toBe(401)
    expect(unreachable.body).toContain('the token endpoint could not be reached')

    // A provider that never answers: refused when the limit is reached.
    await configure({ ssoTokenUrl: `${base}/hang` })
    const hung = await start()
    const timedOut = await callback(await atProvider(hung.authorize), hung.cookie)
    expect(timedOut.statusCode).toBe(401)
    expect(timedOut.body).toContain(
      'the token endpoint could not be reached (The operation was aborted due to timeout',
    )

    await configure({ ssoTokenUrl: null })
    const incomplete = await app.inject({
      url: `/api/oauth/oauth/authorize?response_type=token&client_id=localhost&redirect_uri=${encodeURIComponent(APP)}`,
      headers: { host: HOST },
    })
    expect(incomplete.statusCode).toBe(503)
    expect(incomplete.body).toContain('the token URL is missing')
    expect(incomplete.body).toContain('Ask an administrator')
    await configure({ ssoTokenUrl: `${base}/token` })
  })
})
