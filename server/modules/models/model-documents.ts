/**
 * Lines and their documents: a model whose file declares `header: {entity, field}` holds lines of that
 * document (an outbound order's lines). The loaded models are registered here once (load-models.ts, the
 * models module), so the scope (model-scope.ts) and the write path (line-document.ts) find a line's document
 * from the model alone, whichever route, import or module writes it.
 */
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'

export interface LineDocument {
  /** The document's model. */
  header: ModelSchema
  /** The line's field holding the document's id. */
  field: string
}

const byKey = new Map<string, ModelSchema>()
/** The model file's name (`wms/inbound-order`), as every model key. */
const keyOf = (service: string, entity: string) => modelKey({ service, entity })

/** Registers loaded models (a later load of the same entity replaces the earlier one). */
export function registerDocuments(models: readonly ModelSchema[]): void {
  for (const model of models) byKey.set(keyOf(model.service, model.entity), model)
}

/** Every registered model (the Lov views read their tables through the models' scopes: hpfm/lov-sql.ts). */
export const registeredModels = (): ModelSchema[] => [...byKey.values()]

/** The document a line model belongs to, or undefined for a model that is not a line. */
export function documentOf(line: ModelSchema): LineDocument | undefined {
  if (!line.header) return undefined
  const header = byKey.get(keyOf(line.service, line.header.entity))
  // check-model.ts refuses a header that is not a model of the service: a miss here is a wiring mistake
  if (!header)
    throw new Error(
      `${modelKey(line)}: header ${line.header.entity} is not a registered model (registerDocuments)`,
    )
  return { header, field: line.header.field }
}

/** The statuses in which a document's lines may change (undefined: any), from its lifecycle. */
export const lineStatuses = (header: ModelSchema): readonly string[] | undefined =>
  header.lifecycle?.linesEditable ?? header.lifecycle?.editable
