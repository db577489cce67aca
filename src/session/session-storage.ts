/**
 * Session-storage keys of CORE-SES-03: the redirect target, the hidden-layout flag and the language.
 * Kept in one place so logout can clear exactly what the session owns.
 */
import type { Language } from '../../renderer/contract/wire'
import { LANGUAGES } from '../../renderer/contract/wire'

export const REDIRECT_TARGET_KEY = 'redirectUrl'
export const HIDDEN_LAYOUT_KEY = 'hiddenLayout'
export const LANGUAGE_KEY = 'language'

export function readRedirectTarget(): string | undefined {
  return sessionStorage.getItem(REDIRECT_TARGET_KEY) ?? undefined
}
export function writeRedirectTarget(url: string): void {
  sessionStorage.setItem(REDIRECT_TARGET_KEY, url)
}
export function clearRedirectTarget(): void {
  sessionStorage.removeItem(REDIRECT_TARGET_KEY)
}

/** True when the page was opened embedded (X-24: layout without menu and header). */
export function isHiddenLayout(): boolean {
  return sessionStorage.getItem(HIDDEN_LAYOUT_KEY) === '1'
}
export function writeHiddenLayout(hidden: boolean): void {
  if (hidden) sessionStorage.setItem(HIDDEN_LAYOUT_KEY, '1')
  else sessionStorage.removeItem(HIDDEN_LAYOUT_KEY)
}

/** The language chosen for this browser session, when one was stored and is supported. */
export function readStoredLanguage(): Language | undefined {
  const value = sessionStorage.getItem(LANGUAGE_KEY)
  return LANGUAGES.find((lang) => lang === value)
}
export function writeStoredLanguage(language: Language): void {
  sessionStorage.setItem(LANGUAGE_KEY, language)
}
