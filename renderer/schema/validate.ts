/**
 * Validates a page file: `{{ }}` expressions first (they are refused everywhere), then the page kind, then the
 * kind's JSON Schema (ajv, humanised), then semantic checks. Shared by `npm run schemas:check` and SchemaPage.
 *
 * @example
 *   const result = validatePage(JSON.parse(text), { file: 'schemas/pages/wmdm/warehouse.page.json', source: text })
 *   if (!result.ok) result.issues.forEach((i) => console.error(formatIssue(i)))
 */
import { ajvIssues } from './ajv-issues'
import { expressionIssues } from './expressions'
import type { IssueDraft, SchemaIssue } from './issue'
import { PAGE_KINDS, type PageKind, type PageSchema } from './page'
import { semanticIssues, type SemanticOptions } from './semantic-page'
import { sourcePositions } from './source-position'
import { suggestName } from './suggest'

export interface ValidateOptions extends SemanticOptions {
  /** Path shown in messages, e.g. schemas/pages/wmdm/warehouse.page.json. */
  file: string
  /** The file's text, for exact line/column; without it positions assume a 2-space pretty-printed file. */
  source?: string
  /**
   * Report the checks of meaning even when the shape has errors (the playground: every stage at once). They
   * assume the shape, so what they find under a shape error is left out.
   */
  allStages?: boolean
}

export type PageValidation =
  | { ok: true; page: PageSchema; issues: SchemaIssue[] }
  | { ok: false; page?: undefined; issues: SchemaIssue[] }

const kinds = Object.keys(PAGE_KINDS)

export function validatePage(input: unknown, options: ValidateOptions): PageValidation {
  const drafts = pageDrafts(input, options)
  const position = sourcePositions(options.source, input)
  const issues = drafts.map((d) => ({
    file: options.file,
    severity: 'error' as const,
    ...d,
    ...position(d.pointer),
  }))
  const errors = issues.filter((i) => i.severity === 'error')
  return errors.length ? { ok: false, issues } : { ok: true, page: input as PageSchema, issues }
}

function pageDrafts(input: unknown, options: SemanticOptions & { allStages?: boolean }): IssueDraft[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return [
      {
        pointer: '',
        message: 'a page file must hold one JSON object',
        suggestion: 'start from schemas/README.md',
      },
    ]
  }
  const expressions = expressionIssues(input)
  const kind = (input as { kind?: unknown }).kind
  if (typeof kind !== 'string' || !kinds.includes(kind)) {
    const message = kind === undefined ? "missing 'kind'" : `unknown page kind ${JSON.stringify(kind)}`
    return [
      ...expressions,
      {
        pointer: kind === undefined ? '' : '/kind',
        message,
        suggestion: suggestName(String(kind ?? ''), kinds, 'page kinds'),
      },
    ]
  }
  const schema = ajvIssues(input, kind as PageKind)
  // Semantic checks assume the shape is right; with shape errors they would only repeat them.
  const refused = new Set(expressions.map((e) => e.pointer))
  if (schema.length && !options.allStages)
    return [...expressions, ...schema.filter((s) => !refused.has(s.pointer))]
  if (schema.length) {
    const broken = [...refused, ...schema.map((s) => s.pointer)]
    const under = (pointer: string) => broken.some((b) => pointer === b || pointer.startsWith(`${b}/`))
    let meaning: IssueDraft[] = []
    try {
      meaning = semanticIssues(input as Record<string, unknown>, options).filter((m) => !under(m.pointer))
    } catch {
      // a shape the checks of meaning cannot walk: the shape errors say what to fix first
    }
    return [...expressions, ...schema.filter((s) => !refused.has(s.pointer)), ...meaning]
  }
  return [...expressions, ...semanticIssues(input as Record<string, unknown>, options)]
}
