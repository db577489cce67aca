/**
 * What `npm run schemas:check` checks pages against, read from the repository: the models as the server reads
 * them (a refused model's problems in the server's words), the seed's value sets, Lov views and menu
 * directories, the spec's routes, the widgets' definitions. Shared with the tests that hold the CLI and the
 * server to one verdict (tests/server/widget-check.test.ts).
 */
import { relative, resolve } from 'node:path'
import { WIDGET_NAMES } from '../../renderer/contract/widget-names'
import type { PageCheckContext } from '../../renderer/schema/check-page-files'
import type { SchemaIssue } from '../../renderer/schema/issue'
import { refusalReasons } from '../../server/modules/models/load-models.ts'
import { readModelMap } from './model-map'
import { readLookupCodes, readLovViewCodes, readMenuDirCodes, readRoutes } from './schema-files'

export function cliPageCheckContext(root: string): { context: PageCheckContext; issues: SchemaIssue[] } {
  const issues: SchemaIssue[] = []
  // The server's own model reading: what the server refuses at start is reported here, in the same words.
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
  return { context, issues }
}
