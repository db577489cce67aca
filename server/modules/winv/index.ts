import type { FastifyPluginAsync } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { ModelBehaviour } from '../models/behaviour.ts'
import { inboundBehaviour } from './inbound.ts'
import { inventoryBehaviour } from './inventory.ts'
import { restDocBehaviour } from './warehouse-documents.ts'
import { returnBehaviour } from './returns.ts'
import { replenishmentBehaviour, replenishmentRoutes } from './replenishment.ts'
import { printRecordRoutes } from './print-records.ts'
import { putawaySuggestionRoutes } from './putaway.ts'
import { publicStockRoutes } from './routes-public.ts'
import { receiveLineRoutes } from './receive-lines.ts'
import { stockCountBehaviour } from './stock-count.ts'
import { stockLockBehaviour } from './stock-lock.ts'

/** The inbound and inventory documents' write guards and transition effects (the app's list and the seed's). */
export const winvBehaviour: ModelBehaviour[] = [
  ...inboundBehaviour,
  ...inventoryBehaviour,
  ...stockCountBehaviour,
  ...stockLockBehaviour,
  ...restDocBehaviour,
  ...returnBehaviour,
  ...replenishmentBehaviour,
]

/**
 * Inbound and inventory (winv): the effects of the inbound order, stock adjustment and stock count
 * lifecycles (see the models' descriptions and schemas/README.md "Inbound and inventory documents"), and the
 * public stock query, the print records' write route and the open lines a whole-order receive asks about.
 */
export function winvModule(models: ModelSchema[]): FastifyPluginAsync {
  const inboundOrder = models.find((m) => m.service === 'wms' && m.entity === 'inboundOrder')
  if (!inboundOrder)
    throw new Error('winv module: model wms/inboundOrder is not loaded (schemas/models/wms/)')
  const warehouse = models.find((m) => m.service === 'wms' && m.entity === 'warehouse')
  const task = models.find((m) => m.service === 'wms' && m.entity === 'stockReplacement')
  return async (app) => {
    await app.register(publicStockRoutes)
    await app.register(printRecordRoutes)
    await app.register(receiveLineRoutes(inboundOrder))
    await app.register(putawaySuggestionRoutes(inboundOrder))
    // generate replenishment tasks: only when both models loaded (a bad model file is left out, not fatal)
    if (warehouse && task) await app.register(replenishmentRoutes({ warehouse, task }))
  }
}
