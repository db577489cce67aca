/**
 * Stories and tests import page files directly, where the app gets them from the server completed from their
 * model (pages inherit their model, renderer/schema/model-inheritance.ts): this completes them the same way,
 * from the model files.
 *
 * @example const page = pageWithModel(warehouseJson)
 */
import { inheritModel, type ModelFacts } from '../../renderer/index'
import { pageModelFacts } from '../../renderer/schema/model-inheritance'

const files = import.meta.glob<{ default: ModelFacts }>('../../schemas/models/**/*.model.json', {
  eager: true,
})
const models = new Map(
  Object.entries(files).map(([path, module]) => [
    path.replace(/^.*schemas\/models\//, '').replace(/\.model\.json$/, ''),
    module.default,
  ]),
)

/** `page` as the server serves it: its fields completed from the models it names. */
export const pageWithModel = <T>(page: T): T => inheritModel(page, models) as T

/** The model facts the server serves with `page` (GET page-schemas/page `models`). */
export const servedModelFacts = (page: unknown) => pageModelFacts(page, models)
