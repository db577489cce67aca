/**
 * The model files as the server reads them (its own check, server/modules/models/load-models.ts), keyed as pages
 * name them: "wms/goods" for schemas/models/wms/goods.model.json. Shared by schemas:check and the codemods.
 */
import { relative, resolve, sep } from 'node:path'
import type { ModelSchema } from '../../renderer/schema/model'
import { readModels } from '../../server/modules/models/load-models.ts'
import { readModelReferences } from './model-check'

export function readModelMap(root: string) {
  const modelsDir = resolve(root, 'schemas/models')
  const { loaded, refused } = readModels(modelsDir, readModelReferences(root))
  const models = new Map<string, ModelSchema>(
    loaded.map(({ file, model }) => [
      relative(modelsDir, resolve(file))
        .split(sep)
        .join('/')
        .replace(/\.model\.json$/, ''),
      model,
    ]),
  )
  return { models, refused }
}
