/**
 * Sorting and seeding of wave picking tasks (server/modules/outbound/sorting.ts): sortingStatus
 * WAITING → sort → SORTED → seed → SEEDED, only for PICKED tasks of a wave, only along the transitions,
 * each guarded by its permission code; an order picked in a wave is packed and shipped only once its tasks
 * are seeded, an order picked on its own has no sorting step.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Method, createTestApp, injectAs, signIn } from '../../server/testing.ts'

type Row = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON rows of the API

let app: FastifyInstance
const tokens: Record<string, string> = {}
const api = '/api/wms/v1/1'
const tasks = `${api}/outbound-tasks`
let warehouseId: number
let goods: Row

beforeAll(async () => {
  app = await createTestApp()
  tokens.admin = await signIn(app, 'admin', 'Admin@123')
  tokens.jxs = await signIn(app, 'jxs', 'Jxs@12345')
  warehouseId = (await get(`${api}/warehouses?warehouseCode=WH-E001`)).content[0].warehouseId
  goods = (await get(`${api}/goods?goodsCode=SKU00003`)).content[0]
})
afterAll(() => app.close())

const call = (method: Method, url: string, payload?: unknown, user = 'admin') =>
  injectAs(app, tokens[user]!, method, url, payload)
const get = async (url: string) => (await call('GET', url)).json()
const taskAct = async (task: Row, action: string, user = 'admin') =>
  call('POST', `${tasks}/${task.taskId}/${action}`, await get(`${tasks}/${task.taskId}`), user)

async function order(orderType: string) {
  const created = await call('POST', `${api}/outbound-orders/with-lines`, {
    header: {
      orderType,
      warehouseId,
      ownerId: goods.ownerId,
      customerName: 'Sorting customer',
      receiverName: 'Zhao',
      receiverPhone: '13800000002',
      receiverAddress: 'Road 3',
    },
    lines: [
      {
        key: 'lines',
        resource: 'outbound-lines',
        parentField: 'outboundOrderId',
        rows: [
          { _status: 'create', lineNum: 1, goodsId: goods.goodsId, goodsCode: goods.goodsCode, quantity: 2 },
        ],
      },
    ],
  })
  expect(created.statusCode, created.body).toBe(200)
  const row = created.json().header
  const submitted = await call('POST', `${api}/outbound-orders/${row.outboundOrderId}/submit`, row)
  expect(submitted.statusCode, submitted.body).toBe(200)
  return submitted.json() as Row
}

/**
 * `count` new orders in a released wave of their own: of a type no seeded SUBMITTED order has, so the wave takes
 * exactly these. Answers the orders, the wave and the release's answer.
 */
async function releasedWave(mouldCode: string, mouldName: string, count: number) {
  const waiting: Row[] = (await get(`${api}/outbound-orders?orderStatus=SUBMITTED&size=500`)).content
  const orderType = ['ECO', 'PROCUREMENT', 'NORMAL'].find((t) => !waiting.some((o) => o.orderType === t))!
  const orders: Row[] = []
  for (let i = 0; i < count; i++) orders.push(await order(orderType))
  const mould = await call('POST', `${api}/wave-moulds`, {
    mouldCode,
    mouldName,
    warehouseId,
    orderType,
    maxOrders: count,
  })
  expect(mould.statusCode, mould.body).toBe(201)
  const wave = (
    await call('POST', `${api}/wave-orders`, { mouldId: mould.json().mouldId, warehouseId })
  ).json() as Row
  const released = await call('POST', `${api}/wave-orders/${wave.waveId}/release`, wave)
  expect(released.statusCode, released.body).toBe(200)
  return { orders, wave, released }
}

