import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_CEILING_FACTOR } from '../../server/modules/oauth/sign-in.ts'
import { bearer, createTestApp, postSignIn, signIn, TEST_ORIGIN } from '../../server/testing.ts'
import {
  allPermissionCodes,
  apiRoutes,
  expectEnvelope,
  fillPath,
  isMutating,
  signInMember,
  TENANT_A,
} from './support/security.ts'

/**
 * Session and browser hardening (issue 21, "Session and browser"): redirect URIs parsed as a browser does,
 * cookie-only writes refused from other sites, role changes effective on the next request, sign-in answers
 * alike for unknown names and locked per name and source, `no-store` on authenticated answers, malformed
 * tokens a clean 401. The CSRF, no-store and malformed-token checks walk every route of the route table.
 */
let app: FastifyInstance
let clock = Date.now()

beforeAll(async () => {
  app = await createTestApp({ now: () => clock, tokenTtlSeconds: 3600 })
})
afterAll(() => app.close())

const HOST = 'localhost:8080'
const self = (headers: Record<string, string>) =>
  app.inject({ url: '/api/iam/hzero/v1/users/self', headers: { host: HOST, ...headers } })

describe('redirect_uri is parsed as a browser parses it and compared by origin', () => {
  const authorize = (redirectUri: string) =>
    app.inject({
      url: `/api/oauth/oauth/authorize?response_type=token&client_id=localhost&lang=en_US&redirect_uri=${encodeURIComponent(redirectUri)}`,
      headers: { host: HOST },
    })
  const hostile = [
    'http://127.0.0.1:8080\\@evil.example/',
    'http://localhost:8080\\@evil.example/',
    'http://localhost:8080\\.evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '\\\\evil.example/',
    '/workplace',
    'http:evil.example',
    'http:/evil.example',
    'http:\\\\evil.example',
    'http://localhost:8080@evil.example/',
    'http://user:pass@localhost:8080/',
    'http://localhost:8080:@evil.example/',
    'http://evil.example#@localhost:8080/',
    'http://evil.example?@localhost:8080/',
    'https://evil.example/',
    'http://evil。example/',
    'http://ｌocalhost:8080/',
    'http://localhost%3a8080@evil.example/',
    'http://%6c%6fcalhost:8080/',
    'http://localhost:8080%2f@evil.example/',
    'http://xn--localhost-/',
    ' http://localhost:8080/',
    'http://localhost:8080/\n',
    'http://local\thost:8080/',
    'http://localhost:8080/\u0001',
    '\u200bhttp://localhost:8080/',
    'javascript:alert(1)//http://localhost:8080/',
    'JavaScript://localhost:8080/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://localhost:8080/',
    'http://localhost:8081/',
    'https://localhost:8080/',
    'http://localhost.evil.example:8080/',
  ]

  it.each(hostile)('refuses %j with a page that says why, never a redirect', async (uri) => {
    const page = await authorize(uri)
    expect(page.statusCode, page.body.slice(0, 300)).toBe(400)
    expect(page.headers.location).toBeUndefined()
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toMatch(/redirect_uri .*(backslash|absolute|user name|host|not registered|valid)/s)
    const post = await postSignIn(app, 'clerk', 'Clerk@123', uri)
    expect(post.statusCode).toBe(400)
    expect(post.headers.location).toBeUndefined()
  })

  it('accepts the registered origins and the page origin, and redirects to the parsed address', async () => {
    for (const uri of [
      `${TEST_ORIGIN}/workplace?x=1`,
      'http://127.0.0.1:8080/',
      'http://localhost:5173/a/b',
      'HTTP://LOCALHOST:8080/',
    ])
      expect((await authorize(uri)).statusCode, uri).toBe(200)
    const response = await postSignIn(app, 'clerk', 'Clerk@123', 'HTTP://LOCALHOST:8080/a/../workplace#old')
    expect(response.statusCode).toBe(302)
    expect(String(response.headers.location).split('#')[0]).toBe(`${TEST_ORIGIN}/workplace`)
  })
})

