/**
 * The model check of `reference` and `copyOf` (reference-copies.ts): a copy names a reference field of its own
 * model, the reference names a loaded model, and the copied field is a field of that model whose values fit the
 * copy. Run by check-model.ts at start, by live model saves and by `npm run schemas:check`.
 */
import { closest } from 'fastest-levenshtein'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'

interface Problem {
  pointer: string
  message: string
  fix: string
}

const suggest = (value: string, options: readonly string[]) =>
  options.length ? ` (did you mean '${closest(value, options)}'?)` : ''

/** Within one model: a reference is an integer field, a copy names one of the model's reference fields. */
export function referenceFieldProblems(model: ModelSchema): Problem[] {
  const problems: Problem[] = []
  const references = model.fields.filter((field) => field.reference).map((field) => field.name)
  model.fields.forEach((field, index) => {
    if (field.reference && field.type !== 'integer')
      problems.push({
        pointer: `/fields/${index}/reference`,
        message: `'${field.name}' is a ${field.type} field: a reference holds the referenced record's id`,
        fix: 'declare reference on the integer field holding the id',
      })
    const copy = field.copyOf
    if (!copy) return
    const pointer = `/fields/${index}/copyOf/reference`
    if (copy.reference === field.name)
      problems.push({ pointer, message: `'${field.name}' cannot copy itself`, fix: 'name the id field' })
    else if (!references.includes(copy.reference))
      problems.push({
        pointer,
        message: model.fields.some((f) => f.name === copy.reference)
          ? `'${copy.reference}' declares no reference`
          : `'${copy.reference}' is not a field of this model${suggest(copy.reference, references)}`,
        fix: references.length
          ? `name one of the reference fields: ${references.join(', ')}, or add "reference": "<service>/<model>" to the id field`
          : `add "reference": "<service>/<model>" to the field holding the referenced id and name it here`,
      })
  })
  return problems
}

/** Across models: the referenced model is loaded and has the copied field, of a type and length the copy holds. */
export function referenceTargetProblems(model: ModelSchema, models: readonly ModelSchema[]): Problem[] {
  const problems: Problem[] = []
  const byKey = new Map(models.map((m) => [modelKey(m), m]))
  model.fields.forEach((field, index) => {
    if (field.reference && !byKey.has(field.reference))
      problems.push({
        pointer: `/fields/${index}/reference`,
        message: `'${field.reference}' is not a model${suggest(field.reference, [...byKey.keys()])}`,
        fix: 'name a model by its file under schemas/models without .model.json, e.g. "wms/goods"',
      })
    const copy = field.copyOf
    const reference = copy && model.fields.find((f) => f.name === copy.reference)?.reference
    const target = reference ? byKey.get(reference) : undefined
    if (!copy || !target) return
    const pointer = `/fields/${index}/copyOf/field`
    const source = target.fields.find((f) => f.name === copy.field)
    const names = target.fields.map((f) => f.name)
    if (!source)
      problems.push({
        pointer,
        message: `'${copy.field}' is not a field of ${reference}${suggest(copy.field, names)}`,
        fix: `name one of: ${names.join(', ')}`,
      })
    else if (source.type !== field.type && !(isText(source.type) && isText(field.type)))
      problems.push({
        pointer,
        message: `${reference} ${copy.field} is a ${source.type} field, '${field.name}' a ${field.type} field`,
        fix: `give '${field.name}' the type ${source.type}`,
      })
    else if (
      field.type === 'string' &&
      (source.type === 'text' || (source.maxLength ?? 0) > (field.maxLength ?? 0))
    )
      problems.push({
        pointer: `/fields/${index}/maxLength`,
        message: `${reference} ${copy.field} holds up to ${source.maxLength ?? 'any number of'} characters, '${field.name}' ${field.maxLength ?? 0}`,
        fix: source.maxLength ? `make maxLength at least ${source.maxLength}` : 'make the copy a text field',
      })
  })
  return problems
}

const isText = (type: string) => type === 'string' || type === 'text'
