/**
 * antd and dayjs follow the user's language (CORE-I18N): the three locales are small, so they are bundled.
 */
import type { Locale } from 'antd/es/locale'
import enUS from 'antd/es/locale/en_US'
import zhCN from 'antd/es/locale/zh_CN'
import zhTW from 'antd/es/locale/zh_TW'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import 'dayjs/locale/zh-tw'
import type { Language } from '../../renderer/contract/wire'

const ANTD_LOCALES: Record<Language, Locale> = { zh_CN: zhCN, en_US: enUS, zh_TW: zhTW }
const DAYJS_LOCALES: Record<Language, string> = { zh_CN: 'zh-cn', en_US: 'en', zh_TW: 'zh-tw' }
const HTML_LANGS: Record<Language, string> = { zh_CN: 'zh-CN', en_US: 'en', zh_TW: 'zh-TW' }

export function antdLocaleFor(language: Language): Locale {
  return ANTD_LOCALES[language]
}

/** Switches dayjs and the document's `lang` to `language`. */
export function applyDocumentLanguage(language: Language): void {
  dayjs.locale(DAYJS_LOCALES[language])
  document.documentElement.lang = HTML_LANGS[language]
}
