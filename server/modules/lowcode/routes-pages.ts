/**
 * GET /api/hpfm/v1/page-schemas            → the page index: [{file, route, kind, errors}]
 * GET /api/hpfm/v1/page-schemas/page?route= → one page: {file, route, kind, source, issues} (or ?file=)
 * GET /api/hpfm/v1/page-schemas/document?route= → what a document page shows of a saved document
 *   (document-facts.ts: number and status fields, the actions its lifecycle allows, totals)
 * Pages are site-wide definitions (like menus): any signed-in user may read them; what a page shows is
 * guarded by its permission codes and by the data endpoints it calls.
 */
import { NoQuery } from '../../schemas.ts'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { badRequest, notFound } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { documentFacts } from './document-facts.ts'
import type { ServedPage } from './load-pages.ts'

const PageQuery = Type.Object(
  {
    route: Type.Optional(Type.String({ pattern: '^/', maxLength: 240 })),
    file: Type.Optional(Type.String({ pattern: '\\.page\\.json$', maxLength: 400 })),
  },
  { additionalProperties: false },
)

const DocumentQuery = Type.Object(
  { route: Type.String({ pattern: '^/', maxLength: 240 }) },
  { additionalProperties: false },
)

export function pageSchemaRoutes(
  pages: ServedPage[],
  models: readonly ModelSchema[] = [],
): FastifyPluginAsync {
  // The browser names files without a leading slash (its route table's keys): compare them that way.
  const fileKey = (file: string) => file.replace(/^\.?\//, '')
  const byFile = new Map(pages.map((page) => [fileKey(page.file), page]))
  // The first file declaring a route answers it; when two do, both carry the clash as an error (check-page-files.ts),
  // so the route shows the error panel naming both instead of one screen silently replacing the other.
  const byRoute = new Map<string, ServedPage>()
  for (const page of pages) if (page.route && !byRoute.has(page.route)) byRoute.set(page.route, page)

  const documents = documentFacts(pages, models)

  return async (app) => {
    app.get(
      '/api/hpfm/v1/page-schemas/document',
      { schema: { querystring: DocumentQuery } },
      async (request) => {
        sessionOf(request)
        const { route } = request.query as typeof DocumentQuery.static
        const facts = documents.get(route)
        if (facts) return facts
        // A page that is not a document page answers so (pages ask without knowing their model's lifecycle).
        if (byRoute.has(route)) return { route, document: false }
        throw notFound(
          `No page file declares the route ${route}: ask with the route of a form or master-detail page (e.g. /winv/inboundOrder/detail).`,
        )
      },
    )

    app.get('/api/hpfm/v1/page-schemas', { schema: { querystring: NoQuery } }, async (request) => {
      sessionOf(request)
      return pages.map((page) => ({
        file: page.file,
        route: page.route,
        kind: page.kind,
        errors: page.issues.filter((issue) => issue.severity === 'error').length,
      }))
    })

    app.get('/api/hpfm/v1/page-schemas/page', { schema: { querystring: PageQuery } }, async (request) => {
      sessionOf(request)
      const { route, file } = request.query as typeof PageQuery.static
      if (!route && !file)
        throw badRequest('Give the page by route (?route=/wmdm/warehouse) or by file (?file=…).')
      const page = file ? byFile.get(fileKey(file)) : byRoute.get(route ?? '')
      if (!page) {
        throw notFound(
          file
            ? `No page file ${file} was read at start: add it under the pages directory and restart the server.`
            : `No page file declares the route ${route}: add one under the pages directory and restart the server.`,
        )
      }
      return { file: page.file, route: page.route, kind: page.kind, source: page.source, issues: page.issues }
    })
  }
}
