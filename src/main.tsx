/**
 * Entry: settle the session from the address (token in the hash, public page, or off to sign in), then
 * render the public app, a short "redirecting" note, or the signed-in app.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { useTranslation } from 'react-i18next'
import { createI18n, DEFAULT_LANGUAGE } from './locales/i18n'
import { readStoredLanguage } from './session/session-storage'
import { startSession } from './session/start-session'
import { AppRoot } from './shell/AppRoot'
import { PublicApp } from './shell/PublicApp'
import { FullScreen, SignedInApp } from './shell/SignedInApp'
import { createAppServices } from './stores/app-services'

function Redirecting() {
  const { t } = useTranslation()
  return <FullScreen>{t('app.redirecting')}</FullScreen>
}

const start = startSession()
const services = createAppServices({ i18n: createI18n(readStoredLanguage() ?? DEFAULT_LANGUAGE) })
const container = document.getElementById('root')
if (!container)
  throw new Error('index.html: the element <div id="root"> is missing; the app has nowhere to render.')

createRoot(container).render(
  <StrictMode>
    <AppRoot services={services}>
      {(setLanguage) =>
        start.kind === 'public' ? (
          <PublicApp />
        ) : start.kind === 'signing-in' ? (
          <Redirecting />
        ) : (
          <SignedInApp setLanguage={setLanguage} />
        )
      }
    </AppRoot>
  </StrictMode>,
)
