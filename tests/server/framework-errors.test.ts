import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, signIn } from '../../server/testing.ts'
import { signInMember, TENANT_A } from './support/security.ts'

/**
 * What the framework refuses before a handler runs answers the product's error envelope, in the caller's
 * language (issue 21): the session's language when signed in, else Accept-Language. Oversized headers and
 * unknown methods never reach Fastify: tests/server/request-bounds.test.ts sends those over a socket.
 */
let app: FastifyInstance
/** Tokens of a user whose language is zh_CN (admin) and of one whose language is en_US. */
const tokens: Record<'zh' | 'en', string> = { zh: '', en: '' }

beforeAll(async () => {
  app = await createTestApp()
  tokens.zh = await signIn(app, 'admin', 'Admin@123')
  tokens.en = (await signInMember(app, TENANT_A, [])).token
  const english = await app.inject({
    method: 'PUT',
    url: '/api/iam/hzero/v1/users/default-language?language=en_US',
    headers: { authorization: `bearer ${tokens.en}` },
  })
  expect(english.statusCode).toBe(200)
})
afterAll(() => app.close())

const json = { 'content-type': 'application/json' }
const cases = [
  {
    what: 'a path segment over 100 characters',
    request: { method: 'GET', url: `/api/wms/v1/1/warehouses/${'9'.repeat(101)}` },
    status: 414,
    code: 'error.path_too_long',
    zh: /超过 100 个字符/,
  },
  {
    what: 'a path that is not valid percent-encoding',
    request: { method: 'GET', url: '/api/wms/v1/1/warehouses/%E0%A4%A' },
    status: 400,
    code: 'error.bad_url',
    zh: /URL 无效/,
  },
  {
    what: 'a method no route has',
    request: { method: 'PATCH', url: '/api/wms/v1/1/warehouses' },
    status: 404,
    code: 'error.not_found',
    zh: /没有接口 PATCH/,
  },
  {
    what: 'a missing route',
    request: { method: 'GET', url: '/api/wms/v1/1/no-such-thing' },
    status: 404,
    code: 'error.not_found',
    zh: /没有接口 GET/,
  },
  {
    what: 'a body that is not JSON',
    request: { method: 'POST', url: '/api/wms/v1/1/warehouses', headers: json, payload: '{"warehouseCode":' },
    status: 400,
    code: 'error.invalid_json',
    zh: /不是有效的 JSON/,
  },
  {
    what: 'an empty JSON body',
    request: { method: 'POST', url: '/api/wms/v1/1/warehouses', headers: json, payload: '' },
    status: 400,
    code: 'error.empty_json',
    zh: /请求体为空/,
  },
  {
    what: 'a content type nobody parses',
    request: {
      method: 'POST',
      url: '/api/wms/v1/1/warehouses',
      headers: { 'content-type': 'application/xml' },
      payload: '<warehouse/>',
    },
    status: 415,
    code: 'error.media_type',
    zh: /不接受 Content-Type application\/xml/,
  },
  {
    what: 'a body over the body limit',
    request: {
      method: 'POST',
      url: '/api/wms/v1/1/warehouses',
      headers: json,
      payload: JSON.stringify({ warehouseName: 'x'.repeat(2 * 1024 * 1024) }),
    },
    status: 413,
    code: 'error.body_too_large',
    zh: /请求体超过 \d+ 字节/,
  },
] as const

describe('framework errors', () => {
  it.each(cases)('answers $what with $status and the envelope in English and Chinese', async (c) => {
    // Before a route: the Accept-Language decides. A body is read after the sign-in check: the user's language
    // decides (the header says the other language, to show it is not the one read).
    const beforeRoute = !('headers' in c.request)
    for (const [language, pattern] of [
      ['en', /\w+ \w+ \w+/],
      ['zh', c.zh],
    ] as const) {
      const headers = beforeRoute
        ? { 'accept-language': language === 'zh' ? 'zh-CN,zh;q=0.9' : 'en-US' }
        : {
            ...c.request.headers,
            authorization: `bearer ${tokens[language]}`,
            'accept-language': language === 'zh' ? 'en-US' : 'zh-CN',
          }
      const response = await app.inject({ ...c.request, headers } as InjectOptions)
      expect(response.statusCode, response.body).toBe(c.status)
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      const body = response.json()
      expect(body).toMatchObject({ failed: true, type: 'error', code: c.code })
      expect(body.message).toMatch(pattern)
      if (language === 'en') expect(body.message).toMatch(/:/)
    }
  })
})
