/**
 * UI texts (CORE-I18N): i18next with the bundled zh_CN / en_US / zh_TW texts, flat keys, `{name}` placeholders
 * (the same style as the server's messages). Server prompts are merged over the bundled texts when loaded.
 */
import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '../../renderer/contract/wire'
import { LANGUAGES } from '../../renderer/contract/wire'
import enUS from './en_US.json'
import zhCN from './zh_CN.json'
import zhTW from './zh_TW.json'

export const DEFAULT_LANGUAGE: Language = 'zh_CN'
export const BUNDLED_TEXTS: Record<Language, Record<string, string>> = {
  zh_CN: zhCN,
  en_US: enUS,
  zh_TW: zhTW,
}

/** The supported language for a user's setting; zh_CN when missing or unknown. */
export function toLanguage(value: string | undefined | null): Language {
  return LANGUAGES.find((lang) => lang === value) ?? DEFAULT_LANGUAGE
}

/** Creates and initialises an i18next instance in `language` (each test can own one). */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: BUNDLED_TEXTS[lang] }])),
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    initAsync: false,
    returnNull: false,
  })
  return instance
}

/** Lays server prompts (a flat key → text map) over the bundled texts of `language`. */
export function applyPrompts(instance: i18n, language: Language, prompts: Record<string, string>): void {
  instance.addResourceBundle(language, 'translation', prompts, true, true)
}
