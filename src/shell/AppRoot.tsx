/**
 * Providers every screen shares: the antd theme and locale, antd's App (context-aware notifications and
 * dialogs, plugged into the services by `UiBridge`), i18next, and the app services.
 */
import { App as AntdApp, ConfigProvider } from 'antd'
import { useEffect, useState, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import type { Language } from '../../renderer/contract/wire'
import { createNotifier } from '../http/notifier'
import { writeStoredLanguage } from '../session/session-storage'
import { confirmWith, type AppServices } from '../stores/app-services'
import { ServicesContext } from '../stores/contexts'
import { antdLocaleFor, applyDocumentLanguage, PRIMARY_COLOR } from './locale'

export interface AppRootProps {
  services: AppServices
  /** Renders the screens; receives the setter the signed-in app calls once the user's language is known. */
  children: (setLanguage: (language: Language) => void) => ReactNode
}

export function AppRoot({ services, children }: AppRootProps) {
  const [language, setLanguage] = useState<Language>(services.i18n.language as Language)
  useEffect(() => {
    applyDocumentLanguage(language)
    writeStoredLanguage(language)
    if (services.i18n.language !== language) void services.i18n.changeLanguage(language)
  }, [language, services.i18n])
  return (
    <ServicesContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n}>
        <ConfigProvider
          locale={antdLocaleFor(language)}
          theme={{ token: { colorPrimary: PRIMARY_COLOR, colorLink: PRIMARY_COLOR } }}
        >
          <AntdApp>
            <UiBridge services={services} />
            {children(setLanguage)}
          </AntdApp>
        </ConfigProvider>
      </I18nextProvider>
    </ServicesContext.Provider>
  )
}

// Hands antd's theme-aware notification and modal APIs to code outside React (the HTTP client, the renderer).
function UiBridge({ services }: { services: AppServices }) {
  const { notification, modal } = AntdApp.useApp()
  useEffect(() => {
    services.ui.notifier = createNotifier(notification, (key) => services.i18n.t(key))
    services.ui.confirm = confirmWith(modal)
  }, [notification, modal, services])
  return null
}
