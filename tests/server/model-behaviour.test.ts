/**
 * Model behaviour is a checked list (issue 20, first step): a transition effect, write guard, row scope or
 * write hook that names a model key or action no model file declares stops the start, naming the key, where
 * it was registered and the closest real key — instead of being ignored, so a transition ran without its
 * stock move. Checked once at the end of buildApp over every registration of every module.
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { ModelSchema } from '../../renderer/schema/model.ts'
import { loadModelFiles } from '../../server/bootstrap.ts'
import { behaviourProblems, modelFileKeys } from '../../server/modules/models/behaviour-check.ts'
import {
  behaviourRegistrations,
  type BehaviourRegistration,
} from '../../server/modules/models/behaviour-registry.ts'
import { onTransition } from '../../server/modules/models/lifecycle.ts'
import { onRowWrite } from '../../server/modules/models/write-guards.ts'
import { createTestApp } from '../../server/testing.ts'

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

describe('behaviourProblems (pure)', () => {
  const files = new Set(['wms/outbound-order', 'wms/goods', 'wms/carrier'])
  const problems = (registrations: BehaviourRegistration[]) =>
    behaviourProblems(registrations, [order, goods], files)

  it('accepts registrations of declared models and actions', () => {
    expect(
      problems([
        { kind: 'transition effect', modelKey: 'wms/outboundOrder', action: 'ship' },
        { kind: 'write guard', modelKey: 'wms/goods' },
        { kind: 'row scope', modelKey: 'wms/outboundOrder' },
      ]),
    ).toEqual([])
  })

  it('names a misspelt model key, where it was registered and the closest real key', () => {
    expect(
      problems([
        { kind: 'write guard', modelKey: 'wms/outboundOrdr', at: 'server/modules/outbound/effects.ts:12' },
      ]),
    ).toEqual([
      "server/modules/outbound/effects.ts:12: write guard of 'wms/outboundOrdr': no model file declares 'wms/outboundOrdr' (did you mean 'wms/outboundOrder', the model of wms/outbound-order.model.json?), or the behaviour never runs.",
    ])
    // The file's name is not the key behaviour is registered under.
    expect(problems([{ kind: 'row scope', modelKey: 'wms/outbound-order' }])[0]).toContain(
      "did you mean 'wms/outboundOrder'",
    )
  })

  it('names an action the lifecycle does not declare, and a lifecycle that is missing', () => {
    expect(problems([{ kind: 'transition effect', modelKey: 'wms/outboundOrder', action: 'shipp' }])).toEqual(
      [
        "transition effect of 'wms/outboundOrder' action 'shipp': wms/outbound-order.model.json has no transition 'shipp' (did you mean 'ship'?), so the effect would never run.",
      ],
    )
    expect(problems([{ kind: 'transition effect', modelKey: 'wms/goods', action: 'ship' }])[0]).toContain(
      'wms/goods.model.json has no lifecycle',
    )
  })

  it('leaves a model whose file was refused at load to the load report', () => {
    expect(problems([{ kind: 'write guard', modelKey: 'wms/carrier' }])).toEqual([])
  })
})

describe('the start', () => {
  let closeApp: (() => Promise<void>) | undefined
  afterAll(() => closeApp?.())

  it('accepts every registration of the real modules: each names a model file and action that exist', async () => {
    const app = await createTestApp()
    closeApp = () => app.close()
    const registrations = behaviourRegistrations()
    expect(registrations.filter((r) => r.kind === 'transition effect').length).toBeGreaterThan(30)
    expect(registrations.filter((r) => r.kind === 'write guard').length).toBeGreaterThan(15)
    expect(
      behaviourProblems(registrations, loadModelFiles('schemas/models'), modelFileKeys('schemas/models')),
    ).toEqual([])
  })

  it('fails on a misspelt model key or action, naming it, where it was registered and the closest one', async () => {
    onTransition('wms/outboundOrdr', 'ship', async () => {})
    onTransition('wms/outboundOrder', 'shipp', async () => {})
    onRowWrite('wms/goods', async () => {})
    const failure = await createTestApp().then(
      async (app) => {
        await app.close()
        return 'started'
      },
      (error: Error) => error.message,
    )
    expect(failure).toContain('2 model key(s) or action(s) that no model file declares')
    expect(failure).toMatch(
      /tests\/server\/model-behaviour\.test\.ts:\d+: transition effect of 'wms\/outboundOrdr' action 'ship': no model file declares 'wms\/outboundOrdr' \(did you mean 'wms\/outboundOrder', the model of wms\/outbound-order\.model\.json\?\)/,
    )
    expect(failure).toContain(
      "transition effect of 'wms/outboundOrder' action 'shipp': wms/outbound-order.model.json has no transition 'shipp' (did you mean 'ship'?)",
    )
  })
})
