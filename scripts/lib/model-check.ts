/** Model files against schemas/model.schema.json, and the shared text bundle's completeness. */
import Ajv from 'ajv'
import type { IssueDraft, SchemaIssue } from '../../renderer/schema/issue'
import { ModelSchema } from '../../renderer/schema/model'
import { plainJsonSchema } from '../../renderer/schema/page'
import { SHARED_TEXT_FILES } from '../../renderer/i18n/shared-texts'
import { suggestName } from '../../renderer/schema/suggest'

const ajv = new Ajv({ allErrors: true, strict: false, verbose: true })
const validateModel = ajv.compile(plainJsonSchema(ModelSchema) as object)

export function modelIssues(model: unknown): IssueDraft[] {
  if (validateModel(model)) return semantic(model as ModelSchema)
  return (validateModel.errors ?? []).map((e) => {
    const params = e.params as Record<string, unknown>
    const parent = e.parentSchema as { properties?: object } | undefined
    if (e.keyword === 'additionalProperties') {
      const name = String(params.additionalProperty)
      return {
        pointer: `${e.instancePath}/${name}`,
        message: `unknown property '${name}'`,
        suggestion: suggestName(name, Object.keys(parent?.properties ?? {}), 'allowed properties'),
      }
    }
    if (e.keyword === 'enum') {
      const allowed = (params.allowedValues as unknown[]).map(String)
      return {
        pointer: e.instancePath,
        message: `${JSON.stringify(e.data)} is not allowed`,
        suggestion: suggestName(String(e.data), allowed),
      }
    }
    return { pointer: e.instancePath, message: e.message ?? 'is invalid' }
  })
}

function semantic(model: ModelSchema): IssueDraft[] {
  const names = model.fields.map((f) => f.name)
  const issues: IssueDraft[] = []
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i)
      issues.push({ pointer: `/fields/${i}/name`, message: `field '${name}' is declared twice` })
  })
  model.uniqueKeys?.forEach((key, k) =>
    key.fields.forEach((f, i) => {
      if (!names.includes(f)) {
        issues.push({
          pointer: `/uniqueKeys/${k}/fields/${i}`,
          message: `unknown field '${f}'`,
          suggestion: suggestName(f, names),
        })
      }
    }),
  )
  return issues
}

/** Every key of the shared text bundles (renderer/i18n/shared-texts.ts) has zh_CN, en_US and zh_TW, once. */
export function commonTextIssues(): SchemaIssue[] {
  const seen = new Map<string, string>()
  return Object.entries(SHARED_TEXT_FILES).flatMap(([file, texts]) =>
    Object.entries(texts).flatMap(([key, value]) => {
      const issue = (message: string, suggestion: string): SchemaIssue => ({
        file,
        line: 0,
        column: 0,
        pointer: `/${key}`,
        severity: 'error',
        message,
        suggestion,
      })
      const earlier = seen.get(key)
      seen.set(key, file)
      return [
        ...(earlier ? [issue(`text '${key}' is also defined in ${earlier}`, 'keep one definition')] : []),
        ...(['zh_CN', 'en_US', 'zh_TW'] as const)
          .filter((language) => !value[language])
          .map((language) => issue(`text '${key}' has no ${language}`, `add "${language}"`)),
      ]
    }),
  )
}
