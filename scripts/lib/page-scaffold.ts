/**
 * What `npm run new:page` writes: a list page (search, columns, create/edit/delete) for a route, built from the
 * page's model, and with --model a starter model (code, name, enabled flag, remark). Pure functions: the CLI
 * (scripts/new-page.ts) reads and writes the files, the test runs the schema checker on the result.
 */
import type { ModelField, ModelSchema } from '../../renderer/schema/model'
import { fieldSpec } from '../../renderer/page-document/field-from-model'

export type Language = 'zh_CN' | 'en_US' | 'zh_TW'
export type Texts = Record<Language, string>

export interface PageTarget {
  /** e.g. /wmdm/stockLocation */
  route: string
  /** First route segment (wmdm): text-key prefix and page folder. */
  module: string
  /** Last route segment in camelCase (stockLocation): entity name and text-key part. */
  name: string
  /** kebab-case file name (stock-location). */
  fileName: string
  service: string
  title: Texts
}

const ROUTE = /^\/([a-z][a-z0-9]*)(?:\/[A-Za-z][A-Za-z0-9-]*)*\/([A-Za-z][A-Za-z0-9-]*)$/

const camel = (segment: string) =>
  segment.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/^[A-Z]/, (c) => c.toLowerCase())
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
const humanize = (name: string) => {
  const words = kebab(name).replace(/-/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Reads `<route>` and the title option (`en|zh_CN|zh_TW`); answers the target or what is wrong with them. */
export function pageTarget(route: string, service: string, title?: string): PageTarget | { error: string } {
  const match = ROUTE.exec(route)
  if (!match)
    return {
      error: `'${route}' is not a page route: write /<module>/<page>, e.g. /wmdm/stockLocation (letters and digits, module in lower case)`,
    }
  if (!/^[a-z][a-z0-9]*$/.test(service))
    return { error: `service '${service}' must be lower-case letters and digits, e.g. wms` }
  const module = match[1]!
  const name = camel(match[2]!)
  const parts = title?.split('|').map((part) => part.trim())
  if (parts && (parts.length !== 3 || parts.some((part) => !part)))
    return {
      error: `--title '${title}' needs three names: "<en_US>|<zh_CN>|<zh_TW>", the entity in the singular, e.g. "Storage location|库位|庫位"`,
    }
  const english = parts?.[0] ?? humanize(name)
  return {
    route,
    module,
    name,
    fileName: kebab(name),
    service,
    title: { en_US: english, zh_CN: parts?.[1] ?? english, zh_TW: parts?.[2] ?? english },
  }
}

/** Permission codes the model guards its writes with, named the way the seed names button codes. */
export const permissionCodes = (target: PageTarget) => ({
  create: `${target.module}.${target.name}.button.create`,
  update: `${target.module}.${target.name}.button.edit`,
  delete: `${target.module}.${target.name}.button.delete`,
})

/** A starter model: code (fixed once created), translatable name, enabled flag and remark. */
export function scaffoldModel(target: PageTarget): ModelSchema & { $schema: string } {
  const { name, module, title } = target
  return {
    $schema: '../../model.schema.json',
    service: target.service,
    entity: name,
    resource: target.fileName.endsWith('s') ? target.fileName : `${target.fileName}s`,
    table: `${module}_${target.fileName.replace(/-/g, '_')}`,
    description: `${title.en_US} of a tenant (scaffolded by npm run new:page: describe the entity, its states and rules).`,
    primaryKey: `${name}Id`,
    defaultSort: `${name}Code,asc`,
    fields: [
      {
        name: `${name}Code`,
        type: 'string',
        label: `${title.en_US} code`,
        maxLength: 30,
        required: true,
        updatable: false,
        pattern: '^[A-Z0-9_-]+$',
        searchable: 'like',
        sortable: true,
      },
      {
        name: `${name}Name`,
        type: 'string',
        label: `${title.en_US} name`,
        maxLength: 120,
        required: true,
        multiLanguage: true,
        searchable: 'like',
        sortable: true,
      },
      {
        name: 'enabledFlag',
        type: 'flag',
        label: 'Enabled',
        default: 1,
        searchable: 'exact',
        sortable: true,
      },
      { name: 'remark', type: 'text', label: 'Remark' },
    ],
    uniqueKeys: [{ fields: [`${name}Code`], message: `${title.en_US} code {${name}Code} already exists` }],
    permissions: permissionCodes(target),
  }
}

/** Labels of the starter fields in the three languages; other fields take the model's (English) label. */
export function fieldTexts(field: ModelField, target: PageTarget): Texts {
  const { name, title } = target
  const known: Record<string, Texts> = {
    [`${name}Code`]: {
      zh_CN: `${title.zh_CN}编码`,
      en_US: `${title.en_US} code`,
      zh_TW: `${title.zh_TW}編碼`,
    },
    [`${name}Name`]: {
      zh_CN: `${title.zh_CN}名称`,
      en_US: `${title.en_US} name`,
      zh_TW: `${title.zh_TW}名稱`,
    },
    enabledFlag: { zh_CN: '启用', en_US: 'Enabled', zh_TW: '啟用' },
    remark: { zh_CN: '备注', en_US: 'Remark', zh_TW: '備註' },
  }
  const label = field.label ?? humanize(field.name)
  return known[field.name] ?? { zh_CN: label, en_US: label, zh_TW: label }
}

/**
 * A list page over `model` (file key `service/entity-file`): every searchable field in the search bar, every
 * field a column (sortable where the model sorts), a drawer form, and create/edit/delete where the model guards
 * them — with the model's own codes, so the buttons offer exactly what the server allows.
 */
export function scaffoldPage(target: PageTarget, model: ModelSchema, modelKey: string) {
  const prefix = `${target.module}.${target.name}`
  const texts: Record<string, Texts> = {
    [`${prefix}.title`]: target.title,
    [`${prefix}.section.basic`]: { zh_CN: '基本信息', en_US: 'Basic information', zh_TW: '基本資訊' },
  }
  const fields: Record<string, Record<string, unknown>> = {}
  for (const field of model.fields) {
    const key = `${prefix}.field.${field.name}`
    const spec = fieldSpec(field, key)
    if (!spec) continue
    fields[field.name] = spec
    texts[key] = fieldTexts(field, target)
  }
  const names = Object.keys(fields)
  const guards = model.permissions ?? {}
  const rowActions: Record<string, unknown>[] = []
  if (guards.update) rowActions.push({ type: 'edit', permission: guards.update })
  if (guards.delete) {
    texts[`${prefix}.confirm.delete`] = {
      zh_CN: `确定删除该${target.title.zh_CN}吗？`,
      en_US: `Delete this ${target.title.en_US.toLowerCase()}?`,
      zh_TW: `確定刪除該${target.title.zh_TW}嗎？`,
    }
    rowActions.push({
      type: 'delete',
      permission: guards.delete,
      confirm: { title: `${prefix}.confirm.delete`, content: 'common.confirm.delete.content' },
    })
  }
  return {
    $schema: '../../page.schema.json',
    kind: 'list',
    route: target.route,
    title: `${prefix}.title`,
    description: `${target.title.en_US}: staff search, create, edit and delete them (scaffolded by npm run new:page: say who uses the page and for what).`,
    dataSource: {
      service: model.service,
      path: `/v1/{tenantId}/${model.resource}`,
      model: modelKey,
      primaryKey: model.primaryKey,
    },
    fields,
    search: {
      fields: model.fields
        .filter((f) => f.searchable && fields[f.name])
        .map((f) => f.name)
        .slice(0, 8),
      columns: 4,
      rows: 1,
    },
    table: {
      columns: names.map((name) => ({
        field: name,
        ...(model.fields.find((f) => f.name === name)?.sortable ? { sortable: true } : {}),
      })),
      pageSize: 10,
      pageSizeOptions: [10, 20, 50, 100],
      ...(rowActions.length ? { rowActions } : {}),
    },
    ...(guards.create ? { toolbar: { actions: [{ type: 'create', permission: guards.create }] } } : {}),
    form: {
      mode: 'drawer',
      width: 720,
      sections: [{ title: `${prefix}.section.basic`, columns: 2, fields: names }],
    },
    texts,
  }
}
