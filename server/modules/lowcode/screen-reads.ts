/**
 * What each screen reads, worked out from the page files (and, for the parts of screens written by hand, from
 * HAND_WRITTEN_READS below): the API paths its data sources, line tables, detail pages and actions name, the
 * Lov codes its fields use, the widgets it shows and the screens it opens. The read guard
 * (server/plugins/read-guards.ts) turns this into "which menus' screens read which route".
 */
import { SERVICE_PREFIX, type ServiceName } from '../../../renderer/contract/wire.ts'
import { walkJson } from '../../../renderer/schema/walk.ts'
import type { ServedPage } from './load-pages.ts'

export interface ScreenReads {
  /** The page's route, `{param}` placeholders as written (`/hiam/role/api/{roleId}`). */
  route: string
  /** API paths in the route table's form, `{x}` as `:x`: `/api/wms/v1/:tenantId/carriers`. */
  paths: string[]
  /** Lov codes of its fields. */
  lovCodes: string[]
  /** Routes of the screens it opens (`to` of links and actions). */
  opens: string[]
  /** Widgets it shows (`widget` properties), for HAND_WRITTEN_READS. */
  widgets: string[]
}

/**
 * API reads of screens and widgets written by hand (widgets/*, src/*), which no page file names: found by
 * searching the client code for service paths. Keyed by widget name, or by a screen route for a screen that is
 * not a page file. Paths are in the client's form (`service` + path, `{tenantId}` for the tenant).
 */
export const HAND_WRITTEN_READS: Record<string, Array<[ServiceName, string]>> = {
  // widgets/import-runner/import-calls.ts: the import screens (template, upload, batches, progress)
  ImportRunner: [
    ['himp', '/v1/{tenantId}/templates'],
    ['himp', '/v1/{tenantId}/imports'],
    ['himp', '/v1/{tenantId}/import-templates'],
    ['himp', '/v1/{tenantId}/import-batches'],
  ],
  // widgets/report-runner/ReportRunner.tsx
  ReportRunner: [
    ['hrpt', '/v1/{tenantId}/report-definitions'],
    ['hrpt', '/v1/{tenantId}/reports'],
  ],
  // widgets/template-editor/TemplateEditor.tsx
  TemplateEditor: [
    ['hrpt', '/v1/{tenantId}/report-templates'],
    ['hrpt', '/v1/{tenantId}/data-sets'],
  ],
  // widgets/label-designer/label-calls.ts (designer and print)
  LabelDesigner: [
    ['hrpt', '/v1/{tenantId}/label-templates'],
    ['hrpt', '/v1/{tenantId}/labels'],
  ],
  LabelPrint: [
    ['hrpt', '/v1/{tenantId}/label-templates'],
    ['hrpt', '/v1/{tenantId}/labels'],
  ],
  // widgets/document-print/DocumentPrint.tsx: the print templates of the document
  DocumentPrint: [['hpfm', '/v1/{tenantId}/general-templates']],
  // widgets/express-tracker/ExpressTracker.tsx
  ExpressTracker: [['ets', '/v1/{tenantId}/express']],
  // widgets/delivery-area-map/DeliveryAreaMap.tsx
  DeliveryAreaMap: [['ets', '/v1/{tenantId}/delivery-area-map']],
  // widgets/schema-playground/SchemaPlayground.tsx: every page file, to try them
  SchemaPlayground: [['hpfm', '/v1/page-schemas']],
  // widgets/page-designer/use-designer-file.ts: the page file being designed
  PageDesigner: [['hpfm', '/v1/page-designer/file']],
  // widgets/dimension-value/DimensionValue.tsx: the dimensions a value is chosen for
  DimensionValue: [['hpfm', '/v1/{tenantId}/data-dimensions']],
  // Screens (by route) owning an API-only read over their rows that their page file does not name:
  // the charge report sums the purchases' billed calls (hitf/routes-queries.ts).
  '/hitf/user-purchase': [['hitf', '/v1/{tenantId}/charge-report']],
}

/** `/v1/{tenantId}/x?a=b` of `service` → `/api/<prefix>/v1/:tenantId/x`. */
export function apiPath(service: string, path: string): string | undefined {
  const prefix = (SERVICE_PREFIX as Record<string, string>)[service]
  if (prefix === undefined) return undefined
  const bare = path.split('?')[0]!.replace(/\{(\w+)\}/g, ':$1')
  return `/api${prefix}${bare.startsWith('/') ? bare : `/${bare}`}`
}

/** The reads of one page file (a page that is not valid JSON reads nothing). */
export function readsOfPage(page: Pick<ServedPage, 'route' | 'source'>): ScreenReads {
  let data: unknown
  try {
    data = JSON.parse(page.source)
  } catch {
    return { route: page.route, paths: [], lovCodes: [], opens: [], widgets: [] }
  }
  const paths = new Set<string>()
  const lovCodes = new Set<string>()
  const opens = new Set<string>()
  const widgets = new Set<string>()
  const pageService = (data as { dataSource?: { service?: string } }).dataSource?.service
  // Objects with a `path` and no `service` (actions, line tables) call the service of the nearest object above
  // that names one, else the page's data source.
  const visit = (value: unknown, service: string | undefined) => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, service))
    if (!value || typeof value !== 'object') return
    const node = value as Record<string, unknown>
    const own = typeof node.service === 'string' ? node.service : service
    if (typeof node.path === 'string' && own) {
      const path = apiPath(own, node.path)
      if (path) paths.add(path)
    }
    for (const child of Object.values(node)) visit(child, own)
  }
  visit(data, pageService)
  walkJson(data, (value, _pointer, key) => {
    if (typeof value !== 'string') return
    if (key === 'lovCode') lovCodes.add(value)
    else if (key === 'to' && value.startsWith('/')) opens.add(value.split('?')[0]!)
    else if (key === 'widget') widgets.add(value)
  })
  for (const name of [...widgets, page.route]) {
    for (const [service, path] of HAND_WRITTEN_READS[name] ?? []) paths.add(apiPath(service, path)!)
  }
  return {
    route: page.route,
    paths: [...paths],
    lovCodes: [...lovCodes],
    opens: [...opens],
    widgets: [...widgets],
  }
}
