/**
 * Checks across files that the browser cannot make: page fields exist in the page's model (and are sortable
 * where the table sorts), lookup codes exist in the value-list seed, create/edit/delete/export codes equal the
 * model's guards, Lov codes exist among the seed's Lov views, routes are known to the spec's route list
 * (their uniqueness across files: check-page-files.ts).
 */
import { filterTypeOfField } from '../contract/column-filter'
import type { ModelSchema } from './model'
import type { IssueDraft } from './issue'
import type { PageAction, PageSchema } from './page'
import { suggestName } from './suggest'
import { walkJson } from './walk'

export interface CrossContext {
  /** "wms/warehouse" → model. */
  models: Map<string, ModelSchema>
  /** Undefined when the seed file is missing (reported once by the caller). */
  lookupCodes?: Set<string>
  /** Lov view codes of server/seed/data/lov-views.json; undefined when the file is missing. */
  lovCodes?: Set<string>
  routes: Set<string>
  /**
   * Permission codes the server knows (the playground's check); each code the page declares outside it is
   * reported, with the closest known code. Undefined: not checked.
   */
  permissionCodes?: Set<string>
  /** Model files that exist but were refused (the server serves without them): key → first problem. */
  refusedModels?: Map<string, string>
  /** Codes of the directory menu entries (server/seed/data/menus.json) a page's `menu.parent` may name. */
  menuDirs?: Set<string>
}

const AUDIT = [
  'objectVersionNumber',
  'creationDate',
  'createdBy',
  'lastUpdateDate',
  'lastUpdatedBy',
  'tenantId',
]
const GUARD: Record<string, keyof NonNullable<ModelSchema['permissions']>> = {
  create: 'create',
  edit: 'update',
  delete: 'delete',
  export: 'export',
}

type Block = {
  dataSource?: { model?: string; primaryKey: string; params?: Record<string, unknown> }
  fields?: Record<
    string,
    { lookupCode?: string; lovCode?: string; search?: 'range'; lov?: { params?: Record<string, string> } }
  >
  search?: { fields: string[] }
  table?: {
    columns: { field: string; sortable?: boolean; filter?: string }[]
    rowActions?: PageAction[]
  }
  toolbar?: { actions: PageAction[] }
}

