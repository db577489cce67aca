/**
 * The values a page restates from its model: a field constraint equal to what the field inherits from its model
 * field (renderer/schema/model-inheritance.ts), so removing it changes nothing the page renders or checks.
 */
import { pointerSegment } from '../../renderer/schema/issue'
import {
  inheritedConstraints,
  type ModelFacts,
  type ModelLookup,
} from '../../renderer/schema/model-inheritance'
import type { ModelSchema } from '../../renderer/schema/model'

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** JSON pointers of the restated values of `page` (fields of the page and of its details). */
export function restatedPointers(page: unknown, models: ModelLookup): string[] {
  if (!isObject(page)) return []
  const blocks: Array<[unknown, string]> = [[page, '']]
  if (Array.isArray(page.details)) page.details.forEach((d, i) => blocks.push([d, `/details/${i}`]))
  const pointers: string[] = []
  for (const [block, base] of blocks) {
    if (!isObject(block) || !isObject(block.dataSource) || !isObject(block.fields)) continue
    const key = block.dataSource.model
    if (typeof key !== 'string') continue
    const model: ModelFacts | ModelSchema | undefined =
      models instanceof Map ? models.get(key) : (models as Record<string, ModelFacts | ModelSchema>)[key]
    if (!model) continue
    for (const [name, spec] of Object.entries(block.fields)) {
      const field = model.fields.find((f) => f.name === name)
      if (!field || !isObject(spec)) continue
      for (const [prop, value] of Object.entries(inheritedConstraints(spec, field, model)))
        if (spec[prop] === value) pointers.push(`${base}/fields/${pointerSegment(name)}/${prop}`)
    }
  }
  return pointers
}
