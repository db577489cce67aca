/**
 * Names of the widgets in `defaultWidgets`, as a pure module: `npm run schemas:check` checks page files against
 * it without loading React or antd. widgets/index.test.ts keeps it equal to the registry.
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
  'ImportRunner',
  'ReportRunner',
  'LabelDesigner',
  'LabelPrint',
  'DocumentPrint',
  'TemplateEditor',
  'ExpressTracker',
  'DeliveryAreaMap',
] as const

/** Parts the page widgets are built from; pages do not name them directly. */
export const PART_WIDGET_NAMES = [
  'FormItem',
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
]
