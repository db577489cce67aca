/**
 * Dynamic forms take effect (server/modules/hpfm/dynamic-forms.ts): the definition endpoint a DynamicForm field
 * reads, and the check of the values a record keeps in a field that follows a form (the file storage config's
 * extraParams follow HFLE.STORAGE_EXTRA).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storagePrefixFor } from '../../server/modules/hfle/storage-routing.ts'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

let app: FastifyInstance
let admin: string
let clerk: string

beforeAll(async () => {
  app = await createTestApp()
  admin = await signIn(app, 'admin', 'Admin@123')
  clerk = await signIn(app, 'clerk', 'Clerk@123')
})
afterAll(() => app.close())

const call = (method: Method, url: string, payload?: unknown) => injectAs(app, admin, method, url, payload)
const storages = '/api/hfle/v1/1/storage-configs'
let n = 0
const storage = (extraParams: unknown) =>
  call('POST', storages, {
    storageCode: `DYN_${++n}`,
    storageType: 'LOCAL',
    enabledFlag: 1,
    defaultFlag: 0,
    extraParams,
  })

async function formHeader(code: string) {
  const page = await call('GET', `/api/hpfm/v1/1/dynamic-form-headers?formCode=${encodeURIComponent(code)}`)
  return (page.json().content as Array<Record<string, unknown>>).find((row) => row.formCode === code)!
}

describe('dynamic form definitions', () => {
  it('answers the seeded form with its enabled items in order, to any user of the tenant', async () => {
    const answer = await injectAs(app, clerk, 'GET', '/api/hpfm/v1/1/dynamic-forms/HFLE.STORAGE_EXTRA')
    expect(answer.statusCode, answer.body).toBe(200)
    const definition = answer.json()
    expect(definition).toMatchObject({ formCode: 'HFLE.STORAGE_EXTRA', enabledFlag: 1, formCategory: 'HFLE' })
    expect(definition.lines.map((line: { itemCode: string }) => line.itemCode)).toEqual([
      'pathPrefix',
      'storageClass',
      'forcePathStyle',
    ])
    expect(definition.lines[1]).toMatchObject({
      itemType: 'Select',
      lookupCode: 'HFLE.STORAGE_CLASS',
      defaultValue: 'STANDARD',
    })
  })

  it('refuses an unknown form code with 404 naming the closest code', async () => {
    const answer = await call('GET', '/api/hpfm/v1/1/dynamic-forms/HFLE.STORAGE_EXTRAS')
    expect(answer.statusCode).toBe(404)
    expect(answer.json().message).toMatch(
      /Dynamic form 'HFLE.STORAGE_EXTRAS' does not exist: check the form code/,
    )
    expect(answer.json().message).toContain('HFLE.STORAGE_EXTRA')
  })
})

describe('values checked against the form', () => {
  it('keeps good values, typed as the items say', async () => {
    const made = await storage({ pathPrefix: 'wms/', storageClass: 'GLACIER', forcePathStyle: true })
    expect(made.statusCode, made.body).toBe(201)
    expect(made.json().extraParams).toEqual({
      pathPrefix: 'wms/',
      storageClass: 'GLACIER',
      forcePathStyle: 1,
    })
    const read = await call('GET', `${storages}/${made.json().storageConfigId}`)
    expect(read.json().extraParams).toEqual({
      pathPrefix: 'wms/',
      storageClass: 'GLACIER',
      forcePathStyle: 1,
    })
  })

  it('refuses a value outside the value set, a wrong type and an unknown item with 400 naming each', async () => {
    const outside = await storage({ storageClass: 'COLD' })
    expect(outside.statusCode).toBe(400)
    expect(outside.json().message).toContain(
      "extraParams.storageClass (Storage class): 'COLD' is not a value of HFLE.STORAGE_CLASS: choose one of STANDARD, STANDARD_IA, GLACIER",
    )
    expect(outside.json().fields.extraParams).toContain('storageClass')
    const switched = await storage({ forcePathStyle: 'yes' })
    expect(switched.statusCode).toBe(400)
    expect(switched.json().message).toContain(
      'forcePathStyle (Path-style addressing) is a switch: give 1 (on) or 0 (off)',
    )
    const unknown = await storage({ bucketPolicy: 'x' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toContain(
      "'bucketPolicy' is not an item of dynamic form HFLE.STORAGE_EXTRA: remove it",
    )
    const array = await storage(['STANDARD'])
    expect(array.statusCode).toBe(400)
    expect(array.json().message).toMatch(/extraParams must be a JSON object .*: send an object/)
  })

  it('follows the form as it changes: a new required item is asked for, a disabled one is dropped', async () => {
    const header = await formHeader('HFLE.STORAGE_EXTRA')
    const lines = '/api/hpfm/v1/1/dynamic-form-lines'
    const added = await call('POST', lines, {
      formHeaderId: header.formHeaderId,
      itemCode: 'expireDays',
      itemName: 'Keep days',
      itemType: 'InputNumber',
      requiredFlag: 1,
      orderSeq: 40,
    })
    expect(added.statusCode, added.body).toBe(201)
    try {
      const missing = await storage({ storageClass: 'STANDARD' })
      expect(missing.statusCode).toBe(400)
      expect(missing.json().message).toContain('extraParams.expireDays (Keep days) is required: fill it in')
      const text = await storage({ expireDays: 'soon' })
      expect(text.statusCode).toBe(400)
      expect(text.json().message).toContain('expireDays (Keep days) must be a number: give digits')
      const ok = await storage({ expireDays: '30' })
      expect(ok.statusCode, ok.body).toBe(201)
      expect(ok.json().extraParams).toEqual({ expireDays: 30 })
      // Disabled: not asked for, and a value sent for it is not kept.
      const disabled = await call('PUT', lines, { ...added.json<Record<string, unknown>>(), enabledFlag: 0 })
      expect(disabled.statusCode, disabled.body).toBe(200)
      const definition = await call('GET', '/api/hpfm/v1/1/dynamic-forms/HFLE.STORAGE_EXTRA')
      expect(definition.json().lines.map((l: { itemCode: string }) => l.itemCode)).not.toContain('expireDays')
      const dropped = await storage({ expireDays: 5, pathPrefix: 'a/' })
      expect(dropped.statusCode, dropped.body).toBe(201)
      expect(dropped.json().extraParams).toEqual({ pathPrefix: 'a/' })
    } finally {
      const current = await call('GET', `${lines}/${added.json().formLineId}`)
      await call('DELETE', lines, [current.json()])
    }
  })

  it('a storage config saved without extra parameters is still taken (no item is required)', async () => {
    const made = await call('POST', storages, {
      storageCode: `DYN_${++n}`,
      storageType: 'LOCAL',
      enabledFlag: 1,
    })
    expect(made.statusCode, made.body).toBe(201)
  })
})

describe('the storage extra parameters take effect on S3', () => {
  it('new uploads go under the key prefix, objects are put with the storage class; a prefix unfit for keys is refused', async () => {
    const seen: { method: string; url: string; storageClass?: string }[] = []
    const server = createServer((req, res) => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        storageClass: req.headers['x-amz-storage-class'] as string,
      })
      req.resume()
      req.on('end', () => res.writeHead(req.method === 'GET' ? 404 : 200).end())
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as AddressInfo).port
    const s3 = {
      storageType: 'S3',
      endpoint: `http://127.0.0.1:${port}`,
      bucketName: 'dyn-bucket',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      enabledFlag: 1,
      defaultFlag: 1,
    }
    const bad = await call('POST', storages, {
      ...s3,
      storageCode: 'DYN_BAD_PREFIX',
      extraParams: { pathPrefix: '../up' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain(
      "extraParams.pathPrefix (Object key prefix) '../up' cannot start a file key: use folder names",
    )
    const made = await call('POST', storages, {
      ...s3,
      storageCode: 'DYN_S3',
      extraParams: { pathPrefix: '/wms/archive/', storageClass: 'GLACIER', forcePathStyle: 1 },
    })
    expect(made.statusCode, made.body).toBe(201)
    const id = made.json().storageConfigId as number
    try {
      expect(await storagePrefixFor(app.db, 1)).toBe(`s3-${id}/wms/archive/`)
      // The storage test puts, reads and removes an object through the config's store: the put carries the class.
      await call('POST', `/api/hfle/v1/1/storage-tests/${id}`, {})
      const put = seen.find((request) => request.method === 'PUT')
      expect(put).toMatchObject({ storageClass: 'GLACIER' })
      expect(put?.url).toMatch(/^\/dyn-bucket\/wms-storage-test\//)
    } finally {
      const current = await call('GET', `${storages}/${id}`)
      await call('DELETE', storages, [current.json()])
      server.close()
    }
  })
})
