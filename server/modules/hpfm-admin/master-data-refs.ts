/**
 * The platform's master data that the warehouse models refer to by code, checked on every save through the
 * generic write path: a goods' unit (uomCode) must be an enabled unit of measure of the tenant (/hpfm/mdm/uom), and
 * the region of a warehouse, customer or vendor (regionCode) an enabled region of the tenant (/hpfm/country),
 * whose name is copied to regionName. A wrong code is a 400 naming the field and where to pick a value.
 */
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import { badRequest } from '../../errors.ts'
import { modelDb } from '../models/model-scope.ts'

export const REGION_MODELS = ['wms/warehouse', 'wms/customer', 'wms/vendor']

export const masterDataRefBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'wms/goods',
    writeGuards: [
      async ({ db, session, op, values }) => {
        if (op === 'delete' || values.uomCode === undefined || values.uomCode === null) return
        const code = String(values.uomCode)
        const unit = await modelDb(db)
          .selectFrom('hpfm_uom')
          .select('uomCode')
          .where('tenantId', '=', session.tenantId)
          .where('uomCode', '=', code)
          .where('enabledFlag', '=', 1)
          .executeTakeFirst()
        if (!unit) {
          const message = `uomCode '${code}' is not an enabled unit of measure of the tenant: pick one from the list (units are kept in /hpfm/mdm/uom)`
          throw badRequest(`${message}.`, { uomCode: message })
        }
      },
    ],
  }),
  ...REGION_MODELS.map((modelKey) =>
    modelBehaviour({
      model: modelKey,
      writeGuards: [
        async ({ db, session, op, values }) => {
          if (op === 'delete' || values.regionCode === undefined) return
          if (values.regionCode === null || values.regionCode === '') {
            values.regionName = null
            return
          }
          const code = String(values.regionCode)
          const region = await modelDb(db)
            .selectFrom('hpfm_region')
            .select(['regionName'])
            .where('tenantId', '=', session.tenantId)
            .where('regionCode', '=', code)
            .where('enabledFlag', '=', 1)
            .executeTakeFirst()
          if (!region) {
            const message = `regionCode '${code}' is not an enabled region of the tenant: pick one from the list (regions are kept in /hpfm/mdm/country)`
            throw badRequest(`${message}.`, { regionCode: message })
          }
          values.regionName = region.regionName
        },
      ],
    }),
  ),
]
