import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextCode } from '../../server/modules/hpfm/code-rules.ts'
import { bearer, createTestApp, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let token: string

beforeAll(async () => {
  app = await createTestApp()
  token = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

const get = (url: string, auth = true) => app.inject({ url, headers: auth ? bearer(token) : {} })
const meanings = (rows: Array<{ meaning: string }>) => rows.map((row) => row.meaning)

describe('value sets', () => {
  it('answers the values in each language as bare arrays, in order', async () => {
    const url = (lang: string) => `/api/hpfm/v1/1/lovs/data?lovCode=WMDM.WAREHOUSE_TYPE&lang=${lang}`
    expect(meanings((await get(url('zh_CN'))).json())).toEqual(['普通仓', '保税仓', '冷库', '虚拟仓'])
    expect(meanings((await get(url('en_US'))).json())).toEqual([
      'Normal',
      'Bonded',
      'Cold storage',
      'Virtual',
    ])
    expect(meanings((await get(url('zh_TW'))).json())).toEqual(['普通倉', '保稅倉', '冷庫', '虛擬倉'])
    expect((await get(url('en_US'))).json()[0]).toMatchObject({ value: 'NORMAL', meaning: 'Normal' })
  })

  it('answers [] for an unknown code and keyed lists for a batch', async () => {
    const unknown = await get('/api/hpfm/v1/1/lovs/value?lovCode=NO.SUCH.CODE')
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual([])
    const batch = (
      await get(
        '/api/hpfm/v1/1/lovs/value/batch?flag=HPFM.ENABLED_FLAG&status=WINV.JXS_ORDER_STATUS&none=X.Y&lang=en_US',
      )
    ).json()
    expect(meanings(batch.flag)).toEqual(['Enabled', 'Disabled'])
    expect(batch.status.map((row: { value: string }) => row.value)).toEqual([
      'NEW',
      'SUBMITTED',
      'SHIPPED',
      'CANCELLED',
    ])
    expect(batch.none).toEqual([])
  })

  it('serves the pub batch without a token, and refuses the tenant form without one', async () => {
    const pub = await get('/api/hpfm/v1/pub/lovs/value/batch?languages=HPFM.LANGUAGE', false)
    expect(pub.statusCode).toBe(200)
    expect(pub.json().languages.map((row: { value: string }) => row.value)).toEqual([
      'zh_CN',
      'en_US',
      'zh_TW',
    ])
    expect((await get('/api/hpfm/v1/1/lovs/data?lovCode=HPFM.LANGUAGE', false)).statusCode).toBe(401)
  })
})

describe('prompts', () => {
  it('answers a flat map (empty seed) for a key prefix', async () => {
    const response = await get('/api/hpfm/v1/1/prompt/zh_CN?promptKey=wmdm.warehouse')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({})
  })
})

describe('code rules', () => {
  it('gives distinct consecutive numbers to concurrent callers', async () => {
    const codes = await Promise.all(Array.from({ length: 8 }, () => nextCode(app.db, 2, 'WINV.JXS_OUTBOUND')))
    expect(new Set(codes).size).toBe(8)
    const sequence = codes.map((code) => Number(code.slice(-5))).sort((a, b) => a - b)
    expect(sequence).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    await expect(nextCode(app.db, 1, 'NO.RULE')).rejects.toThrow(/does not exist/)
  })
})
