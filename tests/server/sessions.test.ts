import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../../server/modules/oauth/tokens.ts'
import { createTestApp, postSignIn, signIn, TEST_ORIGIN } from '../../server/testing.ts'
import {
  apiRoutes,
  expectEnvelope,
  fillPath,
  isMutating,
  signInMember,
  TENANT_A,
} from './support/security.ts'

/**
 * Sessions (DESIGN "Security model": opaque random tokens stored hashed, expiry, revocation on logout, kickoff
 * by a newer sign-in). Each refused kind of token is tried on every authenticated route of the route table.
 */
let app: FastifyInstance
let clock = Date.now()
const TTL = 3600

beforeAll(async () => {
  app = await createTestApp({ now: () => clock, tokenTtlSeconds: TTL })
})
afterAll(() => app.close())

/** Every authenticated route answers 401 with the envelope and `reason` for this token. */
async function refusedEverywhere(headers: Record<string, string>, reason: RegExp) {
  const routes = apiRoutes(app).filter((route) => !route.public)
  expect(routes.length).toBeGreaterThan(10)
  for (const route of routes) {
    const response = await app.inject({
      method: route.method as 'GET',
      url: fillPath(route.url, { tenantId: TENANT_A, lang: 'en_US' }),
      headers,
      ...(isMutating(route) ? { payload: {} } : {}),
    })
    const body = expectEnvelope(response, [401])
    expect(body.code, `${route.method} ${route.url}`).toBe('error.unauthorized')
    expect(body.message).toMatch(reason)
  }
}
const bearer = (token: string) => ({ authorization: `bearer ${token}` })
const self = (headers: Record<string, string>) => app.inject({ url: '/api/iam/hzero/v1/users/self', headers })

describe('refused tokens, on every authenticated route', () => {
  it('refuses a request without a token', async () => {
    await refusedEverywhere({}, /carries no access token/)
  })

  it('refuses forged tokens: random, malformed, oversized, and the stored hash of a real token', async () => {
    const real = await signIn(app, 'clerk', 'Clerk@123')
    await refusedEverywhere(bearer(randomBytes(32).toString('base64url')), /unknown/)
    await refusedEverywhere(bearer(hashToken(real)), /unknown/)
    // Not of a token's form (characters, length): refused as malformed before any lookup (auth.ts credentialOf).
    await refusedEverywhere(
      { cookie: `access_token=${encodeURIComponent("' OR 1=1 --")}` },
      /characters a token never has/,
    )
    await refusedEverywhere(bearer('x'.repeat(5000)), /longer than 512 characters/)
    await refusedEverywhere(
      { authorization: `basic ${Buffer.from('clerk:Clerk@123').toString('base64')}` },
      /no access token/,
    )
    expect((await self(bearer(real))).statusCode).toBe(200)
    // Five forged kinds × every route of the app (~2,000): minutes on a busy 2-core machine, not the default 60 s.
  }, 240_000)

  it('refuses a token past its lifetime', async () => {
    const token = await signIn(app, 'jxs', 'Jxs@12345')
    expect((await self(bearer(token))).statusCode).toBe(200)
    clock += (TTL + 1) * 1000
    await refusedEverywhere(bearer(token), /expired/)
  })

  it('refuses a token revoked by logout (header, cookie or query), recorded as revoked on the server', async () => {
    for (const how of ['query', 'cookie', 'header'] as const) {
      const member = await signInMember(app, TENANT_A, [])
      const token = member.token
      const headers =
        how === 'cookie' ? { cookie: `access_token=${token}` } : how === 'header' ? bearer(token) : {}
      const query = how === 'query' ? `?access_token=${token}` : ''
      const logout = await app.inject({
        url: `/api/oauth/logout${query}`,
        headers: { host: 'localhost:8080', ...headers },
      })
      expect(logout.statusCode).toBe(302)
      expect(new URL(String(logout.headers.location), TEST_ORIGIN).pathname).toBe(
        '/api/oauth/oauth/authorize',
      )
      const row = await app.db
        .selectFrom('oauthToken')
        .select('status')
        .where('tokenHash', '=', hashToken(token))
        .executeTakeFirstOrThrow()
      expect(row.status, how).toBe('revoked')
      await refusedEverywhere(bearer(token), /revoked/)
    }
  })

  it('refuses a token kicked off by a newer sign-in of the same user; the newer one works', async () => {
    const first = await signIn(app, 'admin', 'Admin@123')
    const second = await signIn(app, 'admin', 'Admin@123')
    await refusedEverywhere(bearer(first), /signed in elsewhere/)
    expect((await self(bearer(second))).statusCode).toBe(200)
  })

  it('does not let a revoked token sign out someone else or come back to life', async () => {
    const token = await signIn(app, 'manager', 'Manager@123')
    await app.inject({ url: `/api/oauth/logout?access_token=${token}` })
    await app.inject({ url: `/api/oauth/logout?access_token=${token}` })
    const online = await app.inject({ url: '/api/oauth/public/is-online', headers: bearer(token) })
    expect(online.json()).toBe(false)
    expect((await self(bearer(token))).statusCode).toBe(401)
  })
})

describe('lockout follows the tenant password policy', () => {
  it('locks after the policy’s count of wrong passwords for its minutes, naming both, even for the right password', async () => {
    const admin = await signIn(app, 'admin', 'Admin@123')
    const policyUrl = '/api/iam/v1/1/password-policy'
    const current = (await app.inject({ url: policyUrl, headers: bearer(admin) })).json().content[0]
    const saved = await app.inject({
      method: 'PUT',
      url: policyUrl,
      headers: bearer(admin),
      payload: { ...current, maxErrorTimes: 3, lockMinutes: 2 },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    try {
      const wrong = () => postSignIn(app, 'jxs', 'not-the-password')
      expect((await wrong()).body).toContain('用户名或密码错误')
      const second = await wrong()
      expect(second.body).toContain('再错 1 次账号将被锁定 2 分钟')
      const third = await wrong()
      expect(third.statusCode).toBe(200)
      expect(third.body).toContain('连续 3 次密码错误，账号已锁定 2 分钟')
      const right = await postSignIn(app, 'jxs', 'Jxs@12345')
      expect(right.statusCode).toBe(200)
      expect(right.body).toContain('账号已锁定')
      expect(right.headers.location).toBeUndefined()
      // The lock is per name and source (client address): from elsewhere the owner signs in.
      const elsewhere = await app.inject({
        method: 'POST',
        url: '/api/oauth/login',
        remoteAddress: '10.20.30.40',
        headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          username: 'jxs',
          password: 'Jxs@12345',
          client_id: 'localhost',
          redirect_uri: `${TEST_ORIGIN}/`,
        }).toString(),
      })
      expect(elsewhere.statusCode).toBe(302)
      clock += 3 * 60 * 1000
      expect((await postSignIn(app, 'jxs', 'Jxs@12345')).statusCode).toBe(302)
    } finally {
      const now = (await app.inject({ url: policyUrl, headers: bearer(admin) })).json().content[0]
      await app.inject({
        method: 'PUT',
        url: policyUrl,
        headers: bearer(admin),
        payload: {
          ...current,
          ...now,
          maxErrorTimes: current.maxErrorTimes,
          lockMinutes: current.lockMinutes,
        },
      })
    }
  })
})
