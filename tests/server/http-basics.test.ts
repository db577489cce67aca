import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let token: string
const staticDir = mkdtempSync(join(tmpdir(), 'wms-static-'))

beforeAll(async () => {
  mkdirSync(join(staticDir, 'assets'))
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><title>app</title><script type="module" src="/assets/app-1a2b.js"></script>',
  )
  writeFileSync(join(staticDir, 'assets', 'app-1a2b.js'), 'console.log(1)')
  app = await createTestApp({ staticDir })
  token = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(async () => {
  await app.close()
  rmSync(staticDir, { recursive: true, force: true })
})

describe('error envelope', () => {
  it('echoes H-Request-Id and never leaks a stack', async () => {
    const response = await app.inject({
      url: '/api/iam/hzero/v1/no-such-thing',
      headers: { ...bearer(token), 'h-request-id': 'req-42' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({
      failed: true,
      code: 'error.not_found',
      type: 'error',
      requestId: 'req-42',
    })
    expect(response.body).not.toMatch(/at .*\.ts:\d+/)
  })

  it('answers malformed JSON and wrong query types with 400 envelopes', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/wms/v1/1/warehouses',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"warehouseCode":',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().failed).toBe(true)
    const query = await app.inject({ url: '/api/wms/v1/1/warehouses?page=first', headers: bearer(token) })
    expect(query.statusCode).toBe(400)
    expect(query.json().fields).toHaveProperty('page')
  })
})

describe('static app', () => {
  it('serves index.html for app routes with the CSP and no-cache, assets cached long', async () => {
    const page = await app.inject({ url: '/wmdm/warehouse', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<title>app</title>')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.headers['content-security-policy']).toContain("default-src 'self'; script-src 'self'")
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN')
    const asset = await app.inject({ url: '/assets/app-1a2b.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    expect(asset.headers['x-content-type-options']).toBe('nosniff')
  })

  it('never falls back to the app for /api paths or non-HTML requests', async () => {
    const api = await app.inject({ url: '/api/unknown', headers: { accept: 'text/html' } })
    expect(api.statusCode).toBe(404)
    expect(api.json().failed).toBe(true)
    expect((await app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } })).statusCode).toBe(404)
  })
})

describe('security headers', () => {
  it('are on every kind of answer: app page, asset, sign-in page, redirect, 401, 404, 400, API JSON and binary', async () => {
    const answers = {
      'app page': await app.inject({ url: '/wmdm/warehouse', headers: { accept: 'text/html' } }),
      asset: await app.inject({ url: '/assets/app-1a2b.js' }),
      'missing asset': await app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } }),
      'sign-in page': await app.inject({
        url: '/api/oauth/oauth/authorize?response_type=token&client_id=localhost&redirect_uri=http%3A%2F%2Flocalhost%3A8080%2F',
        headers: { host: 'localhost:8080' },
      }),
      'logout redirect': await app.inject({ url: '/api/oauth/logout' }),
      'no token': await app.inject({ url: '/api/iam/hzero/v1/users/self' }),
      'unknown API': await app.inject({ url: '/api/unknown' }),
      'bad JSON': await app.inject({
        method: 'POST',
        url: '/api/wms/v1/1/warehouses',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{',
      }),
      'API JSON': await app.inject({ url: '/api/wms/v1/1/warehouses', headers: bearer(token) }),
      'xlsx download': await app.inject({
        url: '/api/himp/v1/1/import-templates/WMDM.WAREHOUSE/excel',
        headers: bearer(token),
      }),
    }
    for (const [kind, answer] of Object.entries(answers)) {
      expect(answer.headers['x-content-type-options'], kind).toBe('nosniff')
      expect(answer.headers['x-frame-options'], kind).toBe('SAMEORIGIN')
      expect(answer.headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin')
      if (String(answer.headers['content-type']).startsWith('text/html'))
        expect(answer.headers['content-security-policy'], kind).toMatch(/script-src 'self'(;|$)/)
      expect(String(answer.headers['content-security-policy'] ?? ''), kind).not.toMatch(/unsafe-eval/)
    }
    expect(answers['sign-in page'].statusCode).toBe(200)
    expect(answers['logout redirect'].statusCode).toBe(302)
    expect(answers['no token'].statusCode).toBe(401)
    expect(answers['bad JSON'].statusCode).toBe(400)
  })
})