/** Every row of every table of the app's database, as text, to show that nothing changed. */
async function databaseState(): Promise<string> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(app.db)
  const parts: string[] = []
  for (const { name } of tables.rows) {
    const rows = await sql<{ digest: string | null }>`
      select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(name)} t`.execute(
      app.db,
    )
    parts.push(`${name}:${rows.rows[0]?.digest ?? ''}`)
  }
  return parts.join('\n')
}

describe('cookie-only writes from another site (CSRF)', () => {
  it('refuses every unsafe authenticated route of the route table with 403, and changes nothing', async () => {
    const token = await signIn(app, 'admin', 'Admin@123')
    const routes = apiRoutes(app).filter((route) => !route.public && isMutating(route))
    expect(routes.length).toBeGreaterThan(100)
    const before = await databaseState()
    const forms: Array<[string, Record<string, string>]> = [
      ['foreign Origin', { origin: 'https://evil.example' }],
      ['foreign Referer, no Origin', { referer: 'https://evil.example/page' }],
      ['Origin null', { origin: 'null' }],
      ['neither Origin nor Referer', {}],
    ]
    for (const route of routes)
      for (const [form, headers] of forms) {
        const response = await app.inject({
          method: route.method as 'POST',
          url: fillPath(route.url, { tenantId: TENANT_A, lang: 'en_US' }),
          headers: { host: HOST, cookie: `access_token=${token}`, 'content-type': 'text/plain', ...headers },
          payload: '{}',
        })
        const body = expectEnvelope(response, [403])
        expect(body.message, `${route.method} ${route.url} ${form}`).toMatch(/session cookie/)
      }
    expect(await databaseState()).toBe(before)
    expect((await self(bearer(token))).statusCode).toBe(200)
    // Four forms × every unsafe route (~1,000 requests): minutes on a busy 2-core machine.
  }, 600_000)

  it('accepts the app’s own origin with the cookie, and any origin with the bearer header', async () => {
    const token = await signIn(app, 'clerk', 'Clerk@123')
    const setLanguage = (language: string, headers: Record<string, string>) =>
      app.inject({
        method: 'PUT',
        url: `/api/iam/hzero/v1/users/default-language?language=${language}`,
        headers: { host: HOST, ...headers },
      })
    const cookie = { cookie: `access_token=${token}` }
    expect((await setLanguage('en_US', { ...cookie, origin: TEST_ORIGIN })).statusCode).toBe(200)
    expect((await setLanguage('zh_CN', { ...cookie, referer: `${TEST_ORIGIN}/hmsg/x` })).statusCode).toBe(200)
    expect(
      (await setLanguage('en_US', { ...bearer(token), origin: 'https://evil.example' })).statusCode,
    ).toBe(200)
    expect((await setLanguage('zh_CN', { ...cookie, origin: 'http://localhost:8081' })).statusCode).toBe(403)
    expect((await self(bearer(token))).json().language).toBe('en_US')
    // Reads with the cookie alone stay open (a download link, the WebSocket).
    expect((await self({ ...cookie, origin: 'https://evil.example' })).statusCode).toBe(200)
  })
})

