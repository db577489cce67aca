/**
 * The platform's widgets as an explicit list (no registration by import side effect): each pure definition of
 * renderer/contract/widget-definitions.ts with the loader of its code. The app passes `createRegistry(widgetEntries)` to
 * RendererProvider; a page loads the widgets it names, all at once, when it is opened (SchemaPage). The widgets
 * nearly every page uses share one chunk (./core.ts; `always` in their definition), the list page and its parts
 * another (./list.ts, with every list page); every other widget and its heavy dependencies
 * (echarts, codemirror, docx, label printing) load only with a page that names it.
 */
import type { WidgetDefinition, WidgetEntry, WidgetName } from '../renderer/index'
import { WIDGET_DEFINITIONS } from '../renderer/index'
import { CELL_TEXTS } from './shared/cell-texts'

const core = () => import('./core')
const list = () => import('./list')

/** Widget name → its definition's loader; TypeScript requires one for every defined widget. */
const loaders: Record<WidgetName, () => Promise<WidgetDefinition>> = {
  Input: () => core().then((m) => m.inputWidget),
  TextArea: () => core().then((m) => m.textAreaWidget),
  InputNumber: () => core().then((m) => m.inputNumberWidget),
  Select: () => core().then((m) => m.selectWidget),
  Switch: () => core().then((m) => m.switchWidget),
  DatePicker: () => core().then((m) => m.datePickerWidget),
  DatetimePicker: () => core().then((m) => m.datetimePickerWidget),
  Checkbox: () => core().then((m) => m.checkboxWidget),
  Radio: () => core().then((m) => m.radioWidget),
  Lov: () => import('./lov/lov.widget').then((m) => m.lovWidget),
  MulLov: () => import('./mul-lov/mul-lov.widget').then((m) => m.mulLovWidget),
  Cron: () => import('./cron-editor/cron.widget').then((m) => m.cronWidget),
  ScheduleTime: () => import('./cron-editor/schedule-time.widget').then((m) => m.scheduleTimeWidget),
  Upload: () => import('./upload/upload.widget').then((m) => m.uploadWidget),
  MulSelect: () => import('./mul-select/mul-select.widget').then((m) => m.mulSelectWidget),
  TimePicker: () => import('./time-picker/time-picker.widget').then((m) => m.timePickerWidget),
  ColorPicker: () => import('./color-picker/color-picker.widget').then((m) => m.colorPickerWidget),
  MultiLangInput: () =>
    import('./multi-lang-input/multi-lang-input.widget').then((m) => m.multiLangInputWidget),
  Rate: () => import('./rate/rate.widget').then((m) => m.rateWidget),
  Progress: () => import('./progress/progress.widget').then((m) => m.progressWidget),
  DataHierarchy: () => import('./data-hierarchy/data-hierarchy.widget').then((m) => m.dataHierarchyWidget),
  DocumentEditor: () =>
    import('./document-editor/document-editor.widget').then((m) => m.documentEditorWidget),
  DynamicForm: () => import('./dynamic-form/dynamic-form.widget').then((m) => m.dynamicFormWidget),
  PickSerials: () => import('./pick-serials/pick-serials.widget').then((m) => m.pickSerialsWidget),
  LineTable: () => import('./line-table/line-table.widget').then((m) => m.lineTableWidget),
  DimensionValue: () =>
    import('./dimension-value/dimension-value.widget').then((m) => m.dimensionValueWidget),
  ListPage: () => list().then((m) => m.listPageWidget),
  FormPage: () => import('./form-page/form-page.widget').then((m) => m.formPageWidget),
  MasterDetailPage: () =>
    import('./master-detail-page/master-detail-page.widget').then((m) => m.masterDetailPageWidget),
  TabsPage: () => import('./tabs-page/tabs-page.widget').then((m) => m.tabsPageWidget),
  DashboardPage: () => import('./dashboard-page/dashboard-page.widget').then((m) => m.dashboardPageWidget),
  SchemaPlayground: () =>
    import('./schema-playground/schema-playground.widget').then((m) => m.schemaPlaygroundWidget),
  PageDesigner: () => import('./page-designer/page-designer.widget').then((m) => m.pageDesignerWidget),
  ImportRunner: () => import('./import-runner/import-runner.widget').then((m) => m.importRunnerWidget),
  ReportRunner: () => import('./report-runner/report-runner.widget').then((m) => m.reportRunnerWidget),
  LabelDesigner: () => import('./label-designer/label-designer.widget').then((m) => m.labelDesignerWidget),
  LabelPrint: () => import('./label-designer/label-print.widget').then((m) => m.labelPrintWidget),
  DocumentPrint: () => import('./document-print/document-print.widget').then((m) => m.documentPrintWidget),
  TemplateEditor: () =>
    import('./template-editor/template-editor.widget').then((m) => m.templateEditorWidget),
  ExpressTracker: () =>
    import('./express-tracker/express-tracker.widget').then((m) => m.expressTrackerWidget),
  DeliveryAreaMap: () =>
    import('./delivery-area-map/delivery-area-map.widget').then((m) => m.deliveryAreaMapWidget),
  ScanStation: () => import('./scan-station/scan-station.widget').then((m) => m.scanStationWidget),
  FormItem: () => core().then((m) => m.formItemWidget),
  FormSection: () => core().then((m) => m.formSectionWidget),
  SearchBar: () => list().then((m) => m.searchBarWidget),
  OperationBar: () => list().then((m) => m.operationBarWidget),
  DataTable: () => list().then((m) => m.dataTableWidget),
  EditForm: () => import('./edit-form/edit-form.widget').then((m) => m.editFormWidget),
  ExportDialog: () => import('./export-dialog/export-dialog.widget').then((m) => m.exportDialogWidget),
  ActionDialog: () => import('./action-dialog/action-dialog.widget').then((m) => m.actionDialogWidget),
  ExportTasks: () => import('./export-tasks/export-tasks.widget').then((m) => m.exportTasksWidget),
  FilterTemplates: () => list().then((m) => m.filterTemplatesWidget),
  ColumnSettings: () => list().then((m) => m.columnSettingsWidget),
  SearchRange: () => list().then((m) => m.searchRangeWidget),
}

/**
 * One entry per pure definition (renderer/contract/widget-definitions.ts, the one list of widget names): its
 * kind, whether it is loaded with every page, its cell text (./shared/cell-texts.ts: tables draw those cells
 * without the widget's chunk) and the loader above.
 */
export const widgetEntries: WidgetEntry[] = WIDGET_DEFINITIONS.map((definition) => ({
  name: definition.name,
  kind: definition.kind,
  load: loaders[definition.name],
  ...('always' in definition ? { always: true } : {}),
  ...(CELL_TEXTS[definition.name] ? { cellText: CELL_TEXTS[definition.name] } : {}),
}))

/** Every widget's definition, loaded (tests and the widget catalogue; the app loads per page). */
export const loadAllWidgets = (): Promise<WidgetDefinition[]> =>
  Promise.all(widgetEntries.map((entry) => entry.load()))
