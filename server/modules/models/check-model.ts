/**
 * The one model checker: the server runs it over schemas/models at start (load-models.ts: a problem stops the
 * start) and `npm run schemas:check` runs it over the same files (scripts/lib/model-check.ts), so the check
 * reports every problem the server would refuse, in the same words: where (JSON pointer), what, and how to fix.
 */
import { Ajv, type ErrorObject } from 'ajv'
import { closest } from 'fastest-levenshtein'
import { ModelSchema, modelKey } from '../../../renderer/schema/model.ts'
import { plainJsonSchema } from '../../../renderer/schema/page.ts'
import { suggestName } from '../../../renderer/schema/suggest.ts'
import { SYSTEM_FIELDS } from './naming.ts'

/** What a model may refer to outside itself: value sets and code rules of the seed. */
export interface ModelReferences {
  lookupCodes: ReadonlySet<string>
  codeRules: ReadonlySet<string>
}

export interface SemanticProblem {
  pointer: string
  message: string
  fix: string
}

const suggest = (value: string, options: readonly string[]) =>
  options.length ? ` (did you mean '${closest(value, options)}'?)` : ''

// Plain JSON Schema: a union of literals is an enum, so a wrong value is one error naming the allowed ones.
const validateModel = new Ajv({ allErrors: true, strict: false, verbose: true }).compile<ModelSchema>(
  plainJsonSchema(ModelSchema) as object,
)

function describe(error: ErrorObject): SemanticProblem {
  const pointer = error.instancePath
  const params = error.params as Record<string, unknown>
  if (error.keyword === 'additionalProperties') {
    const name = String(params.additionalProperty)
    const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {})
    return {
      pointer: `${pointer}/${name}`,
      message: `unknown property '${name}'`,
      fix: `remove it${allowed.length ? ` or correct the name: ${suggestName(name, allowed, 'allowed properties')}` : ''}`,
    }
  }
  if (error.keyword === 'required')
    return { pointer, message: `missing property '${String(params.missingProperty)}'`, fix: 'add it' }
  if (error.keyword === 'enum') {
    const allowed = ((params.allowedValues as unknown[] | undefined) ?? []).map(String)
    return {
      pointer,
      message: `${JSON.stringify(error.data)} is not allowed`,
      fix: suggestName(String(error.data), allowed),
    }
  }
  if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'const')
    return {
      pointer,
      message: 'value is not one of the allowed values',
      fix: 'see renderer/schema/model.ts for the choices',
    }
  return {
    pointer,
    message: error.message ?? error.keyword,
    fix: 'see renderer/schema/model.ts for the field',
  }
}

/** The file a model must have under schemas/models: pages name a model by its file, the server by its entity. */
export const expectedModelFile = (model: Pick<ModelSchema, 'service' | 'entity'>) =>
  `${modelKey(model)}.model.json`

/**
 * Checks one parsed model file: the schema, then (when it passes) its file name and its meaning. `file` is its
 * path under schemas/models (`wms/warehouse.model.json`, '/' separators); without it the name is not checked.
 * `model` is set when the schema passes (the model is usable even if it has problems of meaning).
 */
export function checkModel(
  data: unknown,
  refs: ModelReferences,
  file?: string,
): { model?: ModelSchema; problems: SemanticProblem[] } {
  if (!validateModel(data)) {
    const problems = (validateModel.errors ?? []).map(describe)
    const unique = problems.filter(
      (p, i) => problems.findIndex((q) => q.pointer === p.pointer && q.message === p.message) === i,
    )
    return { problems: unique }
  }
  const problems: SemanticProblem[] = []
  const expected = expectedModelFile(data)
  if (file !== undefined && file !== expected) {
    problems.push({
      pointer: '/entity',
      message: `the file of entity '${data.entity}' of service '${data.service}' is ${file}`,
      fix: `name the file schemas/models/${expected} (pages refer to the model by its file)`,
    })
  }
  problems.push(...checkModelSemantics(data, refs))
  return { model: data, problems }
}

/** Two models on one table, or one resource path of a service: each later file is refused. */
export function checkModelClashes(
  models: ReadonlyArray<{ file: string; model: ModelSchema }>,
): Array<SemanticProblem & { file: string }> {
  const problems: Array<SemanticProblem & { file: string }> = []
  const seen = new Map<string, string>()
  for (const { file, model } of models) {
    for (const [key, pointer] of [
      [`table ${model.table}`, '/table'],
      [`resource ${model.service}/${model.resource}`, '/resource'],
    ] as const) {
      const other = seen.get(key)
      if (other)
        problems.push({
          file,
          pointer,
          message: `${key} is already used by ${other}`,
          fix: 'choose another name',
        })
      else seen.set(key, file)
    }
    // A line's document is a model of the same service (model-documents.ts resolves it the same way).
    if (model.header) {
      const others = models.filter((m) => m.model.service === model.service && m.model !== model)
      if (!others.some((m) => m.model.entity === model.header!.entity))
        problems.push({
          file,
          pointer: '/header/entity',
          message: `'${model.header.entity}' is not a model of service ${model.service}${suggest(
            model.header.entity,
            others.map((m) => m.model.entity),
          )}`,
          fix: `name the entity of the document these rows are lines of`,
        })
      const document = others.find((m) => m.model.entity === model.header!.entity)?.model
      if (document) problems.push(...totalsProblems(model, document).map((p) => ({ file, ...p })))
    }
  }
  return problems
}

const NUMERIC = ['integer', 'decimal']

