import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, signIn, TEST_ORIGIN } from '../../server/testing.ts'
import { hashToken } from '../../server/modules/oauth/tokens.ts'
import { expectEnvelope, signInMember, TENANT_A, TENANT_B } from './support/security.ts'

/**
 * Live sessions per device kind (issue 19; server/modules/oauth/devices.ts). The tenant's security policy
 * (`concurrentSessions` of /hiam/password-policy) says which of a user's live sessions a new sign-in ends:
 * `single` all, `per-device` (default) those of the same kind (desk or handheld, declared at sign-in),
 * `unlimited` none. An ended session answers 401 and the kickoff check answers 1 for it (CORE-SES-10).
 */
let app: FastifyInstance
let admin: string
const policyUrl = `/api/iam/v1/${TENANT_A}/password-policy`

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
})
afterAll(() => app.close())

/** Signs the clerk (tenant A) in through the real form, declaring `device` as the handheld app does. */
async function clerkOn(device?: string) {
  const form: Record<string, string> = {
    username: 'clerk',
    password: 'Clerk@123',
    client_id: 'localhost',
    redirect_uri: `${TEST_ORIGIN}/`,
    language: 'en_US',
  }
  if (device) form.device = device
  const response = await app.inject({
    method: 'POST',
    url: '/api/oauth/login',
    headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  })
  const token = new URLSearchParams(String(response.headers.location ?? '').split('#')[1] ?? '').get(
    'access_token',
  )
  expect(response.statusCode, response.body).toBe(302)
  return token!
}
const desk = () => clerkOn()
const handheld = () => clerkOn('handheld')

/** What the browser learns of a token: whether it still works, and the kickoff check's answer. */
async function state(token: string) {
  const self = await app.inject({ url: '/api/iam/hzero/v1/users/self', headers: bearer(token) })
  const kickoff = await app.inject({
    method: 'POST',
    url: `/api/oauth/public/token/kickoff?access_token=${token}`,
  })
  return { status: self.statusCode, kickoff: kickoff.json<{ kickoff: number }>().kickoff }
}
const alive = { status: 200, kickoff: 0 }
const kicked = { status: 401, kickoff: 1 }

async function setPolicy(value: unknown, url = policyUrl, token = admin) {
  const current = (await app.inject({ url, headers: bearer(token) })).json().content[0]
  return app.inject({
    method: 'PUT',
    url,
    headers: bearer(token),
    payload: { ...current, concurrentSessions: value },
  })
}

describe('concurrent sessions follow the tenant policy and the declared device kind', () => {
  it('per-device (the default): a handheld sign-in keeps the desk session; a second desk sign-in kicks the first desk one', async () => {
    // Runs first: tenant A has no saved policy yet, so this is the default.
    const fresh = await app.inject({ url: policyUrl, headers: bearer(admin) })
    expect(fresh.json().content[0]).toMatchObject({
      objectVersionNumber: 0,
      concurrentSessions: 'per-device',
    })
    const firstDesk = await desk()
    const firstHandheld = await handheld()
    expect(await state(firstDesk)).toEqual(alive)
    expect(await state(firstHandheld)).toEqual(alive)
    const secondDesk = await desk()
    expect(await state(firstDesk)).toEqual(kicked)
    expect(await state(firstHandheld)).toEqual(alive)
    expect(await state(secondDesk)).toEqual(alive)
    const secondHandheld = await handheld()
    expect(await state(firstHandheld)).toEqual(kicked)
    expect(await state(secondDesk)).toEqual(alive)
    expect(await state(secondHandheld)).toEqual(alive)
  })

  it('single: a sign-in on either kind kicks every other session of the user', async () => {
    expect((await setPolicy('single')).json().concurrentSessions).toBe('single')
    const onDesk = await desk()
    const onHandheld = await handheld()
    expect(await state(onDesk)).toEqual(kicked)
    const again = await desk()
    expect(await state(onHandheld)).toEqual(kicked)
    expect(await state(again)).toEqual(alive)
  })

  it('unlimited: no sign-in kicks another', async () => {
    expect((await setPolicy('unlimited')).statusCode).toBe(200)
    const tokens = [await desk(), await desk(), await handheld(), await handheld()]
    for (const token of tokens) expect(await state(token)).toEqual(alive)
  })

  it('leaving the policy out of a save keeps it (clients that save only the password rules)', async () => {
    expect((await setPolicy('unlimited')).statusCode).toBe(200)
    const current = (await app.inject({ url: policyUrl, headers: bearer(admin) })).json().content[0]
    const { concurrentSessions: _left, ...rules } = current
    const saved = await app.inject({
      method: 'PUT',
      url: policyUrl,
      headers: bearer(admin),
      payload: { ...rules, lockMinutes: 11 },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ lockMinutes: 11, concurrentSessions: 'unlimited' })
  })
})

