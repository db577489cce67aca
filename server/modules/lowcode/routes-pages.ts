/**
 * GET /api/hpfm/v1/page-schemas            → the page index: [{file, route, kind, errors}]
 * GET /api/hpfm/v1/page-schemas/page?route= → one page: {file, route, kind, source, issues, version, models,
 *   rejected?} (or ?file=); `models`: the facts of the models the page names, which its fields inherit
 *   (renderer/schema/model-inheritance.ts); `rejected`: the problems of a later save that took no effect
 *   (live-pages.ts)
 * GET /api/hpfm/v1/page-schemas/document?route= → what a document page shows of a saved document
 *   (document-facts.ts: number and status fields, the actions its lifecycle allows, totals)
 * Pages are site-wide definitions (like menus): any signed-in user may read them; what a page shows is
 * guarded by its permission codes and by the data endpoints it calls.
 */
import { NoQuery } from '../../schemas.ts'
import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import { badRequest, notFound } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { pageModelFacts } from '../../../renderer/schema/model-inheritance.ts'
import { documentFacts } from './document-facts.ts'
import type { LivePages } from './live-pages.ts'
import { pageFilePath } from './load-pages.ts'

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

export function pageSchemaRoutes(live: LivePages, models: readonly ModelSchema[] = []): TypedPlugin {
  // Document facts follow the pages: worked out again after a page file changed (live-pages.ts).
  let facts = { version: -1, documents: documentFacts([], models) }
  const documentsNow = () => {
    if (facts.version !== live.version)
      facts = { version: live.version, documents: documentFacts(live.pages, models) }
    return facts.documents
  }

  return async (app) => {
    app.get(
      '/api/hpfm/v1/page-schemas/document',
      { schema: { querystring: DocumentQuery } },
      async (request) => {
        sessionOf(request)
        const { route } = request.query
        const found = documentsNow().get(route)
        if (found) return found
        // A page that is not a document page answers so (pages ask without knowing their model's lifecycle).
        if (live.byRoute(route)) return { route, document: false }
        throw notFound(
          `No page file declares the route ${route}: ask with the route of a form or master-detail page (e.g. /winv/inboundOrder/detail).`,
        )
      },
    )

    app.get('/api/hpfm/v1/page-schemas', { schema: { querystring: NoQuery } }, async (request) => {
      sessionOf(request)
      return live.pages.map((page) => ({
        file: page.file,
        route: page.route,
        kind: page.kind,
        errors: page.issues.filter((issue) => issue.severity === 'error').length,
      }))
    })

    app.get('/api/hpfm/v1/page-schemas/page', { schema: { querystring: PageQuery } }, async (request) => {
      sessionOf(request)
      const { route, file } = request.query
      if (!route && !file)
        throw badRequest('Give the page by route (?route=/wmdm/warehouse) or by file (?file=…).')
      // A file is named inside the pages directory (load-pages.ts shownPath), never out of it.
      if (file && !pageFilePath(file, live.dir))
        throw badRequest(
          `file '${file}' lies outside the pages directory: name a page file as the page index names it.`,
          { file: 'outside the pages directory' },
        )
      const page = file ? live.byFile(file) : live.byRoute(route ?? '')
      if (!page) {
        // Watched: saving the file is enough; otherwise the server reads page files at start only.
        const then = live.watching ? ': it is served as soon as it is saved' : ' and restart the server'
        throw notFound(
          file
            ? `No page file ${file} is served: add it under the pages directory${then}.`
            : `No page file declares the route ${route}: add one under the pages directory${then}.`,
        )
      }
      return {
        file: page.file,
        route: page.route,
        kind: page.kind,
        source: page.source,
        issues: page.issues,
        version: page.version ?? 0,
        // What the page's fields inherit: the browser completes the page with it before it renders.
        models: pageModelFacts(page.data, live.refs.models),
        // A later save that failed the check: the version above is still served; the page shows these above it.
        ...(page.rejected
          ? { rejected: { issues: page.rejected.issues, version: page.rejected.version } }
          : {}),
      }
    })
  }
}