export function crossIssues(page: PageSchema, context: CrossContext): IssueDraft[] {
  const issues: IssueDraft[] = []
  const blocks: [Block, string][] = [[page as Block, '']]
  if (page.kind === 'master-detail') {
    page.details.forEach((d, i) => blocks.push([d as Block, `/details/${i}`]))
    const keys = page.details.map((d) => d.key)
    if (page.preview && !keys.includes(page.preview.detail))
      issues.push({
        pointer: '/preview/detail',
        message: `'${page.preview.detail}' is not the key of a detail block of this page`,
        suggestion: suggestName(page.preview.detail, keys, 'detail keys'),
      })
  }
  // An action's dialog has its own fields (not the model's): their value sets and Lov views are checked, and
  // the row fields it reads or sends must be the model's.
  const dialogs: [Block, string, Block][] = []
  for (const [block, base] of [...blocks]) {
    const actions: [PageAction[] | undefined, string][] = [
      [block.toolbar?.actions, `${base}/toolbar/actions`],
      [block.table?.rowActions, `${base}/table/rowActions`],
    ]
    for (const [list, where] of actions)
      list?.forEach((a, i) => {
        if (a.type === 'action' && a.dialog) dialogs.push([a.dialog as Block, `${where}/${i}/dialog`, block])
      })
  }
  for (const [block, base] of [...blocks, ...dialogs.map(([d, at]) => [d, at] as [Block, string])]) {
    const model = modelOf(block, base, context, issues)
    for (const [name, field] of Object.entries(block.fields ?? {})) {
      const at = `${base}/fields/${name}`
      if (field.lookupCode && context.lookupCodes && !context.lookupCodes.has(field.lookupCode)) {
        issues.push({
          pointer: `${at}/lookupCode`,
          message: `value set '${field.lookupCode}' is not in server/seed/data/lookups.json`,
          suggestion: suggestName(field.lookupCode, [...context.lookupCodes], 'value sets'),
        })
      }
      if (field.lovCode && context.lovCodes && !context.lovCodes.has(field.lovCode)) {
        issues.push({
          pointer: `${at}/lovCode`,
          message: `Lov view '${field.lovCode}' is not in server/seed/data/lov-views.json`,
          suggestion: suggestName(field.lovCode, [...context.lovCodes], 'Lov views'),
        })
      }
      const pageFields = Object.keys(block.fields ?? {})
      for (const [param, source] of Object.entries(field.lov?.params ?? {})) {
        if (pageFields.includes(source) && source !== name) continue
        issues.push({
          pointer: `${at}/lov/params/${param}`,
          message:
            source === name
              ? `'${name}' cannot narrow its own picker: name another field of this page`
              : `'${source}' is not a field of this page, so it cannot narrow the picker`,
          suggestion: suggestName(source, pageFields, 'page fields'),
        })
      }
      if (!model) continue
      const names = [...model.fields.map((f) => f.name), model.primaryKey, ...AUDIT]
      if (!names.includes(name)) {
        issues.push({
          pointer: at,
          message: `field '${name}' is not in the model ${block.dataSource?.model}`,
          suggestion: suggestName(name, names, 'model fields'),
        })
      }
    }
    if (model) {
      issues.push(...rangeIssues(block, base, model))
      block.table?.columns.forEach((column, i) => {
        const field = model.fields.find((f) => f.name === column.field)
        if (column.sortable && field && !field.sortable) {
          issues.push({
            pointer: `${base}/table/columns/${i}/sortable`,
            message: `the model does not allow sorting by '${column.field}'`,
            suggestion: 'remove "sortable" or mark the model field sortable',
          })
        }
        const filterType = field && filterTypeOfField(field)?.toLowerCase()
        if (column.filter && field && column.filter !== filterType) {
          issues.push({
            pointer: `${base}/table/columns/${i}/filter`,
            message: filterType
              ? `'${column.field}' filters as ${filterType} in the model, not ${column.filter}`
              : `the model does not allow filtering by '${column.field}'`,
            suggestion: filterType
              ? `write "filter": "${filterType}"`
              : 'remove "filter" or mark the model field "filterable": true',
          })
        }
      })
      const actions: [PageAction[] | undefined, string][] = [
        [block.toolbar?.actions, `${base}/toolbar/actions`],
        [block.table?.rowActions, `${base}/table/rowActions`],
      ]
      for (const [list, where] of actions)
        list?.forEach((a, i) => guardIssue(a, `${where}/${i}`, model, issues))
    }
  }
  for (const [dialog, at, owner] of dialogs) {
    const model = owner.dataSource?.model ? context.models.get(owner.dataSource.model) : undefined
    if (!model) continue
    const names = [...model.fields.map((f) => f.name), model.primaryKey, ...AUDIT]
    const spec = dialog as { send?: string[]; fromRow?: Record<string, string> }
    const rowField = (name: string, pointer: string) => {
      if (!names.includes(name))
        issues.push({
          pointer,
          message: `row field '${name}' is not in the model ${String(owner.dataSource?.model)}`,
          suggestion: suggestName(name, names, 'model fields'),
        })
    }
    spec.send?.forEach((name, i) => rowField(name, `${at}/send/${i}`))
    for (const [name, from] of Object.entries(spec.fromRow ?? {})) rowField(from, `${at}/fromRow/${name}`)
  }
  if (context.permissionCodes) issues.push(...permissionIssues(page, context.permissionCodes))
  for (const [block, base] of blocks) {
    const model = block.dataSource?.model ? context.models.get(block.dataSource.model) : undefined
    if (!model) continue
    for (const name of Object.keys(block.dataSource?.params ?? {})) {
      const field = model.fields.find((f) => f.name === name)
      if (!field?.searchable)
        issues.push({
          pointer: `${base}/dataSource/params/${name}`,
          message: field
            ? `the model does not search by '${name}': the fixed filter would be ignored`
            : `fixed filter '${name}' is not a field of the model ${String(block.dataSource?.model)}`,
          suggestion: field
            ? `mark the model field "searchable": true`
            : suggestName(
                name,
                model.fields.filter((f) => f.searchable).map((f) => f.name),
                'searchable fields',
              ),
        })
    }
  }
  const parent = (page as { menu?: { parent?: string } }).menu?.parent
  if (parent && context.menuDirs && !context.menuDirs.has(parent))
    issues.push({
      pointer: '/menu/parent',
      message: `'${parent}' is not the code of a directory menu entry, so the page's entry could not be placed`,
      suggestion: suggestName(parent, [...context.menuDirs], 'directory codes'),
    })
  return issues
}

