/**
 * The renderer's public entry: the app (src/) and widgets (widgets/) import from here only.
 * Headless: no UI kit; widgets bring antd.
 */
export * from './env'
export * from './contract/wire'
export * from './contract/export'
export * from './contract/filter-conditions'
export * from './contract/column-filter'
export type { TrackEvent, TrackedShipment, TrackResult } from './contract/ets'

// Page schema language and validation
export type {
  PageSchema,
  PageKind,
  ListPage,
  FormPage,
  MasterDetailPage,
  TabsPage,
  DashboardPage,
  CustomPage,
  FieldSpec,
  Condition,
  Linkage,
  PageAction,
  ActionDialogSpec,
  LineTableSpec,
  LineTableInputSpec,
  DataSourceSpec,
  TableColumnSpec,
  FormSpec,
  PageTexts,
  DashboardCardSpec,
} from './schema/page'
export type { ValidateOptions, PageValidation } from './schema/validate'
export { formatIssue, type SchemaIssue } from './schema/issue'

// Runtime
export { RendererProvider, type RendererProviderProps } from './runtime/RendererProvider'
export { useRendererEnv, useRegistry, useRendererServices } from './runtime/context'
export { SchemaPage, PAGE_WIDGETS, pageWidgetNames, type SchemaPageProps } from './runtime/SchemaPage'
export {
  PageContext,
  usePageContext,
  customPageProps,
  type PageContextValue,
  type PageWidgetProps,
} from './runtime/page-context'
export { WidgetBoundary } from './runtime/WidgetBoundary'
export { DesignModeContext, useDesignMode } from './runtime/design-mode'
export { SchemaErrorPanel } from './runtime/SchemaErrorPanel'

// Registry
export * from './contract/widget-names'
export { WIDGET_DEFINITIONS, widgetDefinition } from './contract/widget-definitions'
export type { WidgetProps } from './contract/widget-props'
export {
  createRegistry,
  type WidgetDefinition,
  type WidgetEntry,
  type WidgetRegistry,
  type WidgetKind,
  type ReadPrettyProps,
  type CellText,
  type CellTextContext,
} from './registry/registry'

// Compile (pure)
export {
  compileEditForm,
  compileSearchForm,
  compileColumns,
  componentNames,
  type ColumnModel,
  type CompilablePage,
} from './compile/compile-page'
export type { FormMode, CompileContext } from './compile/field-schema'
export { defaultWarehouseValues } from './compile/default-warehouse'
export { evaluateCondition } from './compile/conditions'
export { searchParams } from './compile/search-params'
export { DESIGN_POINTER, designMark, markSchema } from './compile/design-marks'
export { pageSizeOptions, DEFAULT_PAGE_SIZE } from './compile/page-sizes'

// Data
export { restDataSource, type DataSource, type Row } from './data/rest-data-source'
export { fillPath, stripEmpty } from './data/paths'
export { readPage, type PageResult } from './data/page-response'
export { useListQuery } from './data/use-list-query'
export { useLookup } from './data/use-lookup'
export type { LookupLoader } from './data/lookups'
export { onConfigChanged } from './data/config-changes'
export { useReloadWhenShown } from './data/data-changes'
export type { LovViewLoader } from './data/lov-views'
export { dataHierarchyApi, parentValueOf, type DataHierarchyApi } from './data/data-hierarchies'
export { useLovView } from './data/use-lov-view'
export type { DynamicFormLoader } from './data/dynamic-forms'
export { useDynamicForm } from './data/use-dynamic-form'
export { useLovNames } from './data/use-lov-names'
export type { LovNames } from './data/lov-names'
export { queryLov, type LovRow } from './data/lov-query'
export * from './contract/lov-view'
export * from './contract/dynamic-form'
export { loadPageSource, type PageSource } from './data/page-source'
export { inheritModel, type ModelFacts } from './schema/model-inheritance'

// Access
export { usePermission } from './access/use-permission'
export { Permission, type PermissionProps } from './access/Permission'
export { LegacyActionGate, type LegacyActionGateProps } from './access/LegacyActionGate'
export * from './access/legacy-actions'
export type { PermissionChecker, PermissionState } from './access/permission-checker'

// Texts and formats
export { createTexts, interpolate, type TextResolver } from './i18n/texts'
export { formatNumber, trimNumberText, stepFor, resolvePrecision } from './format/number'
export {
  displayFormat,
  formatInZone,
  formatWireDate,
  wireInstant,
  zoneLabel,
  WIRE_DATE,
  WIRE_DATETIME,
} from './format/date'
export {
  localZoneName,
  MONTH_NAMES,
  nextFireTimes,
  WEEKDAY_NAMES,
  parseQuartzCron,
} from './contract/quartz-cron'
