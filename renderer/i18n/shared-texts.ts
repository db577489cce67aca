/**
 * The shared text bundles the renderer and the widgets use, one JSON file per area (each key with zh_CN, en_US
 * and zh_TW). Listed by hand so the set is the same in the browser, the CLI check and the tests; a new area adds
 * its file here. Keys must be unique across files (the schema check reports a key defined twice).
 */
import type { PageTexts } from '../schema/page'
import commonTexts from './common.texts.json'
import lovTexts from './lov.texts.json'
import exportTexts from './export.texts.json'
import cronEditorTexts from './cron-editor.texts.json'
import fieldTexts from './fields.texts.json'
import filtersTexts from './filters.texts.json'
import pagesTexts from './pages.texts.json'
import tableTexts from './table.texts.json'
import dataHierarchyTexts from './data-hierarchy.texts.json'
import kindsTexts from './kinds.texts.json'
import etsTexts from './ets.texts.json'
import himpTexts from './himp.texts.json'
import hrptTexts from './hrpt.texts.json'
import dynamicFormTexts from './dynamic-form.texts.json'
import scanTexts from './scan.texts.json'

export const SHARED_TEXT_FILES: Record<string, PageTexts> = {
  'renderer/i18n/common.texts.json': commonTexts as PageTexts,
  'renderer/i18n/lov.texts.json': lovTexts as PageTexts,
  'renderer/i18n/export.texts.json': exportTexts as PageTexts,
  'renderer/i18n/cron-editor.texts.json': cronEditorTexts as PageTexts,
  'renderer/i18n/fields.texts.json': fieldTexts as PageTexts,
  'renderer/i18n/filters.texts.json': filtersTexts as PageTexts,
  'renderer/i18n/pages.texts.json': pagesTexts as PageTexts,
  'renderer/i18n/table.texts.json': tableTexts as PageTexts,
  'renderer/i18n/data-hierarchy.texts.json': dataHierarchyTexts as PageTexts,
  'renderer/i18n/kinds.texts.json': kindsTexts as PageTexts,
  'renderer/i18n/ets.texts.json': etsTexts as PageTexts,
  'renderer/i18n/himp.texts.json': himpTexts as PageTexts,
  'renderer/i18n/hrpt.texts.json': hrptTexts as PageTexts,
  'renderer/i18n/dynamic-form.texts.json': dynamicFormTexts as PageTexts,
  'renderer/i18n/scan.texts.json': scanTexts as PageTexts,
}

/** Every shared text, merged. */
export const SHARED_TEXTS: PageTexts = Object.assign({}, ...Object.values(SHARED_TEXT_FILES)) as PageTexts