describe('sorting and seeding of wave tasks', () => {
  it('walks a picked wave task WAITING → SORTED → SEEDED and refuses every other move', async () => {
    const { orders, wave, released } = await releasedWave('TEST-SORT', 'Sorting test', 1)
    const mine = orders[0]!
    const [task] = (await get(`${tasks}?outboundOrderId=${mine.outboundOrderId}`)).content as Row[]
    expect(task).toMatchObject({ taskStatus: 'OPEN', sortingStatus: 'WAITING', waveId: wave.waveId })

    const tooEarly = await taskAct(task!, 'sort')
    expect(tooEarly.statusCode).toBe(409)
    expect(tooEarly.json().message).toMatch(
      /is OPEN: only a PICKED task can be sorted; pick its order or wave first/,
    )
    expect((await taskAct(task!, 'seed')).statusCode).toBe(409) // seed needs SORTED

    const picked = await call('POST', `${api}/wave-orders/${wave.waveId}/pick`, released.json())
    expect(picked.statusCode, picked.body).toBe(200)
    expect((await taskAct(task!, 'sort', 'jxs')).statusCode).toBe(403)
    const sorted = await taskAct(task!, 'sort')
    expect(sorted.statusCode, sorted.body).toBe(200)
    expect(sorted.json()).toMatchObject({ sortingStatus: 'SORTED', taskStatus: 'PICKED' })
    expect(sorted.json().sortedDate).toBeTruthy()
    const twice = await taskAct(task!, 'sort')
    expect(twice.statusCode).toBe(409)
    expect(twice.json().message).toMatch(/SORTED/)
    const seeded = await taskAct(task!, 'seed')
    expect(seeded.statusCode, seeded.body).toBe(200)
    expect(seeded.json()).toMatchObject({ sortingStatus: 'SEEDED' })
    expect(seeded.json().seededDate).toBeTruthy()
    expect((await taskAct(task!, 'seed')).statusCode).toBe(409)
  })

  it('refuses to sort a task picked outside a wave', async () => {
    const single = await order('NORMAL')
    for (const action of ['allocate', 'pick']) {
      const current = await get(`${api}/outbound-orders/${single.outboundOrderId}`)
      const moved = await call('POST', `${api}/outbound-orders/${single.outboundOrderId}/${action}`, current)
      expect(moved.statusCode, moved.body).toBe(200)
    }
    const [task] = (await get(`${tasks}?outboundOrderId=${single.outboundOrderId}`)).content as Row[]
    const refused = await taskAct(task!, 'sort')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/not in a wave/)
    expect((await get(`${tasks}/${task!.taskId}`)).sortingStatus).toBe('WAITING')
    // no sorting step outside a wave: packed and shipped with the task still WAITING
    for (const [action, extra] of [
      ['pack', { weight: 1 }],
      ['ship', {}],
    ] as const) {
      const current = await get(`${api}/outbound-orders/${single.outboundOrderId}`)
      const moved = await call('POST', `${api}/outbound-orders/${single.outboundOrderId}/${action}`, {
        ...current,
        ...extra,
      })
      expect(moved.statusCode, moved.body).toBe(200)
    }
  })

  it('packs and ships an order picked in a wave only once its tasks are sorted and seeded', async () => {
    const { orders, wave, released } = await releasedWave('TEST-SORT-SHIP', 'Sorting before shipping', 1)
    const mine = orders[0]!
    const picked = await call('POST', `${api}/wave-orders/${wave.waveId}/pick`, released.json())
    expect(picked.statusCode, picked.body).toBe(200)
    const id = mine.outboundOrderId
    const orderAct = async (action: string, extra: Row = {}) =>
      call('POST', `${api}/outbound-orders/${id}/${action}`, {
        ...(await get(`${api}/outbound-orders/${id}`)),
        ...extra,
      })
    const [task] = (await get(`${tasks}?outboundOrderId=${id}`)).content as Row[]
    expect(task).toMatchObject({ taskStatus: 'PICKED', sortingStatus: 'WAITING' })
    const packs = async () => (await get(`${api}/outbound-packs?outboundOrderId=${id}`)).content as Row[]

    // not sorted: the pack is refused with the tasks left and where to finish them; nothing changes
    const unsorted = await orderAct('pack', { weight: 1 })
    expect(unsorted.statusCode).toBe(409)
    expect(unsorted.json()).toMatchObject({ code: 'error.sorting_pending' })
    expect(unsorted.json().message).toBe(
      `Order ${String(mine.orderNum)} was picked in wave ${String(wave.waveNum)} (slot 1): it can be packed only once its units are sorted and seeded into its slot; 1 task(s) not seeded yet (${String(task!.taskNum)} WAITING). Seed them on /winv/sortingSeeding (sort the WAITING ones on /winv/outboundSorting first).`,
    )
    expect((await get(`${api}/outbound-orders/${id}`)).orderStatus).toBe('PICKED')
    expect(await packs()).toEqual([])

    // sorted but not seeded: still refused, now only the seeding is asked for
    expect((await taskAct(task!, 'sort')).statusCode).toBe(200)
    const unseeded = await orderAct('pack', { weight: 1 })
    expect(unseeded.statusCode).toBe(409)
    expect(unseeded.json().message).toMatch(/\(\S+ SORTED\)\. Seed them on \/winv\/sortingSeeding\.$/)

    // seeded: packed and shipped
    expect((await taskAct(task!, 'seed')).statusCode).toBe(200)
    const packed = await orderAct('pack', { weight: 1 })
    expect(packed.statusCode, packed.body).toBe(200)
    expect(packed.json().orderStatus).toBe('PACKED')

    // ship checks it again (an order packed before sorting was required): refused, then shipped once seeded
    await sql`update winv_outbound_task set sorting_status = 'SORTED' where task_id = ${task!.taskId}`.execute(
      app.db,
    )
    const early = await orderAct('ship')
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toMatch(/it can be shipped only once its units are sorted and seeded/)
    expect((await get(`${api}/outbound-orders/${id}`)).orderStatus).toBe('PACKED')
    expect((await taskAct(task!, 'seed')).statusCode).toBe(200)
    const shipped = await orderAct('ship')
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect(shipped.json().orderStatus).toBe('SHIPPED')
  })

  it('an order of a wave picked on its own needs no sorting: packed at once, and the wave PICKED with its last order', async () => {
    const { orders, wave } = await releasedWave('TEST-SORT-ALONE', 'One order picked on its own', 2)
    const [alone, other] = [orders[0]!, orders[1]!]
    const orderAct = async (id: number, action: string, extra: Row = {}) =>
      call('POST', `${api}/outbound-orders/${id}/${action}`, {
        ...(await get(`${api}/outbound-orders/${id}`)),
        ...extra,
      })
    const waveNow = async () => (await get(`${api}/wave-orders/${wave.waveId}`)) as Row

    // the first order picked on its own: its task needs no sorting, so it packs at once; the wave waits
    expect((await orderAct(alone.outboundOrderId, 'pick')).statusCode).toBe(200)
    const [task] = (await get(`${tasks}?outboundOrderId=${alone.outboundOrderId}`)).content as Row[]
    expect(task).toMatchObject({ taskStatus: 'PICKED', sortingStatus: 'NOT_REQUIRED', waveId: wave.waveId })
    const sort = await taskAct(task!, 'sort')
    expect(sort.statusCode).toBe(409)
    expect(sort.json().message).toMatch(/NOT_REQUIRED/)
    expect((await waveNow()).waveStatus).toBe('RELEASED')
    const packed = await orderAct(alone.outboundOrderId, 'pack', { weight: 1 })
    expect(packed.statusCode, packed.body).toBe(200)

    // the other order is picked on its own too: no ALLOCATED order is left, so the wave is PICKED
    expect((await orderAct(other.outboundOrderId, 'pick')).statusCode).toBe(200)
    expect((await waveNow()).waveStatus).toBe('PICKED')
  })
})
