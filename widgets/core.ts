/**
 * The shared chunk of every schema page: the fields and their form parts nearly every page uses (inputs, selects,
 * dates, the form item and section). widgets/index.ts loads it with the first page; the list page with its search
 * bar and table is ./list.ts (loaded with a list page, in parallel with this one); the form and dialogs a list
 * page opens come on demand, and other widgets (Lov, cron editor, label designer, document editor, charts…) in
 * chunks of their own when a page needs them.
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
export { formItemWidget } from './form-item/form-item.widget'
export { formSectionWidget } from './form-section/form-section.widget'
