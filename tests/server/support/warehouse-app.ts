/**
 * The common start of the warehouse document tests (inbound, inventory …): the app on a fresh seeded database,
 * the seed's users signed in, the clerk granted owner OWN-C besides the seed's OWN-A and OWN-B (data
 * permissions), and the lookups and rows those tests make: ids by business key, stock on hand, a checked GET, new goods.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { expect } from 'vitest'
import { createTestApp, injectAs, signIn, type Method } from '../../../server/testing.ts'

export type WarehouseUser = 'admin' | 'clerk' | 'jxs'
const PASSWORDS: Record<WarehouseUser, string> = { admin: 'Admin@123', clerk: 'Clerk@123', jxs: 'Jxs@12345' }

export interface WarehouseApp {
  app: FastifyInstance
  tokens: Partial<Record<WarehouseUser, string>>
  /** A request as one of the signed-in users. */
  call: (user: WarehouseUser, method: Method, url: string, payload?: unknown) => ReturnType<typeof injectAs>
  /** The id of tenant 1's row of wmdm_<table> matching `where` (SQL), e.g. idOf('owner', "owner_code = 'OWN-A'"). */
  idOf: (table: string, where: string) => Promise<number>
  /** Tenant 1's quantity on hand of a goods at a location (and batch), 0 when there is no balance. */
  onHand: (locationId: number, goodsId: number, batchCode?: string) => Promise<number>
  /** A GET as `user` (admin by default) that must answer 200: its JSON. */
  get: (url: string, user?: WarehouseUser) => Promise<Row>
  /** A goods item created by admin: `code`, its name, owner OWN-A, EA, weight 1, then `fields`. */
  newGoods: (code: string, fields?: Row) => Promise<Row>
  /** POSTs `action` of a wms row as `user` (clerk by default), sending the row as it is now with `body` over it. */
  act: (
    resource: string,
    id: number,
    action: string,
    body?: Row,
    user?: WarehouseUser,
  ) => ReturnType<typeof injectAs>
  /** A NEW purchase order (made by the clerk) of one line of `goods`, `quantity`, put away to `to`: its header. */
  inboundOrder: (
    goods: Row,
    quantity: number,
    to: number,
    at: { warehouseId: number; ownerId: number; receivingLocationId: number },
  ) => Promise<Row>
}

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

/** Starts the app (close it with `app.close()` in afterAll) with `users` signed in; admin is always signed in. */
export async function startWarehouseApp(users: WarehouseUser[] = ['admin', 'clerk']): Promise<WarehouseApp> {
  const app = await createTestApp()
  const tokens: WarehouseApp['tokens'] = {}
  for (const user of new Set<WarehouseUser>(['admin', ...users]))
    tokens[user] = await signIn(app, user, PASSWORDS[user])
  const grant = await injectAs(app, tokens.admin!, 'POST', '/api/wms/v1/1/user-owners', {
    userId: 3,
    loginName: 'clerk',
    ownerId: 3,
    ownerCode: 'OWN-C',
  })
  expect(grant.statusCode, grant.body).toBe(201)
  const call: WarehouseApp['call'] = (user, method, url, payload) => {
    const token = tokens[user]
    if (!token) throw new Error(`${user} is not signed in: pass it to startWarehouseApp`)
    return injectAs(app, token, method, url, payload)
  }
  const idOf: WarehouseApp['idOf'] = async (table, where) =>
    (
      await sql
        .raw<{ id: number }>(`select ${table}_id as id from wmdm_${table} where tenant_id = 1 and ${where}`)
        .execute(app.db)
    ).rows[0]!.id
  const ownerA = await idOf('owner', "owner_code = 'OWN-A'")
  const get: WarehouseApp['get'] = async (url, user = 'admin') => {
    const response = await call(user, 'GET', url)
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const api = '/api/wms/v1/1'
  return {
    app,
    tokens,
    call,
    idOf,
    get,
    act: async (resource, id, action, body = {}, user = 'clerk') => {
      const row = await get(`${api}/${resource}/${id}`)
      return call(user, 'POST', `${api}/${resource}/${id}/${action}`, { ...row, ...body })
    },
    inboundOrder: async (goods, quantity, to, at) => {
      const created = await call('clerk', 'POST', `${api}/inbound-orders/with-lines`, {
        header: { orderType: 'PURCHASE', ...at },
        lines: [
          {
            key: 'lines',
            resource: 'inbound-order-lines',
            parentField: 'inboundOrderId',
            rows: [
              { _status: 'create', lineNum: 1, goodsId: goods.goodsId, quantity, putawayLocationId: to },
            ],
          },
        ],
      })
      expect(created.statusCode, created.body).toBe(200)
      return created.json().header as Row
    },
    newGoods: async (code, fields = {}) => {
      const response = await call('admin', 'POST', `${api}/goods`, {
        goodsCode: code,
        goodsName: `${code} name`,
        ownerId: ownerA,
        uomCode: 'EA',
        weight: 1,
        ...fields,
      })
      expect(response.statusCode, response.body).toBeLessThan(300)
      return response.json() as Row
    },
    onHand: async (locationId, goodsId, batchCode = '') =>
      Number(
        (
          await sql<{ quantity: string }>`select quantity from winv_stock where tenant_id = 1
            and location_id = ${locationId} and goods_id = ${goodsId} and batch_code = ${batchCode}`.execute(
            app.db,
          )
        ).rows[0]?.quantity ?? 0,
      ),
  }
}
