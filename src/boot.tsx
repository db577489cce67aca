/**
 * Renders the app once the session start allows it: the public app, or the signed-in app. Loaded by
 * main.ts only when the browser is not on its way to the sign-in page.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createI18n, DEFAULT_LANGUAGE } from './locales/i18n'
import { readStoredLanguage } from './session/session-storage'
import type { SessionStart } from './session/start-session'
import { AppRoot } from './shell/AppRoot'
import { PublicApp } from './shell/PublicApp'
import { SignedInApp } from './shell/SignedInApp'
import { createAppServices } from './stores/app-services'

export function boot(start: Exclude<SessionStart, { kind: 'signing-in' }>, container: HTMLElement): void {
  const services = createAppServices({
    i18n: createI18n(readStoredLanguage() ?? DEFAULT_LANGUAGE),
  })
  createRoot(container).render(
    <StrictMode>
      <AppRoot services={services}>
        {(setLanguage) =>
          start.kind === 'public' ? <PublicApp /> : <SignedInApp setLanguage={setLanguage} />
        }
      </AppRoot>
    </StrictMode>,
  )
}