describe('role and membership changes take effect on the next request', () => {
  const tenantRoute = `/api/iam/v1/${TENANT_A}/password-policy`
  const works = async (token: string) => {
    expect((await self(bearer(token))).statusCode).toBe(200)
    expect((await app.inject({ url: tenantRoute, headers: bearer(token) })).statusCode).not.toBe(401)
  }
  const refused = async (token: string, reason: RegExp) => {
    for (const response of [
      await self(bearer(token)),
      await app.inject({ url: tenantRoute, headers: bearer(token) }),
    ]) {
      const body = expectEnvelope(response, [401])
      expect(body.message).toMatch(reason)
    }
  }

  it('ends the session when the token’s role is taken from the user', async () => {
    const member = await signInMember(app, TENANT_A, await allPermissionCodes(app))
    await works(member.token)
    await app.db
      .deleteFrom('iamMemberRole')
      .where('userId', '=', member.userId)
      .where('roleId', '=', member.roleId)
      .execute()
    await refused(member.token, /taken from you: sign in again, or switch/)
  })

  it('ends the session when the role is disabled, or the user disabled or locked', async () => {
    const disabledRole = await signInMember(app, TENANT_A, [])
    await works(disabledRole.token)
    await app.db
      .updateTable('iamRole')
      .set({ enabledFlag: 0 })
      .where('id', '=', disabledRole.roleId)
      .execute()
    await refused(disabledRole.token, /was disabled: sign in again/)

    const disabledUser = await signInMember(app, TENANT_A, [])
    await works(disabledUser.token)
    await app.db
      .updateTable('iamUser')
      .set({ enabledFlag: 0 })
      .where('id', '=', disabledUser.userId)
      .execute()
    await refused(disabledUser.token, /account was disabled/)

    const lockedUser = await signInMember(app, TENANT_A, [])
    await app.db
      .updateTable('iamUser')
      .set({ lockedUntil: clock + 60_000 })
      .where('id', '=', lockedUser.userId)
      .execute()
    await refused(lockedUser.token, /account is locked/)
  })

  it('ends the session when the role is moved to another tenant', async () => {
    const member = await signInMember(app, TENANT_A, [])
    await app.db.updateTable('iamRole').set({ tenantId: 2 }).where('id', '=', member.roleId).execute()
    await refused(member.token, /does not belong to the session's tenant/)
  })
})

describe('sign-in answers alike for unknown names, and locks per name and source', () => {
  const from = (address: string, login: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/oauth/login',
      remoteAddress: address,
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        username: login,
        password,
        client_id: 'localhost',
        redirect_uri: `${TEST_ORIGIN}/`,
        language: 'en_US',
      }).toString(),
    })
  const text = (body: string, login: string) =>
    body.replaceAll(login, '<name>').replace(/<div class="error"[^>]*>([^<]*)</, '$1<')

  it('gives an unknown name the same status and message as a known one, attempt by attempt', async () => {
    clock += 3600_000
    for (let attempt = 1; attempt <= 6; attempt++) {
      const known = await from('10.1.0.1', 'clerk', 'not-the-password')
      const unknown = await from('10.1.0.1', 'nobody-such', 'not-the-password')
      expect(unknown.statusCode, `attempt ${attempt}`).toBe(known.statusCode)
      expect(text(unknown.body, 'nobody-such'), `attempt ${attempt}`).toBe(text(known.body, 'clerk'))
      if (attempt === 4) expect(known.body).toContain('1 more wrong password(s) lock the account')
      if (attempt >= 5) expect(known.body).toContain('The account is locked for 10 minutes')
    }
  })

  it('does not let a stranger lock the owner out from elsewhere, admin included', async () => {
    clock += 3600_000
    for (let i = 0; i < 5; i++) await from('10.2.0.66', 'admin', 'guess')
    const stranger = await from('10.2.0.66', 'admin', 'Admin@123')
    expect(stranger.statusCode).toBe(200)
    expect(stranger.body).toContain('The account is locked')
    const owner = await from('10.2.0.1', 'admin', 'Admin@123')
    expect(owner.statusCode).toBe(302)
    clock += 11 * 60_000
    expect((await from('10.2.0.66', 'admin', 'Admin@123')).statusCode).toBe(302)
  })

  it('bounds a guesser using many addresses, without locking the owner’s known address', async () => {
    clock += 3600_000
    expect((await from('10.3.0.1', 'manager', 'Manager@123')).statusCode).toBe(302)
    const ceiling = 5 * ACCOUNT_CEILING_FACTOR
    for (let i = 0; i < ceiling; i++)
      await from(`10.3.${1 + Math.floor(i / 200)}.${10 + (i % 200)}`, 'manager', 'x')
    const newAddress = await from('10.3.9.9', 'manager', 'Manager@123')
    expect(newAddress.statusCode).toBe(200)
    expect(newAddress.body).toContain('The account is locked')
    expect((await from('10.3.0.1', 'manager', 'Manager@123')).statusCode).toBe(302)
    clock += 11 * 60_000
    expect((await from('10.3.9.9', 'manager', 'Manager@123')).statusCode).toBe(302)
  }, 240_000)
})

