/**
 * The page schema language: one source of truth. The TypeBox definitions below (and in page-*.ts) give the
 * static types the renderer uses and, through `pageJsonSchema()`, the JSON Schema that `npm run schemas:generate`
 * writes to schemas/page.schema.json for editors and that the validator runs with ajv.
 *
 * @example
 *   import { validatePage } from 'renderer/index'
 *   const { page, issues } = validatePage(json, { file: 'schemas/pages/wmdm/warehouse.page.json' })
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Condition, ConditionOp, FieldName, Linkage, PageGrants, PageMenu, TextKey } from './page-common'
import { DataSource, FieldSpec, Fields, LineTable, LineTableInput, Texts, WidgetName } from './page-fields'
import { Action, ActionDialog, PermissionCode, TransitionAction } from './page-actions'
import * as kinds from './page-kinds'

const PageModule = Type.Module({
  TextKey,
  FieldName,
  ConditionOp,
  Condition,
  Linkage,
  WidgetName,
  LineTableInput,
  LineTable,
  FieldSpec,
  Fields,
  DataSource,
  Texts,
  PermissionCode,
  PageMenu,
  PageGrants,
  ActionDialog,
  Action,
  TransitionAction,
  SearchSpec: kinds.SearchSpec,
  TableColumn: kinds.TableColumn,
  TableSpec: kinds.TableSpec,
  FormSection: kinds.FormSection,
  FormSpec: kinds.FormSpec,
  ToolbarSpec: kinds.ToolbarSpec,
  ListPage: kinds.ListPage,
  FormPage: kinds.FormPage,
  MasterDetailPage: kinds.MasterDetailPage,
  TabsPage: kinds.TabsPage,
  DashboardCard: kinds.DashboardCard,
  DashboardPage: kinds.DashboardPage,
  CustomPage: kinds.CustomPage,
})

/** Page kind → name of its definition in `$defs`. */
export const PAGE_KINDS = {
  list: 'ListPage',
  form: 'FormPage',
  'master-detail': 'MasterDetailPage',
  tabs: 'TabsPage',
  dashboard: 'DashboardPage',
  custom: 'CustomPage',
} as const
export type PageKind = keyof typeof PAGE_KINDS

/** The static type of one definition of the page module. */
type Def<K extends Parameters<typeof PageModule.Import>[0]> = Static<ReturnType<typeof PageModule.Import<K>>>

export type ListPage = Def<'ListPage'>
export type FormPage = Def<'FormPage'>
export type MasterDetailPage = Def<'MasterDetailPage'>
export type TabsPage = Def<'TabsPage'>
export type DashboardPage = Def<'DashboardPage'>
export type CustomPage = Def<'CustomPage'>
/** A parsed, valid page file. */
export type PageSchema = ListPage | FormPage | MasterDetailPage | TabsPage | DashboardPage | CustomPage
export type FieldSpec = Def<'FieldSpec'>
export type Condition = Def<'Condition'>
export type Linkage = Def<'Linkage'>
export type PageAction = Def<'Action'>
export type TransitionActionSpec = Def<'TransitionAction'>
export type ActionDialogSpec = Def<'ActionDialog'>
export type LineTableSpec = Def<'LineTable'>
export type LineTableInputSpec = Def<'LineTableInput'>
export type DataSourceSpec = Def<'DataSource'>
export type TableColumnSpec = Def<'TableColumn'>
export type FormSpec = Def<'FormSpec'>
export type PageTexts = Def<'Texts'>
export type PageMenuSpec = Def<'PageMenu'>
export type PageGrantsSpec = Def<'PageGrants'>
export type DashboardCardSpec = Def<'DashboardCard'>

export const PAGE_SCHEMA_ID = 'https://wms.local/schemas/page.schema.json'

/** Rewrites TypeBox's module output into plain JSON Schema: `$ref: "X"` → `#/$defs/X`, no per-def `$id`,
 * and unions that declare a discriminator become `oneOf` (ajv's discriminator keyword needs it). */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema)
  if (typeof node !== 'object' || node === null) return node
  const out: Record<string, unknown> = {}
  const source = node as Record<string, unknown>
  for (const key of Object.keys(source)) {
    const value = source[key]
    if (key === '$id') continue
    if (key === 'orTransition') continue
    else if (key === '$ref' && source.orTransition === true) Object.assign(out, orTransition())
    else if (key === '$ref' && typeof value === 'string' && !value.startsWith('#'))
      out.$ref = `#/$defs/${value}`
    else if (key === 'anyOf' && 'discriminator' in source) out.oneOf = toJsonSchema(value)
    else if (key === 'anyOf' && isLiteralList(value)) Object.assign(out, literalsToEnum(value))
    else if (key === 'anyOf' && isTypeList(value)) out.type = value.map((b) => b.type)
    else out[key] = toJsonSchema(value)
  }
  return out
}

/** A row action (page-actions.ts RowAction): the transition form when it has `transition`, else a full action. */
const orTransition = () => ({
  if: { required: ['transition'] },
  then: { $ref: '#/$defs/TransitionAction' },
  else: { $ref: '#/$defs/Action' },
})

type Literal = { const: string | number; type: string }
const isLiteralList = (value: unknown): value is Literal[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && 'const' in v)

const isTypeList = (value: unknown): value is { type: string }[] =>
  Array.isArray(value) &&
  value.every((v) => typeof v === 'object' && v !== null && Object.keys(v).join() === 'type')

/** A union of literals reads better as an enum: ajv then reports the allowed values in one error. */
function literalsToEnum(branches: Literal[]): Record<string, unknown> {
  const types = [...new Set(branches.map((b) => b.type))]
  return { type: types.length === 1 ? types[0] : types, enum: branches.map((b) => b.const) }
}

/** Any TypeBox schema as plain JSON Schema (used for the model schema too). */
export const plainJsonSchema = (schema: unknown) => toJsonSchema(JSON.parse(JSON.stringify(schema)))

/** The JSON Schema of a page file (what schemas/page.schema.json holds). Deterministic. */
export function pageJsonSchema(): Record<string, unknown> {
  const defs = (PageModule.Import('ListPage') as unknown as { $defs: Record<string, TSchema> }).$defs
  const kindNames = Object.keys(PAGE_KINDS)
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: PAGE_SCHEMA_ID,
    title: 'Page',
    description:
      'A page of the low-code platform: what the screen is (kind), where its data lives, its fields, search, ' +
      'table, form, actions, permission codes and texts. See schemas/README.md.',
    type: 'object',
    required: ['kind'],
    properties: {
      kind: {
        enum: kindNames,
        description:
          'What the screen is: ' + kindNames.join(', ') + '. Decides which other properties apply.',
      },
    },
    allOf: Object.entries(PAGE_KINDS).map(([kind, def]) => ({
      if: { properties: { kind: { const: kind } }, required: ['kind'] },
      then: { $ref: `#/$defs/${def}` },
    })),
    $defs: toJsonSchema(defs),
  }
}
