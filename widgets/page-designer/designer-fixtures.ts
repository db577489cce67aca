/**
 * Fixtures of the designer's stories and tests: the warehouse page file as on disk, its model, and the
 * server's answers (server/modules/lowcode/routes-page-designer.ts) in wire shape.
 */
import warehouseText from '../../schemas/pages/wmdm/warehouse.page.json?raw'
import warehouseModel from '../../schemas/models/wms/warehouse.model.json'
import { ApiError } from '../../renderer/index'
import { permissionCheck } from '../../stories/fixtures/lookups'
import { servedPage } from '../../stories/fixtures/schema-backend'
import { warehouseBackend } from '../../stories/fixtures/warehouse-backend'
import { createFakeEnv, type Handler } from '../../stories/support/fake-env'

export { warehouseText }
export const WAREHOUSE_FILE = 'schemas/pages/wmdm/warehouse.page.json'
const VERSION = 'a'.repeat(64)

/** The warehouse model with one field the page does not show yet (a configurator just added it to the model). */
export const grownModel = {
  key: 'wms/warehouse',
  fields: [
    ...warehouseModel.fields,
    {
      name: 'managerName',
      type: 'string',
      label: 'Manager',
      maxLength: 60,
      sortable: true,
      searchable: 'like',
    },
  ],
}

export interface DesignerBackendOptions {
  denied?: string[]
  writable?: boolean
  /** Replaces the PUT handler (e.g. a 400 of the page check). */
  save?: Handler
  /** Every PUT body, for tests. */
  saved?: unknown[]
  /** Replaces the POST of a new model field (e.g. the server's 400). */
  newField?: Handler
  /** Every new model field POSTed, for tests. */
  newFields?: unknown[]
}

export const designerBackend =
  ({ denied = [], writable = true, save, saved, newField, newFields }: DesignerBackendOptions = {}) =>
  () =>
    createFakeEnv({
      handlers: {
        ...warehouseBackend().handlers,
        'POST iam /hzero/v1/menus/check-permissions': permissionCheck(denied),
        'GET hpfm /v1/page-schemas/page': servedPage,
        'GET hpfm /v1/page-designer/file': () => ({
          file: WAREHOUSE_FILE,
          route: '/wmdm/warehouse',
          source: warehouseText,
          version: VERSION,
          writable,
          ...(writable
            ? {}
            : {
                writableReason:
                  'This server does not write page files (PAGE_DESIGNER_WRITES is off): download the file and commit it under schemas/pages.',
              }),
          model: grownModel,
        }),
        'POST hpfm /v1/page-designer/model-field':
          newField ??
          ((request) => {
            newFields?.push(request.data)
            const { field } = request.data as { field: { name: string } }
            return {
              file: 'schemas/models/wms/warehouse.model.json',
              model: { key: grownModel.key, fields: [...grownModel.fields, field] },
              field,
              version: 1,
              diff: [`+    ${JSON.stringify(field)}`],
            }
          }),
        'PUT hpfm /v1/page-designer/file':
          save ??
          ((request) => {
            saved?.push(request.data)
            return { file: WAREHOUSE_FILE, route: '/wmdm/warehouse', version: 'b'.repeat(64) }
          }),
      },
    })

/** The page check's 400 as the server answers a bad text (nothing written). */
export const refusedSave: Handler = () => {
  throw new ApiError(
    "Fix the page before saving: schemas/pages/wmdm/warehouse.page.json:48:7 /fields/address/maxLenght: unknown property 'maxLenght' (did you mean 'maxLength'?). Nothing was written.",
    400,
    'error.validation',
    'error',
    {
      '/fields/address/maxLenght':
        "schemas/pages/wmdm/warehouse.page.json:48:7 /fields/address/maxLenght: unknown property 'maxLenght' (did you mean 'maxLength'?)",
    },
  )
}
