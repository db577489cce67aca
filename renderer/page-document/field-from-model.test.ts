/**
 * Issue 20: the page designer's "add a field from the model" (and `npm run new:page`) writes the field's label
 * and widget only: what the field inherits from its model (required, length, pattern, bounds, decimals, value
 * set) is left to inheritance, so the written page never restates its model. Checked over every field of
 * every model file.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ModelSchema } from '../schema/model'
import { inheritedConstraints, inheritModel } from '../schema/model-inheritance'
import { fieldSpec } from './field-from-model'

const dir = 'schemas/models'
const models = readdirSync(dir, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.model.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as ModelSchema)

describe('a field added from the model', () => {
  it('restates nothing the field inherits', () => {
    const restated: string[] = []
    for (const model of models)
      for (const field of model.fields) {
        const spec = fieldSpec(field, 'label')
        if (!spec) continue
        for (const [key, value] of Object.entries(inheritedConstraints(spec, field, model)))
          if (spec[key] === value) restated.push(`${model.service}/${model.entity}.${field.name}: ${key}`)
      }
    expect(restated).toEqual([])
  })

  it('still renders with the model constraints, inherited', () => {
    const model = models.find((m) => m.entity === 'location' && m.service === 'wms')!
    const field = model.fields.find((f) => f.name === 'locationCode')!
    expect(Object.keys(fieldSpec(field, 'l') ?? {}).sort()).toEqual(['label', 'updatable', 'widget'])
    const page = { dataSource: { model: 'wms/location' }, fields: { locationCode: fieldSpec(field, 'l') } }
    const complete = inheritModel(page, { 'wms/location': model }) as typeof page
    expect(complete.fields.locationCode).toMatchObject({
      required: true,
      maxLength: field.maxLength,
      pattern: field.pattern,
    })
  })
})
