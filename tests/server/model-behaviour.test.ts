/**
 * Model behaviour is an explicit, checked list (issue 20): each module exports its transition effects, write
 * guards, row scopes and write hooks as values (`ModelBehaviour`), server/model-behaviour.ts collects them and
 * buildApp takes the list. An entry naming a model key or action no model file declares stops the start,
 * naming where it is declared and the closest real key — instead of being ignored, so a transition ran without
 * its stock move. The key is the model file's name everywhere; `wms/outboundOrder` is refused with
 * `wms/outbound-order`. Each app binds its own list: two apps in one process neither share nor double it.
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import { loadModelFiles } from '../../server/bootstrap.ts'
import { defaultModelBehaviour } from '../../server/model-behaviour.ts'
import { behaviourProblems, modelFileKeys } from '../../server/modules/models/behaviour-check.ts'
import { modelBehaviour, type ModelBehaviour } from '../../server/modules/models/behaviour.ts'
import { createTestApp, injectAs, signIn } from '../../server/testing.ts'

const order: ModelSchema = {
  service: 'wms',
  entity: 'outboundOrder',
  resource: 'outbound-orders',
  table: 'winv_outbound_order',
  primaryKey: 'outboundOrderId',
  fields: [{ name: 'status', type: 'string' }],
  lifecycle: {
    field: 'status',
    initial: 'NEW',
    transitions: [
      { action: 'ship', from: ['PACKED'], to: 'SHIPPED', permission: 'wms.outbound.ship' },
      { action: 'cancel', from: ['NEW'], to: 'CANCELLED', permission: 'wms.outbound.cancel' },
    ],
  },
}
const goods: ModelSchema = {
  ...order,
  entity: 'goods',
  resource: 'goods',
  table: 'wmdm_goods',
  lifecycle: undefined,
}
const effect = async () => {}
const guard = async () => {}

describe('behaviourProblems (pure)', () => {
  const files = new Set(['wms/outbound-order', 'wms/goods', 'wms/carrier'])
  const problems = (list: ModelBehaviour[]) => behaviourProblems(list, [order, goods], files)

  it('accepts entries of declared models and actions, keyed by model file name', () => {
    expect(
      problems([
        { model: 'wms/outbound-order', transitions: { ship: effect, cancel: effect } },
        { model: 'wms/goods', writeGuards: [guard] },
        { model: 'wms/outbound-order', scope: () => [] },
      ]),
    ).toEqual([])
  })

  it('names a misspelt model key, where it is declared and the closest real key', () => {
    expect(
      problems([
        { model: 'wms/outbound-ordr', writeGuards: [guard], at: 'server/modules/outbound/effects.ts:12' },
      ]),
    ).toEqual([
      "server/modules/outbound/effects.ts:12: behaviour of 'wms/outbound-ordr' (write guards): no model file is named 'wms/outbound-ordr.model.json' (did you mean 'wms/outbound-order'? a model's key is its file's name, wms/outbound-order.model.json), or the behaviour never runs.",
    ])
  })

  it("refuses the '<service>/<entity>' spelling, naming the model file's key", () => {
    expect(problems([{ model: 'wms/outboundOrder', scope: () => [] }])).toEqual([
      "behaviour of 'wms/outboundOrder' (a row scope): no model file is named 'wms/outboundOrder.model.json' (did you mean 'wms/outbound-order'? a model's key is its file's name, wms/outbound-order.model.json), or the behaviour never runs.",
    ])
  })

  it('names an action the lifecycle does not declare, and a lifecycle that is missing', () => {
    expect(problems([{ model: 'wms/outbound-order', transitions: { shipp: effect } }])).toEqual([
      "behaviour of 'wms/outbound-order' (transition effects): wms/outbound-order.model.json has no transition 'shipp' (did you mean 'ship'?), so the effect would never run.",
    ])
    expect(problems([{ model: 'wms/goods', transitions: { ship: effect } }])[0]).toContain(
      'wms/goods.model.json has no lifecycle',
    )
  })

  it('leaves a model whose file was refused at load to the load report', () => {
    expect(problems([{ model: 'wms/carrier', writeGuards: [guard] }])).toEqual([])
  })
})

describe('the list of every module', () => {
  it('names only model files and actions that exist, by file name', () => {
    const effects = defaultModelBehaviour.flatMap((entry) => Object.keys(entry.transitions ?? {}))
    expect(effects.length).toBeGreaterThan(45)
    expect(defaultModelBehaviour.flatMap((entry) => entry.writeGuards ?? []).length).toBeGreaterThan(20)
    expect(defaultModelBehaviour.every((entry) => /^[a-z]+\/[a-z0-9-]+$/.test(entry.model))).toBe(true)
    expect(
      behaviourProblems(
        defaultModelBehaviour,
        loadModelFiles('schemas/models'),
        modelFileKeys('schemas/models'),
      ),
    ).toEqual([])
  })
})

/** A counter of the dealer order's `submit`, as its own entry of an app's list. */
function countingSubmit() {
  const counted: number[] = []
  const entry = modelBehaviour({
    model: 'wms/jxs-outbound-order',
    transitions: {
      submit: async ({ row }) => {
        counted.push(Number(row.outboundOrderId))
      },
    },
  })
  return { counted, entry }
}

