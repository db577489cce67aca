import type { FastifyInstance } from 'fastify'
import type { OpenAPIV3 } from 'openapi-types'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../../server/plugins/security-headers.ts'
import { createTestApp } from '../../server/testing.ts'

/** Issue 10 "API users": the OpenAPI document and the browsable reference, both without a token. */
let app: FastifyInstance
let document: OpenAPIV3.Document

beforeAll(async () => {
  app = await createTestApp()
  const response = await app.inject({ url: '/api/docs/openapi.json' })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  document = response.json()
})
afterAll(() => app.close())

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'put', 'post', 'delete', 'patch'] as const)
      .filter((method) => item?.[method])
      .map((method) => ({ path, method, operation: item![method]! })),
  )

describe('OpenAPI document at /api/docs/openapi.json', () => {
  it('is an OpenAPI 3 document: version, info, paths of operations with responses', () => {
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/)
    expect(document.info.title).toBeTruthy()
    expect(document.info.version).toBeTruthy()
    expect(operations().length).toBeGreaterThan(50)
    for (const { path, operation } of operations()) {
      expect(path).toMatch(/^\/api\//)
      expect(path).not.toMatch(/:\w/) // path parameters in OpenAPI's {name} form
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0)
      for (const parameter of operation.parameters ?? []) {
        if ('$ref' in parameter) continue
        expect(['query', 'path', 'header', 'cookie']).toContain(parameter.in)
        if (parameter.in === 'path') expect(path).toContain(`{${parameter.name}}`)
      }
    }
  })

  it('resolves every $ref inside the document', () => {
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? []
    expect(refs.length).toBeGreaterThan(0)
    for (const ref of new Set(refs)) {
      const pointer = ref.slice(8, -1)
      expect(pointer).toMatch(/^#\//)
      const target = pointer
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document)
      expect(target, pointer).toBeDefined()
    }
  })

  it('lists the warehouse list route with its paging and search query parameters', () => {
    const list = document.paths['/api/wms/v1/{tenantId}/warehouses']?.get
    expect(list).toBeDefined()
    const names = (list!.parameters ?? []).map((p) => ('name' in p ? `${p.in}:${p.name}` : ''))
    expect(names).toEqual(expect.arrayContaining(['path:tenantId', 'query:page', 'query:size', 'query:sort']))
    const page = list!.parameters!.find((p) => 'name' in p && p.name === 'page') as OpenAPIV3.ParameterObject
    expect(page.description).toMatch(/0-based/)
    expect(list!.tags).toEqual(['wms'])
  })

  it('describes the error envelope once and refers to it from every operation', () => {
    const envelope = document.components?.schemas?.ErrorEnvelope as OpenAPIV3.SchemaObject
    expect(envelope.required).toEqual(['failed', 'code', 'message', 'type'])
    expect(Object.keys(envelope.properties ?? {})).toEqual(
      expect.arrayContaining(['failed', 'code', 'message', 'type', 'requestId', 'fields']),
    )
    for (const { operation } of operations()) {
      expect(operation.responses['400']).toEqual({ $ref: '#/components/responses/BadRequest' })
    }
    expect(document.info.description).toMatch(/page.*0-based/)
  })

  it('marks public routes as needing no token and the others as bearer', () => {
    expect(document.security).toEqual([{ bearer: [] }])
    expect(document.paths['/api/oauth/login']?.post?.security).toEqual([])
    expect(document.paths['/api/wms/v1/{tenantId}/warehouses']?.get?.security).toBeUndefined()
  })

  it('leaves out the app and the reference itself', () => {
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false)
  })
})

describe('reference at /api/docs', () => {
  it('answers HTML without a token under the strict CSP: no inline script, no eval', async () => {
    const response = await app.inject({ url: '/api/docs' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(response.headers['content-security-policy']).not.toMatch(
      /unsafe-eval|unsafe-inline'[^;]*;.*script/,
    )
    expect(response.body).toContain('swagger-initializer.js')
    // Every script is a file of the same origin (script-src 'self').
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  })

  it('serves the initializer, which points the page at the document', async () => {
    const response = await app.inject({ url: '/api/docs/static/swagger-initializer.js' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain("resolveUrl('./json')")
    const json = await app.inject({ url: '/api/docs/json' })
    expect(json.json().openapi).toBe(document.openapi)
  })
})