/** `header.totals`: each pair a numeric field of the document and a numeric field of the line. */
function totalsProblems(line: ModelSchema, document: ModelSchema): SemanticProblem[] {
  const problems: SemanticProblem[] = []
  for (const [total, of] of Object.entries(line.header?.totals ?? {})) {
    const pointer = `/header/totals/${total}`
    const target = document.fields.find((f) => f.name === total)
    const source = line.fields.find((f) => f.name === of)
    if (!target || !NUMERIC.includes(target.type))
      problems.push({
        pointer,
        message: `'${total}' is not a numeric field of ${document.entity}`,
        fix: `name a decimal or integer field of ${document.entity} to hold the sum`,
      })
    if (!source || !NUMERIC.includes(source.type))
      problems.push({
        pointer,
        message: `'${of}' is not a numeric field of ${line.entity}`,
        fix: `name a decimal or integer field of ${line.entity} to sum`,
      })
  }
  return problems
}

/** Checks a schema-valid model for meaning: names that must exist, clashes, and references to the seed. */
export function checkModelSemantics(model: ModelSchema, refs: ModelReferences): SemanticProblem[] {
  const problems: SemanticProblem[] = []
  const names = model.fields.map((field) => field.name)
  const known = (name: string) => names.includes(name)

  if (known(model.primaryKey)) {
    const index = names.indexOf(model.primaryKey)
    problems.push({
      pointer: `/fields/${index}/name`,
      message: `field '${model.primaryKey}' has the name of the primary key`,
      fix: 'the server generates the primary key column: remove this field or rename primaryKey',
    })
  }
  model.fields.forEach((field, index) => {
    const at = `/fields/${index}`
    if (names.indexOf(field.name) !== index) {
      problems.push({
        pointer: `${at}/name`,
        message: `field '${field.name}' is declared twice`,
        fix: 'remove one of them',
      })
    }
    if ((SYSTEM_FIELDS as readonly string[]).includes(field.name)) {
      problems.push({
        pointer: `${at}/name`,
        message: `'${field.name}' is a column the server maintains`,
        fix: 'remove the field: every model row carries it already',
      })
    }
    if (field.lookupCode && !refs.lookupCodes.has(field.lookupCode)) {
      problems.push({
        pointer: `${at}/lookupCode`,
        message: `value set '${field.lookupCode}' does not exist${suggest(field.lookupCode, [...refs.lookupCodes])}`,
        fix: 'use a code from server/seed/data/lookups.json or add the value set there',
      })
    }
    if (field.codeRule && !refs.codeRules.has(field.codeRule)) {
      problems.push({
        pointer: `${at}/codeRule`,
        message: `code rule '${field.codeRule}' does not exist${suggest(field.codeRule, [...refs.codeRules])}`,
        fix: 'use a rule from server/seed/data/code-rules.json or add the rule there',
      })
    }
    if (field.pattern !== undefined) {
      try {
        new RegExp(field.pattern)
      } catch (error) {
        problems.push({
          pointer: `${at}/pattern`,
          message: `not a regular expression: ${(error as Error).message}`,
          fix: 'correct the expression',
        })
      }
    }
    if (field.type === 'decimal' && (field.scale ?? 0) > (field.precision ?? 18)) {
      problems.push({
        pointer: `${at}/scale`,
        message: 'scale is larger than precision',
        fix: 'make scale ≤ precision',
      })
    }
  })
  const unknownField = (pointer: string, name: string) =>
    problems.push({
      pointer,
      message: `'${name}' is not a field of this model${suggest(name, names)}`,
      fix: `name one of: ${names.join(', ')}`,
    })
  model.uniqueKeys?.forEach((key, k) =>
    key.fields.forEach((name, i) => known(name) || unknownField(`/uniqueKeys/${k}/fields/${i}`, name)),
  )
  model.indexes?.forEach((index, k) =>
    index.forEach((name, i) => known(name) || unknownField(`/indexes/${k}/${i}`, name)),
  )
  if (model.view !== undefined && !model.serverWritten) {
    problems.push({
      pointer: '/view',
      message: 'a model read from a view cannot be written through the API',
      fix: 'add "serverWritten": true',
    })
  }
  for (const [scope, name] of Object.entries(model.dataScope ?? {}))
    if (name && name !== model.primaryKey && !known(name)) unknownField(`/dataScope/${scope}`, name)
  if (model.header) {
    const parent = model.fields.find((field) => field.name === model.header!.field)
    if (!parent) unknownField('/header/field', model.header.field)
    else if (parent.type !== 'integer')
      problems.push({
        pointer: '/header/field',
        message: `'${parent.name}' is a ${parent.type} field: a document's id is an integer`,
        fix: "name the integer field holding the document's id",
      })
  }
  if (model.lifecycle) {
    const { field, transitions } = model.lifecycle
    if (!known(field)) unknownField('/lifecycle/field', field)
    transitions.forEach((transition, i) => {
      const at = `/lifecycle/transitions/${i}/action`
      if (transitions.findIndex((t) => t.action === transition.action) !== i)
        problems.push({
          pointer: at,
          message: `action '${transition.action}' is declared twice`,
          fix: 'remove one',
        })
      if (['aggregate', 'export', 'batch-save', 'with-lines'].includes(transition.action))
        problems.push({
          pointer: at,
          message: `'${transition.action}' is a path the server uses`,
          fix: 'rename the action',
        })
    })
  }
  if (model.defaultSort !== undefined) {
    const [name = '', direction = 'asc', ...rest] = model.defaultSort.split(',').map((part) => part.trim())
    if (!known(name)) unknownField('/defaultSort', name)
    else if (!['asc', 'desc'].includes(direction.toLowerCase()) || rest.length) {
      problems.push({
        pointer: '/defaultSort',
        message: `'${model.defaultSort}' is not "<field>,asc|desc"`,
        fix: `e.g. "${name},asc"`,
      })
    }
  }
  return problems
}
