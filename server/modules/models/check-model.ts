import { closest } from 'fastest-levenshtein'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
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
    if (name && !known(name)) unknownField(`/dataScope/${scope}`, name)
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
