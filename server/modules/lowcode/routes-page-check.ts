/**
 * POST /api/hpfm/v1/page-schemas/check {file, source} → {issues}: the playground's check of a page being
 * edited, with every stage at once (syntax, duplicate keys, shape, meaning, linkage cycles, then references) and
 * against what this server knows now: its models, value sets, the tenant's Lov views, the registered permission
 * codes, and the routes of the pages it serves. The same check as schemas:check and the start
 * (renderer/schema/check-page-files.ts). For configurators: guarded by the playground's permission code.
 */
import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import { WIDGET_NAMES } from '../../../renderer/contract/widget-names.ts'
import { checkPageFile, routeCollisionIssues } from '../../../renderer/schema/check-page-files.ts'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { knownLovCodes } from '../hpfm/lov-views.ts'
import type { LivePages } from './live-pages.ts'

/** The playground's code (server/seed/data/permissions.json, widgets/schema-playground). */
export const PLAYGROUND_PERMISSION = 'hpfm.playground.view'

const CheckBody = Type.Object(
  {
    file: Type.String({ pattern: '\\.page\\.json$', maxLength: 400 }),
    source: Type.String({ maxLength: 2_000_000 }),
  },
  { additionalProperties: false },
)

/**
 * One page file's text checked with every stage against what this server knows now: its models, the value
 * sets, the tenant's Lov views and every registered permission code (route clashes are the caller's: it knows
 * which files to compare with). Shared by the playground's check and the page designer's save.
 */
export function serverPageCheck(
  models: readonly ModelSchema[],
  /** The value set codes of this server's seed files (config.seedDataDir), kept current by live reference data. */
  lookupCodes: () => Set<string>,
) {
  return async (db: Db, tenantId: number, file: string, source: string) => {
    // Read at each call: live model files change the array in place (a field the designer just added counts).
    const byKey = new Map(models.map((model) => [modelKey(model), model]))
    const [lovCodes, permissions] = await Promise.all([
      knownLovCodes(db, tenantId),
      db.selectFrom('iamPermission').select('code').execute(),
    ])
    return checkPageFile(file, source, {
      widgetNames: WIDGET_NAMES,
      models: byKey,
      lookupCodes: lookupCodes(),
      lovCodes: new Set(lovCodes),
      permissionCodes: new Set(permissions.map((row) => row.code)),
      routes: new Set(),
      allStages: true,
    })
  }
}

export function pageCheckRoutes(live: LivePages, models: readonly ModelSchema[]): TypedPlugin {
  const check = serverPageCheck(models, () => live.refs.lookupCodes)
  return async (app) => {
    app.post(
      '/api/hpfm/v1/page-schemas/check',
      { schema: { body: CheckBody }, preHandler: requirePermission(PLAYGROUND_PERMISSION) },
      async (request) => {
        const session = sessionOf(request)
        const { file, source } = request.body
        const checked = await check(app.db, session.tenantId, file, source)
        const strip = (name: string) => name.replace(/^\.?\//, '')
        const others = live.pages.filter((page) => strip(page.file) !== strip(file))
        return { issues: [...checked.issues, ...routeCollisionIssues(checked, others)] }
      },
    )
  }
}
