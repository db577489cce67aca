/**
 * Every platform widget's pure definition, the one list of widget names: its kind and what the renderer does with
 * it (searched with another widget, searched by range, a Lov, a text a dialog can split, the page kind it draws,
 * loaded with every page). The `props` a page may give it are its entry of ./widget-props.ts (TypeBox schemas,
 * keyed by these names). Pure data (no React): read by the browser (widgets/index.ts gives each a loader of its
 * component, the compiler reads the behaviour), by `npm run schemas:check` and by the server's page check
 * (renderer/schema/semantic-widgets.ts). Plain data on purpose: it is in the chunk every schema page loads, the
 * schemas are not (they load with the validators).
 */

export type WidgetKind = 'field' | 'page' | 'part' | 'decorator'

/** Page kinds drawn by a page widget of their own (custom pages name theirs). */
export type RenderedPageKind = 'list' | 'form' | 'master-detail' | 'tabs' | 'dashboard'

export interface PureWidgetDefinition {
  /** Name pages and compiled schemas use (PascalCase). */
  name: string
  /**
   * field: a page field's `widget` (and a dashboard card's); page: draws a page kind (`renders`) or a custom
   * page (`"widget"` of kind custom); part/decorator: used by the page widgets, never named by a page.
   */
  kind: WidgetKind
  /** Field widgets that cannot ask for "any" in a search form: the widget the search form uses instead. */
  searchWith?: string
  /** Field widgets a search can ask a from–to pair of (`"search": "range"`): which pair. */
  range?: 'date' | 'datetime' | 'number'
  /** Lov widgets (need lovCode, take lov mapping): one row, or several. */
  lov?: 'one' | 'many'
  /** Text widgets whose text an action dialog can split into a list (`lists`). */
  listText?: true
  /** Page widgets: the page kind they draw. */
  renders?: RenderedPageKind
  /** Loaded with every page (the shared chunk of the fields and parts nearly every page uses). */
  always?: true
}

/** The list, in the order the catalogue shows them. `satisfies` keeps each name's literal type. */
export const WIDGET_DEFINITIONS = [
  { name: 'Input', kind: 'field', always: true, listText: true },
  { name: 'TextArea', kind: 'field', always: true, listText: true, searchWith: 'Input' },
  { name: 'InputNumber', kind: 'field', always: true, range: 'number' },
  { name: 'Select', kind: 'field', always: true },
  { name: 'Switch', kind: 'field', always: true, searchWith: 'Select' },
  { name: 'DatePicker', kind: 'field', always: true, range: 'date' },
  { name: 'DatetimePicker', kind: 'field', always: true, range: 'datetime' },
  { name: 'Checkbox', kind: 'field', always: true, searchWith: 'Select' },
  { name: 'Radio', kind: 'field', always: true },
  { name: 'Lov', kind: 'field', lov: 'one' },
  { name: 'MulLov', kind: 'field', lov: 'many' },
  { name: 'Cron', kind: 'field' },
  { name: 'ScheduleTime', kind: 'field' },
  { name: 'Upload', kind: 'field' },
  { name: 'MulSelect', kind: 'field' },
  { name: 'TimePicker', kind: 'field' },
  { name: 'ColorPicker', kind: 'field' },
  { name: 'MultiLangInput', kind: 'field', searchWith: 'Input' },
  { name: 'Rate', kind: 'field' },
  { name: 'Progress', kind: 'field' },
  { name: 'DataHierarchy', kind: 'field' },
  { name: 'DocumentEditor', kind: 'field' },
  { name: 'DynamicForm', kind: 'field' },
  { name: 'PickSerials', kind: 'field' },
  { name: 'LineTable', kind: 'field' },
  { name: 'DimensionValue', kind: 'field' },
  { name: 'ListPage', kind: 'page', renders: 'list' },
  { name: 'FormPage', kind: 'page', renders: 'form' },
  { name: 'MasterDetailPage', kind: 'page', renders: 'master-detail' },
  { name: 'TabsPage', kind: 'page', renders: 'tabs' },
  { name: 'DashboardPage', kind: 'page', renders: 'dashboard' },
  { name: 'SchemaPlayground', kind: 'page' },
  { name: 'PageDesigner', kind: 'page' },
  { name: 'ImportRunner', kind: 'page' },
  { name: 'ReportRunner', kind: 'page' },
  { name: 'LabelDesigner', kind: 'page' },
  { name: 'LabelPrint', kind: 'page' },
  { name: 'DocumentPrint', kind: 'page' },
  { name: 'TemplateEditor', kind: 'page' },
  { name: 'ExpressTracker', kind: 'page' },
  { name: 'DeliveryAreaMap', kind: 'page' },
  { name: 'ScanStation', kind: 'page' },
  { name: 'FormSection', kind: 'part', always: true },
  { name: 'SearchBar', kind: 'part' },
  { name: 'OperationBar', kind: 'part' },
  { name: 'DataTable', kind: 'part' },
  { name: 'EditForm', kind: 'part' },
  { name: 'ExportDialog', kind: 'part' },
  { name: 'ActionDialog', kind: 'part' },
  { name: 'ExportTasks', kind: 'part' },
  { name: 'FilterTemplates', kind: 'part' },
  { name: 'ColumnSettings', kind: 'part' },
  { name: 'SearchRange', kind: 'part' },
  { name: 'FormItem', kind: 'decorator', always: true },
] as const satisfies readonly PureWidgetDefinition[]

type Definitions = (typeof WIDGET_DEFINITIONS)[number]
export type WidgetName = Definitions['name']
export type FieldWidgetName = Extract<Definitions, { kind: 'field' }>['name']
export type PageWidgetName = Extract<Definitions, { kind: 'page' }>['name']
export type PartWidgetName = Extract<Definitions, { kind: 'part' }>['name']
export type DecoratorWidgetName = Extract<Definitions, { kind: 'decorator' }>['name']

const byName: ReadonlyMap<string, PureWidgetDefinition> = new Map(
  WIDGET_DEFINITIONS.map((definition) => [definition.name, definition]),
)

/** The pure definition named `name`, or undefined. */
export const widgetDefinition = (name: string): PureWidgetDefinition | undefined => byName.get(name)
