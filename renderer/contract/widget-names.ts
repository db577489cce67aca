/**
 * Names of the platform's widgets by kind, as a pure module read by the browser (widgets/index.ts gives each a
 * loader), `npm run schemas:check` and the server's page check (server/modules/lowcode/load-pages.ts), none of
 * which loads React or antd for it. widgets/index.test.ts keeps the loaders equal to it.
 */
export const FIELD_WIDGET_NAMES = [
  'Input',
  'TextArea',
  'InputNumber',
  'Select',
  'Switch',
  'DatePicker',
  'DatetimePicker',
  'Checkbox',
  'Radio',
  'Lov',
  'MulLov',
  'Cron',
  'ScheduleTime',
  'Upload',
  'MulSelect',
  'TimePicker',
  'ColorPicker',
  'MultiLangInput',
  'Rate',
  'Progress',
  'DataHierarchy',
  'DocumentEditor',
  'DynamicForm',
  'PickSerials',
  'LineTable',
  'DimensionValue',
] as const

export const PAGE_WIDGET_NAMES = [
  'ListPage',
  'FormPage',
  'MasterDetailPage',
  'TabsPage',
  'DashboardPage',
  'SchemaPlayground',
  'PageDesigner',
  'ImportRunner',
  'ReportRunner',
  'LabelDesigner',
  'LabelPrint',
  'DocumentPrint',
  'TemplateEditor',
  'ExpressTracker',
  'DeliveryAreaMap',
  'ScanStation',
] as const

/** Parts the page widgets are built from; pages do not name them directly. */
/** The form item around every field (Formily's x-decorator). */
export const DECORATOR_WIDGET_NAMES = ['FormItem'] as const

export const PART_WIDGET_NAMES = [
  'FormSection',
  'SearchBar',
  'OperationBar',
  'DataTable',
  'EditForm',
  'ExportDialog',
  'ActionDialog',
  'ExportTasks',
  'FilterTemplates',
  'ColumnSettings',
  'SearchRange',
] as const

export const WIDGET_NAMES: readonly string[] = [
  ...FIELD_WIDGET_NAMES,
  ...PAGE_WIDGET_NAMES,
  ...PART_WIDGET_NAMES,
  ...DECORATOR_WIDGET_NAMES,
]

export type FieldWidgetName = (typeof FIELD_WIDGET_NAMES)[number]
export type PageWidgetName = (typeof PAGE_WIDGET_NAMES)[number]
export type PartWidgetName = (typeof PART_WIDGET_NAMES)[number]
export type WidgetName =
  FieldWidgetName | PageWidgetName | PartWidgetName | (typeof DECORATOR_WIDGET_NAMES)[number]
