/**
 * `npm run schemas:check`: validates every schemas/pages/**\/*.page.json and schemas/models/**\/*.model.json,
 * cross-checks them (widgets, model fields, value sets, permission codes, texts, routes) and fails when the
 * generated JSON Schemas are stale. Prints `file:line:col /pointer: message (suggestion)` and a summary.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { formatIssue, type IssueDraft, type SchemaIssue } from '../renderer/schema/issue'
import { sourcePositions } from '../renderer/schema/source-position'
import { validatePage } from '../renderer/schema/validate'
import { WIDGET_NAMES } from '../renderer/contract/widget-names'
import { crossIssues, routeIssues, type CrossContext } from '../renderer/schema/cross-check'
import { generatedFiles } from './lib/generated-schemas'
import { checkModelFiles, commonTextIssues, readModelReferences } from './lib/model-check'
import {
  findFiles,
  readJsonFile,
  readLookupCodes,
  readLovViewCodes,
  readRoutes,
  type JsonFile,
} from './lib/schema-files'

const root = resolve(import.meta.dirname, '..')
const issues: SchemaIssue[] = []
const place = (file: JsonFile, drafts: IssueDraft[]) => {
  const position = sourcePositions(file.source, file.data)
  for (const d of drafts) issues.push({ file: file.file, severity: 'error', ...d, ...position(d.pointer) })
}
const parsed = (file: JsonFile) => {
  if (!file.parseError) return true
  const { message, line, column } = file.parseError
  issues.push({
    file: file.file,
    line,
    column,
    pointer: '',
    severity: 'error',
    message: `not valid JSON: ${message}`,
  })
  return false
}

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

const modelFiles = findFiles(root, 'schemas/models', '.model.json').map((f) => readJsonFile(root, f))
// The server's own model checker: every problem that would stop the server's start is reported here.
const { drafts: modelDrafts, models } = checkModelFiles(modelFiles.filter(parsed), readModelReferences(root))
for (const [file, drafts] of modelDrafts) place(file, drafts)

const lookupFile = 'server/seed/data/lookups.json'
const context: CrossContext = {
  models,
  lookupCodes: readLookupCodes(root, lookupFile),
  lovCodes: readLovViewCodes(root, 'server/seed/data/lov-views.json'),
  routes: readRoutes(root, 'schemas/routes.tsv'),
}
if (!context.lookupCodes) {
  issues.push({
    file: lookupFile,
    line: 0,
    column: 0,
    pointer: '',
    severity: 'error',
    message: 'is missing, so lookup codes of the pages cannot be checked',
    suggestion:
      'the server seed must provide the value sets (an array of {lovCode, …} or a map keyed by code)',
  })
}
issues.push(...commonTextIssues())

const routes = new Map<string, string>()
const pageFiles = findFiles(root, 'schemas/pages', '.page.json').map((f) => readJsonFile(root, f))
for (const file of pageFiles.filter(parsed)) {
  const result = validatePage(file.data, { file: file.file, source: file.source, widgetNames: WIDGET_NAMES })
  issues.push(...result.issues)
  if (result.ok)
    place(file, [
      ...crossIssues(result.page, context),
      ...routeIssues(result.page.route, routes, file.file, context),
    ])
}

const errors = issues.filter((i) => i.severity === 'error')
const warnings = issues.filter((i) => i.severity === 'warning')
for (const issue of issues)
  console[issue.severity === 'error' ? 'error' : 'warn'](`${issue.severity}: ${formatIssue(issue)}`)
console.log(
  `schemas:check: ${pageFiles.length} pages, ${modelFiles.length} models — ${errors.length} errors, ${warnings.length} warnings`,
)
process.exit(errors.length ? 1 : 0)
