import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../server/testing.ts'
import { expectEnvelope } from './support/security.ts'

/**
 * The public stock query (GET /api/wms/v1/pub/{tenantId}/stock-query, server/modules/winv/routes-public.ts):
 * no token, clear errors for a bad query, and the public rate limit per client address (a small limit here).
 */
let app: FastifyInstance
const query = (code: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'GET',
    url: `/api/wms/v1/pub/1/stock-query?code=${encodeURIComponent(code)}`,
    remoteAddress,
  })

beforeAll(async () => {
  app = await createTestApp({ publicRateLimit: { signInPerMinute: 10, perMinute: 4 } })
})
afterAll(() => app.close())

describe('public stock query', () => {
  it('answers a seeded goods by barcode, a bad query with a message, and 429 in the envelope past the limit', async () => {
    const found = await query('6900000000001')
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json()[0]).toMatchObject({ goodsCode: 'SKU00001', uomCode: expect.any(String) })

    const unknown = expectEnvelope(await query('NO-SUCH-GOODS'), [404])
    expect(unknown.message).toBe(
      "No goods with code or barcode 'NO-SUCH-GOODS': check the code printed on the label.",
    )
    const blank = expectEnvelope(await query('   '), [400])
    expect(blank.message).toContain('give a goods code or barcode')
    expectEnvelope(await query('x'.repeat(61)), [400])

    // the fifth public request of this address in the minute
    const limited = await query('6900000000001')
    const body = expectEnvelope(limited, [429])
    expect(body.code).toBe('error.too_many_requests')
    expect(body.message).toMatch(
      /^Too many requests to \/api\/wms\/v1\/pub\/:tenantId\/stock-query from your address \(4 a minute\): wait \d+ s and try again\.$/,
    )
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.body).not.toContain('SKU00001')

    // another address has its own counter
    expect((await query('6900000000001', '127.0.0.2')).statusCode).toBe(200)
  })
})