/**
 * Declared permission codes the server does not know: a new page's own codes are registered when the server
 * reads the file (a warning), but a misspelt existing code would hide its button from every role.
 */
function permissionIssues(page: PageSchema, known: Set<string>): IssueDraft[] {
  const issues: IssueDraft[] = []
  walkJson(page, (value, pointer, key) => {
    if (key !== 'permission' || typeof value !== 'string' || known.has(value)) return
    issues.push({
      pointer,
      severity: 'warning',
      message: `permission code '${value}' is not registered on the server: no role has it until it is granted in the menu screens`,
      suggestion: suggestName(value, [...known], 'permission codes'),
    })
  })
  return issues
}

/** A search field is a range on the page exactly when its model field is searchable by range. */
function rangeIssues(block: Block, base: string, model: ModelSchema): IssueDraft[] {
  const issues: IssueDraft[] = []
  block.search?.fields.forEach((name, i) => {
    const searchable = model.fields.find((f) => f.name === name)?.searchable
    const range = block.fields?.[name]?.search === 'range'
    if (searchable === 'range' && !range) {
      issues.push({
        pointer: `${base}/search/fields/${i}`,
        message: `the model searches '${name}' by range (${name}From / ${name}To): a single value would be ignored`,
        suggestion: `add "search": "range" to ${base}/fields/${name}`,
      })
    } else if (range && searchable !== 'range') {
      issues.push({
        pointer: `${base}/fields/${name}/search`,
        message: `the model does not search '${name}' by range (its searchable is ${searchable ? `'${searchable}'` : 'unset'})`,
        suggestion: 'remove "search": "range" or mark the model field "searchable": "range"',
      })
    }
  })
  return issues
}

function modelOf(block: Block, base: string, context: CrossContext, issues: IssueDraft[]) {
  const name = block.dataSource?.model
  if (!name) return undefined
  const model = context.models.get(name)
  const refused = context.refusedModels?.get(name)
  if (!model && refused !== undefined) {
    issues.push({
      pointer: `${base}/dataSource/model`,
      message: `model '${name}' is invalid, so the server runs without it: ${refused}`,
      suggestion: `fix schemas/models/${name}.model.json (npm run schemas:check lists its problems)`,
    })
  } else if (!model) {
    issues.push({
      pointer: `${base}/dataSource/model`,
      message: `model '${name}' not found (expected schemas/models/${name}.model.json)`,
      suggestion: suggestName(name, [...context.models.keys()], 'models'),
    })
  }
  return model
}

function guardIssue(action: PageAction, pointer: string, model: ModelSchema, issues: IssueDraft[]) {
  const operation = GUARD[action.type]
  if (!operation || !action.permission) return
  const guard = model.permissions?.[operation]
  if (guard && guard !== action.permission) {
    issues.push({
      pointer: `${pointer}/permission`,
      message: `'${action.permission}' differs from the model's ${operation} guard '${guard}': the server would refuse what the button offers`,
      suggestion: `write "${guard}"`,
    })
  }
}

/** A route missing from the spec's list is worth a look (a warning). */
export function unlistedRouteIssues(route: string, context: CrossContext): IssueDraft[] {
  if (!context.routes.size || context.routes.has(route)) return []
  return [
    {
      pointer: '/route',
      severity: 'warning',
      message: `route '${route}' is not in schemas/routes.tsv (the spec's route list)`,
      suggestion: suggestName(route, [...context.routes], 'routes'),
    },
  ]
}
