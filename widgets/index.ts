/**
 * The platform's widgets as an explicit list (no registration by import side effect). The app passes
 * `createRegistry(defaultWidgets)` to RendererProvider; widgets/names.ts lists the same names for the CLI.
 */
import type { WidgetDefinition } from '../renderer/index'
import { checkboxWidget } from './checkbox/checkbox.widget'
import { cronWidget } from './cron-editor/cron.widget'
import { scheduleTimeWidget } from './cron-editor/schedule-time.widget'
import { colorPickerWidget } from './color-picker/color-picker.widget'
import { columnSettingsWidget } from './column-settings/column-settings.widget'
import { dashboardPageWidget } from './dashboard-page/dashboard-page.widget'
import { dataHierarchyWidget } from './data-hierarchy/data-hierarchy.widget'
import { documentEditorWidget } from './document-editor/document-editor.widget'
import { dynamicFormWidget } from './dynamic-form/dynamic-form.widget'
import { deliveryAreaMapWidget } from './delivery-area-map/delivery-area-map.widget'
import { dataTableWidget } from './data-table/data-table.widget'
import { datePickerWidget } from './date-picker/date-picker.widget'
import { datetimePickerWidget } from './datetime-picker/datetime-picker.widget'
import { editFormWidget } from './edit-form/edit-form.widget'
import { actionDialogWidget } from './action-dialog/action-dialog.widget'
import { exportDialogWidget } from './export-dialog/export-dialog.widget'
import { expressTrackerWidget } from './express-tracker/express-tracker.widget'
import { exportTasksWidget } from './export-tasks/export-tasks.widget'
import { formItemWidget } from './form-item/form-item.widget'
import { formPageWidget } from './form-page/form-page.widget'
import { filterTemplatesWidget } from './filter-templates/filter-templates.widget'
import { formSectionWidget } from './form-section/form-section.widget'
import { importRunnerWidget } from './import-runner/import-runner.widget'
import { labelDesignerWidget } from './label-designer/label-designer.widget'
import { labelPrintWidget } from './label-designer/label-print.widget'
import { documentPrintWidget } from './document-print/document-print.widget'
import { reportRunnerWidget } from './report-runner/report-runner.widget'
import { templateEditorWidget } from './template-editor/template-editor.widget'
import { inputNumberWidget } from './input-number/input-number.widget'
import { inputWidget } from './input/input.widget'
import { listPageWidget } from './list-page/list-page.widget'
import { lovWidget } from './lov/lov.widget'
import { mulLovWidget } from './mul-lov/mul-lov.widget'
import { dimensionValueWidget } from './dimension-value/dimension-value.widget'
import { mulSelectWidget } from './mul-select/mul-select.widget'
import { multiLangInputWidget } from './multi-lang-input/multi-lang-input.widget'
import { masterDetailPageWidget } from './master-detail-page/master-detail-page.widget'
import { operationBarWidget } from './operation-bar/operation-bar.widget'
import { pickSerialsWidget } from './pick-serials/pick-serials.widget'
import { lineTableWidget } from './line-table/line-table.widget'
import { progressWidget } from './progress/progress.widget'
import { radioWidget } from './radio/radio.widget'
import { rateWidget } from './rate/rate.widget'
import { schemaPlaygroundWidget } from './schema-playground/schema-playground.widget'
import { searchBarWidget } from './search-bar/search-bar.widget'
import { searchRangeWidget } from './search-range/search-range.widget'
import { selectWidget } from './select/select.widget'
import { switchWidget } from './switch/switch.widget'
import { tabsPageWidget } from './tabs-page/tabs-page.widget'
import { textAreaWidget } from './text-area/text-area.widget'
import { timePickerWidget } from './time-picker/time-picker.widget'
import { uploadWidget } from './upload/upload.widget'

export const defaultWidgets: WidgetDefinition[] = [
  inputWidget,
  textAreaWidget,
  inputNumberWidget,
  selectWidget,
  switchWidget,
  datePickerWidget,
  datetimePickerWidget,
  checkboxWidget,
  radioWidget,
  lovWidget,
  mulLovWidget,
  cronWidget,
  scheduleTimeWidget,
  uploadWidget,
  mulSelectWidget,
  timePickerWidget,
  colorPickerWidget,
  multiLangInputWidget,
  rateWidget,
  progressWidget,
  dataHierarchyWidget,
  documentEditorWidget,
  dynamicFormWidget,
  pickSerialsWidget,
  lineTableWidget,
  dimensionValueWidget,
  listPageWidget,
  formPageWidget,
  formItemWidget,
  formSectionWidget,
  searchBarWidget,
  operationBarWidget,
  dataTableWidget,
  editFormWidget,
  exportDialogWidget,
  actionDialogWidget,
  exportTasksWidget,
  filterTemplatesWidget,
  columnSettingsWidget,
  searchRangeWidget,
  masterDetailPageWidget,
  tabsPageWidget,
  dashboardPageWidget,
  importRunnerWidget,
  reportRunnerWidget,
  labelDesignerWidget,
  labelPrintWidget,
  documentPrintWidget,
  templateEditorWidget,
  expressTrackerWidget,
  deliveryAreaMapWidget,
  schemaPlaygroundWidget,
]