describe('the start', () => {
  const closers: Array<() => Promise<unknown>> = []
  afterAll(() => Promise.all(closers.map((close) => close())))

  it('stops on a misspelt model key or action of the list, naming it, where and the closest one', async () => {
    const failure = await createTestApp(
      {},
      {
        behaviour: [
          ...defaultModelBehaviour,
          modelBehaviour({ model: 'wms/outbound-ordr', transitions: { ship: effect } }),
          modelBehaviour({ model: 'wms/outbound-order', transitions: { shipp: effect } }),
          modelBehaviour({ model: 'wms/goods', writeGuards: [guard] }),
        ],
      },
    ).then(
      async (app) => {
        await app.close()
        return 'started'
      },
      (error: Error) => error.message,
    )
    expect(failure).toContain('names 2 model key(s) or action(s) that no model file declares')
    expect(failure).toMatch(
      /tests\/server\/model-behaviour\.test\.ts:\d+: behaviour of 'wms\/outbound-ordr' \(transition effects\): no model file is named 'wms\/outbound-ordr\.model\.json' \(did you mean 'wms\/outbound-order'\?/,
    )
    expect(failure).toContain(
      "behaviour of 'wms/outbound-order' (transition effects): wms/outbound-order.model.json has no transition 'shipp' (did you mean 'ship'?)",
    )
  })

  it('gives two apps in one process each their own list: an effect runs once, in its own app only', async () => {
    const first = countingSubmit()
    const second = countingSubmit()
    const apps = [
      await createTestApp({}, { behaviour: [...defaultModelBehaviour, first.entry] }),
      await createTestApp({}, { behaviour: [...defaultModelBehaviour, second.entry] }),
    ]
    for (const app of apps) closers.push(() => app.close())
    const submitted = []
    for (const app of apps) {
      const token = await signIn(app, 'jxs', 'Jxs@12345')
      const base = '/api/wms/v1/1/jxs-outbound-orders'
      const created = await injectAs(app, token, 'POST', base, {
        customerName: 'Behaviour customer',
        receiverName: 'Li',
        receiverPhone: '13900000000',
        receiverAddress: 'Road 1',
      })
      expect(created.statusCode).toBe(201)
      const row = created.json()
      const submit = await injectAs(app, token, 'POST', `${base}/${row.outboundOrderId}/submit`, row)
      expect(submit.statusCode).toBe(200)
      expect(submit.json().orderStatus).toBe('SUBMITTED')
      submitted.push(Number(row.outboundOrderId))
    }
    // each app's copy of the database numbers its own rows: the ids may be equal, the counts tell the apps apart
    expect(first.counted).toEqual([submitted[0]])
    expect(second.counted).toEqual([submitted[1]])
  })
})
