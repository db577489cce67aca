/**
 * The shared chunk of every schema page: the fields and parts nearly every page uses (inputs, selects, dates, the
 * list page with its search bar and table). widgets/index.ts loads it with the first page; the form and dialogs a
 * list page opens on demand, and other widgets (Lov, cron editor, label designer, document editor, charts…), come
 * in chunks of their own when a page needs them.
 */
export { inputWidget } from './input/input.widget'
export { textAreaWidget } from './text-area/text-area.widget'
export { inputNumberWidget } from './input-number/input-number.widget'
export { selectWidget } from './select/select.widget'
export { switchWidget } from './switch/switch.widget'
export { datePickerWidget } from './date-picker/date-picker.widget'
export { datetimePickerWidget } from './datetime-picker/datetime-picker.widget'
export { checkboxWidget } from './checkbox/checkbox.widget'
export { radioWidget } from './radio/radio.widget'
export { listPageWidget } from './list-page/list-page.widget'
export { formItemWidget } from './form-item/form-item.widget'
export { formSectionWidget } from './form-section/form-section.widget'
export { searchBarWidget } from './search-bar/search-bar.widget'
export { operationBarWidget } from './operation-bar/operation-bar.widget'
export { dataTableWidget } from './data-table/data-table.widget'
export { searchRangeWidget } from './search-range/search-range.widget'
export { filterTemplatesWidget } from './filter-templates/filter-templates.widget'
export { columnSettingsWidget } from './column-settings/column-settings.widget'
