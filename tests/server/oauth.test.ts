import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, postSignIn, signIn, TEST_ORIGIN } from '../../server/testing.ts'

let app: FastifyInstance
let clock = Date.now()

beforeAll(async () => {
  app = await createTestApp({ now: () => clock, tokenTtlSeconds: 3600 })
})
afterAll(() => app.close())

const authorize = (redirectUri: string, lang = 'en_US') =>
  app.inject({
    url: `/api/oauth/oauth/authorize?response_type=token&client_id=localhost&redirect_uri=${encodeURIComponent(redirectUri)}&lang=${lang}`,
    headers: { host: 'localhost:8080' },
  })
const usersSelf = (token: string) =>
  app.inject({ url: '/api/iam/hzero/v1/users/self', headers: bearer(token) })

describe('sign-in page', () => {
  it('renders a form in the chosen language under the strict CSP, without inline scripts', async () => {
    const page = await authorize(`${TEST_ORIGIN}/workplace`, 'zh_TW')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('使用者名稱')
    expect(page.body).toContain('name="redirect_uri" value="http://localhost:8080/workplace"')
    expect(page.body).not.toMatch(/<script>(?!<\/script>)|<script(?![^>]*src=)[^>]*>/)
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    const english = await authorize(`${TEST_ORIGIN}/`, 'en_US')
    expect(english.body).toContain('User name')
  })

  it('refuses a redirect_uri of a foreign origin with an error page, never a redirect', async () => {
    const page = await authorize('https://evil.example/steal')
    expect(page.statusCode).toBe(400)
    expect(page.headers.location).toBeUndefined()
    expect(page.body).toContain('is not registered for client')
    const post = await postSignIn(app, 'admin', 'Admin@123', 'https://evil.example/steal')
    expect(post.statusCode).toBe(400)
    expect(post.headers.location).toBeUndefined()
  })
})

describe('sign-in', () => {
  it('redirects to redirect_uri with the token in the hash', async () => {
    const response = await postSignIn(app, 'clerk', 'Clerk@123', `${TEST_ORIGIN}/wmdm/warehouse`)
    expect(response.statusCode).toBe(302)
    const [target, hash] = String(response.headers.location).split('#')
    expect(target).toBe(`${TEST_ORIGIN}/wmdm/warehouse`)
    const params = new URLSearchParams(hash)
    expect(params.get('token_type')).toBe('bearer')
    expect(params.get('expires_in')).toBe('3600')
    expect(params.get('access_token')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('re-renders the page with a message and the user name kept on a wrong password', async () => {
    const response = await postSignIn(app, 'clerk', 'wrong-password')
    expect(response.statusCode).toBe(200)
    expect(response.headers.location).toBeUndefined()
    expect(response.body).toContain('用户名或密码错误')
    expect(response.body).toContain('name="username" autocomplete="username" value="clerk"')
  })

  it('locks the account after 5 wrong passwords in a row from one source, even for the right one, for 10 minutes; an unknown name alike', async () => {
    for (let i = 0; i < 4; i++)
      expect((await postSignIn(app, 'manager', 'nope')).body).toContain('用户名或密码错误')
    const fifth = await postSignIn(app, 'manager', 'nope')
    expect(fifth.body).toContain('账号已锁定 10 分钟')
    const rightPassword = await postSignIn(app, 'manager', 'Manager@123')
    expect(rightPassword.statusCode).toBe(200)
    expect(rightPassword.body).toContain('账号已锁定')
    // Locked for this name from this source only (session-hardening.test.ts tries other addresses); an
    // unknown name gets the very same answers.
    for (let i = 0; i < 4; i++)
      expect((await postSignIn(app, 'no-such-user', 'nope')).body).toContain('用户名或密码错误')
    expect((await postSignIn(app, 'no-such-user', 'nope')).body).toContain('账号已锁定 10 分钟')
    clock += 11 * 60 * 1000
    expect((await postSignIn(app, 'manager', 'Manager@123')).statusCode).toBe(302)
  })
})

describe('tokens', () => {
  it('expire after their lifetime', async () => {
    const token = await signIn(app, 'clerk', 'Clerk@123')
    expect((await usersSelf(token)).statusCode).toBe(200)
    clock += 3601 * 1000
    const expired = await usersSelf(token)
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toMatchObject({
      failed: true,
      code: 'error.unauthorized',
      message: expect.stringContaining('expired'),
    })
  })

  it('are revoked by logout, which sends the browser back to the sign-in page of the site root', async () => {
    const token = await signIn(app, 'clerk', 'Clerk@123')
    const logout = await app.inject({
      url: `/api/oauth/logout?access_token=${token}`,
      headers: { host: 'localhost:8080' },
    })
    expect(logout.statusCode).toBe(302)
    const location = new URL(String(logout.headers.location), TEST_ORIGIN)
    expect(location.pathname).toBe('/api/oauth/oauth/authorize')
    expect(location.searchParams.get('client_id')).toBe('localhost')
    expect(location.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/`)
    expect((await usersSelf(token)).statusCode).toBe(401)
    const kickoff = await app.inject({
      method: 'POST',
      url: `/api/oauth/public/token/kickoff?access_token=${token}`,
    })
    expect(kickoff.json()).toEqual({ kickoff: 0 })
  })

  it('are kicked off by a newer sign-in of the same user', async () => {
    const first = await signIn(app, 'admin', 'Admin@123')
    const online = () =>
      app.inject({ url: '/api/oauth/public/is-online', headers: bearer(first) }).then((r) => r.json())
    expect(await online()).toBe(true)
    const second = await signIn(app, 'admin', 'Admin@123')
    const refused = await usersSelf(first)
    expect(refused.statusCode).toBe(401)
    expect(refused.json().message).toContain('signed in elsewhere')
    expect(await online()).toBe(false)
    const kickoff = await app.inject({
      method: 'POST',
      url: `/api/oauth/public/token/kickoff?access_token=${first}`,
    })
    expect(kickoff.json()).toEqual({ kickoff: 1 })
    expect((await usersSelf(second)).statusCode).toBe(200)
  })

  it('are required on API routes, as bearer header or access_token cookie', async () => {
    const none = await app.inject({ url: '/api/iam/hzero/v1/users/self' })
    expect(none.statusCode).toBe(401)
    expect(none.json()).toMatchObject({ failed: true, type: 'error' })
    const token = await signIn(app, 'jxs', 'Jxs@12345')
    const cookie = await app.inject({
      url: '/api/iam/hzero/v1/users/self',
      headers: { cookie: `lang=x; access_token=${token}` },
    })
    expect(cookie.json().loginName).toBe('jxs')
  })
})
