import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, postSignIn, signIn } from '../../server/testing.ts'
import { expectEnvelope } from './support/security.ts'

/** Public routes are limited per client address and minute (server/plugins/rate-limits.ts); small limits here. */
let app: FastifyInstance
let token: string

beforeAll(async () => {
  app = await createTestApp({ publicRateLimit: { signInPerMinute: 3, perMinute: 5 } })
  token = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

describe('rate limits of public routes', () => {
  it('answers 429 with the envelope and Retry-After once an address exceeds the sign-in limit', async () => {
    // The sign-in of beforeAll was the first of three.
    expect((await postSignIn(app, 'nobody', 'wrong')).statusCode).toBe(200)
    expect((await postSignIn(app, 'nobody', 'wrong')).statusCode).toBe(200)
    const refused = await postSignIn(app, 'clerk', 'Clerk@123')
    const body = expectEnvelope(refused, [429])
    expect(body.code).toBe('error.too_many_requests')
    expect(body.message).toMatch(/Too many requests to \/api\/oauth\/login .* wait \d+ s and try again/)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('limits the other public routes separately, and never the authenticated ones', async () => {
    const online = () => app.inject({ url: '/api/oauth/public/is-online', headers: bearer(token) })
    for (let i = 0; i < 5; i++) expect((await online()).statusCode).toBe(200)
    expectEnvelope(await online(), [429])
    for (let i = 0; i < 20; i++) {
      const self = await app.inject({ url: '/api/iam/hzero/v1/users/self', headers: bearer(token) })
      expect(self.statusCode).toBe(200)
    }
  })
})
