/**
 * The platform's widgets as an explicit list (no registration by import side effect). The app passes
 * `createRegistry(defaultWidgets)` to RendererProvider; widgets/names.ts lists the same names for the CLI.
 */
import type { WidgetDefinition } from '../renderer/index'
import { checkboxWidget } from './checkbox/checkbox.widget'
import { dashboardPageWidget } from './dashboard-page/dashboard-page.widget'
import { dataTableWidget } from './data-table/data-table.widget'
import { datePickerWidget } from './date-picker/date-picker.widget'
import { datetimePickerWidget } from './datetime-picker/datetime-picker.widget'
import { editFormWidget } from './edit-form/edit-form.widget'
import { formItemWidget } from './form-item/form-item.widget'
import { formPageWidget } from './form-page/form-page.widget'
import { formSectionWidget } from './form-section/form-section.widget'
import { inputNumberWidget } from './input-number/input-number.widget'
import { inputWidget } from './input/input.widget'
import { listPageWidget } from './list-page/list-page.widget'
import { masterDetailPageWidget } from './master-detail-page/master-detail-page.widget'
import { operationBarWidget } from './operation-bar/operation-bar.widget'
import { radioWidget } from './radio/radio.widget'
import { schemaPlaygroundWidget } from './schema-playground/schema-playground.widget'
import { searchBarWidget } from './search-bar/search-bar.widget'
import { selectWidget } from './select/select.widget'
import { switchWidget } from './switch/switch.widget'
import { tabsPageWidget } from './tabs-page/tabs-page.widget'
import { textAreaWidget } from './text-area/text-area.widget'

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
  listPageWidget,
  formPageWidget,
  formItemWidget,
  formSectionWidget,
  searchBarWidget,
  operationBarWidget,
  dataTableWidget,
  editFormWidget,
  masterDetailPageWidget,
  tabsPageWidget,
  dashboardPageWidget,
  schemaPlaygroundWidget,
]
