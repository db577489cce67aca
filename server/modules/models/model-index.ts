/**
 * The app's models by key, as they are now. Live model files (live-models.ts) change the app's model array in
 * place, so a module that built its own `Map` from the array at start kept serving the start's models until a
 * restart (an async export of a model saved live found no model, a hand-written route checked the old fields).
 * A module reads the index here instead: it is rebuilt whenever the array's content changed since the last
 * read (a comparison of element identities, nothing to subscribe to and nothing to forget).
 */
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { nearest } from '../../../renderer/schema/suggest.ts'
import { badRequest } from '../../errors.ts'

interface Index {
  seen: ModelSchema[]
  byKey: Map<string, ModelSchema>
}

const indexes = new WeakMap<readonly ModelSchema[], Index>()

const sameContent = (seen: readonly ModelSchema[], models: readonly ModelSchema[]) =>
  seen.length === models.length && seen.every((model, i) => model === models[i])

/**
 * The models of `models` keyed by their file's name (`wms/inbound-order-line`), current with the array.
 *
 * @example modelIndex(models).get('wms/warehouse')
 */
export function modelIndex(models: readonly ModelSchema[]): ReadonlyMap<string, ModelSchema> {
  const known = indexes.get(models)
  if (known && sameContent(known.seen, models)) return known.byKey
  const index = { seen: [...models], byKey: new Map(models.map((model) => [modelKey(model), model])) }
  indexes.set(models, index)
  return index.byKey
}

/**
 * The model a stored model key names (a data permission rule's, a field permission's): the key is the model
 * file's name; anything else is refused with 400 naming the key and the nearest model file.
 *
 * @example modelNamed(models, 'wms/outboundOrder') // 400: … did you mean 'wms/outbound-order'?
 */
export function modelNamed(models: readonly ModelSchema[], key: string, field = 'modelKey'): ModelSchema {
  const index = modelIndex(models)
  const model = index.get(key)
  if (model) return model
  const near = nearest(key, index.keys())
  const service = key.split('/')[0]
  const same = [...index.keys()].filter((name) => name.startsWith(`${service}/`)).sort()
  const hint = near
    ? `did you mean '${near}'?`
    : same.length
      ? `${service} has ${same.join(', ')}`
      : 'e.g. wms/outbound-order'
  const message = `${field} '${key}' names no model: name a model by its file's name under schemas/models (${hint})`
  throw badRequest(`${message}.`, { [field]: message })
}
