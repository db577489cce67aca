/**
 * `npm run schemas:check`: validates every schemas/pages/**\/*.page.json and schemas/models/**\/*.model.json,
 * cross-checks them (widgets, model fields, value sets, permission codes, texts, routes) and fails when the
 * generated JSON Schemas are stale. Prints `file:line:col /pointer: message (suggestion)` and a summary.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { formatIssue, type SchemaIssue } from '../renderer/schema/issue'
import { checkPageFiles } from '../renderer/schema/check-page-files'
import { generatedFiles } from './lib/generated-schemas'
import { commonTextIssues } from './lib/model-check'
import { cliPageCheckContext } from './lib/page-check-context'
import { findFiles } from './lib/schema-files'

const root = resolve(import.meta.dirname, '..')
const issues: SchemaIssue[] = []
for (const generated of await generatedFiles()) {
  let current = ''
  try {
    current = readFileSync(resolve(root, generated.path), 'utf8')
  } catch {
    // reported below as stale
  }
  if (current !== generated.text) {
    issues.push({
      file: generated.path,
      line: 0,
      column: 0,
      pointer: '',
      severity: 'error',
      message: 'is stale: it no longer matches the TypeBox definitions in renderer/schema/',
      suggestion: 'run npm run schemas:generate and commit the result',
    })
  }
}

const modelCount = findFiles(root, 'schemas/models', '.model.json').length
const { context, issues: referenceIssues } = cliPageCheckContext(root)
issues.push(...referenceIssues)
issues.push(...commonTextIssues())

// The same check the server makes when it loads the pages (renderer/schema/check-page-files.ts).
const pageFiles = findFiles(root, 'schemas/pages', '.page.json')
const read = (file: string) => ({ file, source: readFileSync(resolve(root, file), 'utf8') })
for (const page of checkPageFiles(pageFiles.map(read), context)) issues.push(...page.issues)

const errors = issues.filter((i) => i.severity === 'error')
const warnings = issues.filter((i) => i.severity === 'warning')
for (const issue of issues)
  console[issue.severity === 'error' ? 'error' : 'warn'](`${issue.severity}: ${formatIssue(issue)}`)
console.log(
  `schemas:check: ${pageFiles.length} pages, ${modelCount} models — ${errors.length} errors, ${warnings.length} warnings`,
)
process.exit(errors.length ? 1 : 0)
