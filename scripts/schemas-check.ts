/**
 * `npm run schemas:check`: validates every schemas/pages/**\/*.page.json and schemas/models/**\/*.model.json,
 * cross-checks them (widgets, model fields, value sets, permission codes, texts, routes) and fails when the
 * generated JSON Schemas are stale. Prints `file:line:col /pointer: message (suggestion)` and a summary.
 */
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { formatIssue, type SchemaIssue } from '../renderer/schema/issue'
import { WIDGET_NAMES } from '../renderer/contract/widget-names'
import { checkPageFiles, type PageCheckContext } from '../renderer/schema/check-page-files'
import { generatedFiles } from './lib/generated-schemas'
import { commonTextIssues } from './lib/model-check'
import { refusalReasons } from '../server/modules/models/load-models.ts'
import { readModelMap } from './lib/model-map'
import {
  findFiles,
  readLookupCodes,
  readLovViewCodes,
  readMenuDirCodes,
  readRoutes,
} from './lib/schema-files'

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

// The server's own model reading: what the server refuses at start is reported here, in the same words.
const modelCount = findFiles(root, 'schemas/models', '.model.json').length
const { models, refused } = readModelMap(root)
for (const problem of refused.flatMap((model) => model.problems))
  issues.push({
    file: relative(root, resolve(problem.file)),
    line: problem.line ?? 0,
    column: problem.column ?? 0,
    pointer: problem.pointer,
    severity: 'error',
    message: problem.message,
    suggestion: problem.fix,
  })

const lookupFile = 'server/seed/data/lookups.json'
const context: PageCheckContext = {
  widgetNames: WIDGET_NAMES,
  models,
  refusedModels: refusalReasons(refused),
  lookupCodes: readLookupCodes(root, lookupFile),
  lovCodes: readLovViewCodes(root, 'server/seed/data/lov-views.json'),
  menuDirs: readMenuDirCodes(root, 'server/seed/data/menus.json'),
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