describe('the setting is the tenant’s own', () => {
  it('another tenant’s administrator cannot change it, and its own setting does not reach this tenant', async () => {
    const reset = await setPolicy('per-device')
    expect(reset.statusCode).toBe(200)
    const other = await signInMember(app, TENANT_B, ['hiam.passwordPolicy.button.edit'])
    const foreign = await app.inject({
      method: 'PUT',
      url: policyUrl,
      headers: bearer(other.token),
      payload: { ...reset.json<Record<string, unknown>>(), concurrentSessions: 'single' },
    })
    expectEnvelope(foreign, [403, 404])
    const own = await setPolicy('single', `/api/iam/v1/${TENANT_B}/password-policy`, other.token)
    expect(own.statusCode, own.body).toBe(200)
    expect(own.json().concurrentSessions).toBe('single')
    const read = await app.inject({ url: policyUrl, headers: bearer(admin) })
    expect(read.json().content[0].concurrentSessions).toBe('per-device')
    // Tenant A still keeps a desk and a handheld session side by side.
    const onDesk = await desk()
    await handheld()
    expect(await state(onDesk)).toEqual(alive)
  })
})

describe('bad values are refused with a clear 400', () => {
  it('a policy value that is none of the three', async () => {
    for (const value of ['two', 'SINGLE', '', 2, null]) {
      const response = await setPolicy(value)
      const body = expectEnvelope(response, [400])
      expect(body.message, String(value)).toMatch(
        /concurrentSessions must be one of: single, per-device, unlimited|concurrentSessions must be text/,
      )
    }
    const read = await app.inject({ url: policyUrl, headers: bearer(admin) })
    expect(read.json().content[0].concurrentSessions).not.toBe('two')
  })

  it('a device kind that is neither desk nor handheld, in the sign-in address or the form', async () => {
    const page = await app.inject({
      url: `/api/oauth/oauth/authorize?response_type=token&client_id=localhost&redirect_uri=${encodeURIComponent(`${TEST_ORIGIN}/`)}&device=tablet`,
      headers: { host: 'localhost:8080' },
    })
    expect(page.statusCode).toBe(400)
    expect(page.body).toMatch(/device must be one of: desk, handheld/)
    const form = await app.inject({
      method: 'POST',
      url: '/api/oauth/login',
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        username: 'clerk',
        password: 'Clerk@123',
        client_id: 'localhost',
        redirect_uri: `${TEST_ORIGIN}/`,
        device: 'tablet',
      }).toString(),
    })
    expect(form.statusCode).toBe(400)
    expect(form.body).toMatch(/device must be one of: desk, handheld/)
  })
})

describe('the sign-in page and the online-users screen carry the device kind', () => {
  it('the sign-in page posts the declared kind back with the form', async () => {
    const page = await app.inject({
      url: `/api/oauth/oauth/authorize?response_type=token&client_id=localhost&redirect_uri=${encodeURIComponent(`${TEST_ORIGIN}/`)}&device=handheld`,
      headers: { host: 'localhost:8080' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<input type="hidden" name="device" value="handheld">')
  })

  it('signing out of a handheld session opens the handheld’s sign-in again', async () => {
    const onHandheld = await handheld()
    const out = await app.inject({ url: `/api/oauth/logout?access_token=${onHandheld}` })
    expect(out.statusCode).toBe(302)
    expect(new URL(String(out.headers.location), TEST_ORIGIN).searchParams.get('device')).toBe('handheld')
    const onDesk = await desk()
    const deskOut = await app.inject({ url: `/api/oauth/logout?access_token=${onDesk}` })
    expect(new URL(String(deskOut.headers.location), TEST_ORIGIN).searchParams.has('device')).toBe(false)
  })

  it('an administrator sees a user’s desk and handheld sessions and ends one; its kickoff check answers 1', async () => {
    expect((await setPolicy('per-device')).statusCode).toBe(200)
    const onDesk = await desk()
    const onHandheld = await handheld()
    const clerk = await app.db
      .selectFrom('iamUser')
      .select('id')
      .where('loginName', '=', 'clerk')
      .executeTakeFirstOrThrow()
    const list = await app.inject({
      url: `/api/hpfm/v1/${TENANT_A}/online-users?userId=${clerk.id}&size=50`,
      headers: bearer(admin),
    })
    expect(list.statusCode, list.body).toBe(200)
    const rows = list.json<{ content: Array<{ sessionId: string; deviceKind: string; loginName: string }> }>()
      .content
    expect(rows.map((row) => [row.loginName, row.deviceKind]).sort()).toEqual([
      ['clerk', 'desk'],
      ['clerk', 'handheld'],
    ])
    const handheldRows = await app.inject({
      url: `/api/hpfm/v1/${TENANT_A}/online-users?userId=${clerk.id}&deviceKind=handheld`,
      headers: bearer(admin),
    })
    const [row] = handheldRows.json<{ content: Array<{ sessionId: string }> }>().content
    expect(row?.sessionId).toBe(hashToken(onHandheld).slice(0, 16))
    const end = await app.inject({
      method: 'POST',
      url: `/api/hpfm/v1/${TENANT_A}/online-users/${row!.sessionId}/kickoff`,
      headers: bearer(admin),
    })
    expect(end.statusCode, end.body).toBe(200)
    expect(await state(onHandheld)).toEqual(kicked)
    expect(await state(onDesk)).toEqual(alive)
  })
})
