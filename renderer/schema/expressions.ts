/**
 * Formily `{{ }}` expressions run through `new Function`: they turn a page into a script and need a relaxed
 * Content Security Policy. Pages never contain them; this finds any, in keys or values, and says what to write.
 */
import type { IssueDraft } from './issue'
import { walkJson } from './walk'

const EXPRESSION = /\{\{[\s\S]*?\}\}/

const instead =
  'express linkage declaratively: "linkage": {"visibleWhen": {"field": "warehouseType", "op": "eq", "value": "COLD"}} ' +
  '(also requiredWhen, disabledWhen, readOnlyWhen; groups with "all"/"any"); texts are i18n keys, values are literals'

export function expressionIssues(page: unknown): IssueDraft[] {
  const issues: IssueDraft[] = []
  walkJson(page, (value, pointer, key) => {
    if (key !== undefined && EXPRESSION.test(key)) {
      issues.push({
        pointer,
        message: `Formily expression in the key '${key}' is not allowed`,
        suggestion: instead,
      })
    }
    if (typeof value === 'string' && EXPRESSION.test(value)) {
      issues.push({
        pointer,
        message: `Formily expression ${JSON.stringify(value.match(EXPRESSION)?.[0])} is not allowed: pages hold no code`,
        suggestion: instead,
      })
    }
  })
  return issues
}
