import type { FastifyPluginAsync } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { accessRoutes } from './routes-access.ts'
import { barcodeRoutes } from './barcode-rules.ts'
import { unitConversionRoutes } from './unit-conversion.ts'
import { playbackRoutes } from './video-playback.ts'

/** Warehouse master data beyond the generic model endpoints: data permissions, barcode rules, unit conversion. */
export function wmdmModule(models: ModelSchema[]): FastifyPluginAsync {
  const model = (entity: string) => {
    const found = models.find((m) => m.service === 'wms' && m.entity === entity)
    if (!found) throw new Error(`wmdm module: model wms/${entity} is not loaded (schemas/models/wms/)`)
    return found
  }
  return async (app) => {
    await app.register(
      accessRoutes({
        warehouse: model('warehouse'),
        owner: model('owner'),
        area: model('warehouseArea'),
        invOrganization: model('invOrganization'),
        relation: model('warehouseRelation'),
        userWarehouse: model('userWarehouse'),
      }),
    )
    await app.register(barcodeRoutes(model('barcodeConvertRule')))
    await app.register(unitConversionRoutes(model('unitConversion')))
    await app.register(
      playbackRoutes({
        record: model('outboundVideoRecord'),
        equipment: model('videoEquipment'),
        platform: model('videoPlatform'),
      }),
    )
  }
}
