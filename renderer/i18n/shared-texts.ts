/**
 * The shared text bundles the renderer and the widgets use, one JSON file per area (each key with zh_CN, en_US
 * and zh_TW). Listed by hand so the set is the same in the browser, the CLI check and the tests; a new area adds
 * its file here. Keys must be unique across files (the schema check reports a key defined twice).
 */
import type { PageTexts } from '../schema/page'
import commonTexts from './common.texts.json'
import pagesTexts from './pages.texts.json'

export const SHARED_TEXT_FILES: Record<string, PageTexts> = {
  'renderer/i18n/common.texts.json': commonTexts as PageTexts,
  'renderer/i18n/pages.texts.json': pagesTexts as PageTexts,
}

/** Every shared text, merged. */
export const SHARED_TEXTS: PageTexts = Object.assign({}, ...Object.values(SHARED_TEXT_FILES)) as PageTexts
