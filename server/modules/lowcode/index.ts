import type { FastifyPluginAsync } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { formatIssue } from '../../../renderer/schema/issue.ts'
import type { ServedPage } from './load-pages.ts'
import { pageSchemaRoutes } from './routes-pages.ts'
import { pageCheckRoutes } from './routes-page-check.ts'
import { pageDesignerRoutes } from './routes-page-designer.ts'

/**
 * The low-code runtime's own API: the page files read at start, served to the browser (see server/README.md
 * "Page schemas at run time"). Problems found at start are logged once per issue with file, line and pointer.
 */
export function lowcodeModule(pages: ServedPage[], models: readonly ModelSchema[] = []): FastifyPluginAsync {
  return async (app) => {
    for (const page of pages) {
      for (const issue of page.issues) {
        const entry = { file: issue.file, line: issue.line, column: issue.column, pointer: issue.pointer }
        if (issue.severity === 'error')
          app.log.error(entry, `bad page (served with its error panel): ${formatIssue(issue)}`)
        else app.log.warn(entry, formatIssue(issue))
      }
    }
    await app.register(pageSchemaRoutes(pages, models))
    await app.register(pageCheckRoutes(pages, models))
    await app.register(pageDesignerRoutes(models))
  }
}
