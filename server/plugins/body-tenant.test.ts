import { describe, expect, it } from 'vitest'
import { otherTenantInBody } from './auth.ts'

/** Which tenant a body names (auth.ts): the rows of every write shape, and nothing deeper. */
describe('otherTenantInBody', () => {
  it('finds another tenant at the top, in a batch row and in a with-lines header or line row', () => {
    expect(otherTenantInBody({ name: 'x', tenantId: 2 }, 1)).toEqual({ where: 'body/tenantId', named: 2 })
    expect(otherTenantInBody({ tenantId: '2' }, 1)).toEqual({ where: 'body/tenantId', named: '2' })
    expect(otherTenantInBody([{ tenantId: 1 }, { tenantId: 0 }], 1)).toEqual({
      where: 'body/1/tenantId',
      named: 0,
    })
    expect(otherTenantInBody({ header: { tenantId: 2 }, lines: [] }, 1)).toEqual({
      where: 'body/header/tenantId',
      named: 2,
    })
    expect(otherTenantInBody({ header: {}, lines: [{ key: 'a', rows: [{}, { tenantId: 3 }] }] }, 1)).toEqual({
      where: 'body/lines/0/rows/1/tenantId',
      named: 3,
    })
  })

  it('accepts the current tenant, an absent or null one, and tenant ids inside other data', () => {
    expect(otherTenantInBody({ tenantId: 1 }, 1)).toBeUndefined()
    expect(otherTenantInBody({ tenantId: '1' }, 1)).toBeUndefined()
    expect(otherTenantInBody({ tenantId: null, name: 'x' }, 1)).toBeUndefined()
    expect(otherTenantInBody([{}, { tenantId: 1 }], 1)).toBeUndefined()
    expect(otherTenantInBody({ params: { tenantId: 2 } }, 1)).toBeUndefined()
    expect(otherTenantInBody({ header: { tenantId: 1 }, lines: [null, { rows: 'x' }] }, 1)).toBeUndefined()
    expect(otherTenantInBody(undefined, 1)).toBeUndefined()
    expect(otherTenantInBody('tenantId', 1)).toBeUndefined()
  })
})