describe('authenticated answers are not cached', () => {
  it('carries Cache-Control: no-store on every authenticated GET of the route table, whatever its status', async () => {
    const token = await signIn(app, 'admin', 'Admin@123')
    const routes = apiRoutes(app).filter((route) => !route.public && route.method === 'GET')
    expect(routes.length).toBeGreaterThan(100)
    for (const route of routes) {
      const response = await app.inject({
        url: fillPath(route.url, { tenantId: TENANT_A, lang: 'en_US' }),
        headers: bearer(token),
      })
      expect(response.headers['cache-control'], `${route.url} ${response.statusCode}`).toBe('no-store')
    }
    const kinds = {
      write: await app.inject({
        method: 'PUT',
        url: '/api/iam/hzero/v1/users/default-language?language=zh_CN',
        headers: bearer(token),
      }),
      'no token': await self({}),
      'other tenant': await app.inject({ url: '/api/wms/v1/2/warehouses', headers: bearer(token) }),
      'xlsx download': await app.inject({
        url: `/api/himp/v1/${TENANT_A}/import-templates/WMDM.WAREHOUSE/excel`,
        headers: bearer(token),
      }),
    }
    for (const [kind, response] of Object.entries(kinds))
      expect(response.headers['cache-control'], kind).toBe('no-store')
    expect(kinds['xlsx download'].statusCode).toBe(200)
    // Every GET route of the app (~600 requests): minutes on a busy 2-core machine.
  }, 600_000)
})

describe('malformed tokens are a clean 401, never a 500', () => {
  const forms: Array<[string, Record<string, string>]> = [
    ['non-ASCII bearer', { authorization: 'bearer tökén' }],
    ['non-ASCII bearer (UTF-8 bytes as latin1)', { authorization: 'bearer t\u00c3\u00b6ken' }],
    ['overlong bearer', { authorization: `bearer ${'a'.repeat(5000)}` }],
    ['bearer without token', { authorization: 'bearer' }],
    ['bearer with two tokens', { authorization: 'bearer abc def' }],
    ['bearer with a quote', { authorization: 'bearer "abc"' }],
    ['bearer with a control character', { authorization: 'bearer abc\u0001def' }],
    ['bad percent-encoding in the cookie', { cookie: 'access_token=%E0%A4%A' }],
    ['lone percent in the cookie', { cookie: 'access_token=%' }],
    ['non-ASCII cookie', { cookie: 'access_token=%C3%A9t%C3%A9' }],
    ['overlong cookie', { cookie: `access_token=${'b'.repeat(5000)}` }],
    ['cookie with a control character', { cookie: 'access_token=abc%01def' }],
    ['cookie with NUL', { cookie: 'access_token=abc%00' }],
  ]
  it.each(forms)(
    '%s',
    async (_form, headers) => {
      const routes = apiRoutes(app).filter((route) => !route.public)
      for (const route of routes.filter((_r, i) => i % 7 === 0)) {
        const response = await app.inject({
          method: route.method as 'GET',
          url: fillPath(route.url, { tenantId: TENANT_A, lang: 'en_US' }),
          headers: { host: HOST, origin: TEST_ORIGIN, ...headers },
          ...(isMutating(route) ? { payload: {} } : {}),
        })
        const body = expectEnvelope(response, [401])
        expect(body.code, `${route.method} ${route.url}`).toBe('error.unauthorized')
      }
      expect((await app.inject({ url: '/api/oauth/public/is-online', headers })).statusCode).toBe(200)
    },
    120_000,
  )
})
