/**
 * Providers every screen shares: the antd theme (following the layout settings: dark algorithm, primary
 * colour, weak colour) and locale, antd's App (context-aware notifications and
 * dialogs, plugged into the services by `UiBridge`), i18next, and the app services.
 */
import { App as AntdApp, ConfigProvider, theme } from 'antd'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import type { Language } from '../../renderer/contract/wire'
import { createNotifier } from '../http/notifier'
import { writeStoredLanguage } from '../session/session-storage'
import { confirmWith, type AppServices } from '../stores/app-services'
import { ServicesContext } from '../stores/contexts'
import { useLayoutSettings } from '../settings/settings-store'
import { antdLocaleFor, applyDocumentLanguage } from './locale'
import { buttonTokens, darkDangerTokens, readableThemeColors } from './theme-contrast'

/** PLAT-SHELL-16: drawers open and close in 300 ms (antd animates drawers with `motionDurationSlow`). */
export const DRAWER_MOTION_MS = 300

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
  const settings = useLayoutSettings(services.layout)
  useEffect(() => applyColorWeak(settings.colorWeak), [settings.colorWeak])
  const themeConfig = useMemo(() => {
    const dark = settings.navTheme === 'dark'
    // the user's colour, with button and link texts that stay readable on it (theme-contrast.ts)
    const readable = readableThemeColors(settings.primaryColor, dark)
    return {
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      components: { Button: { ...buttonTokens(readable), ...(dark ? darkDangerTokens() : {}) } },
      token: {
        colorPrimary: settings.primaryColor,
        colorLink: readable.link,
        motionDurationSlow: `${DRAWER_MOTION_MS / 1000}s`,
        // antd's secondary texts (descriptions, empty states, hints) are 45% black: 3.4:1 on white, below the
        // 4.5:1 WCAG AA asks of body text. 60% gives 5.7:1 on white and 5.5:1 on the table headers' #fafafa.
        ...(dark
          ? { colorTextDescription: 'rgba(255,255,255,0.6)', colorTextTertiary: 'rgba(255,255,255,0.6)' }
          : {
              colorTextDescription: 'rgba(0,0,0,0.6)',
              colorTextTertiary: 'rgba(0,0,0,0.6)',
              // antd's #ff4d4f gives danger links (Delete in table rows) and error texts 3.3:1; red-7 gives 5.6:1
              colorError: '#cf1322',
            }),
      },
    }
  }, [settings.navTheme, settings.primaryColor])
  return (
    <ServicesContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n}>
        <ConfigProvider locale={antdLocaleFor(language)} theme={themeConfig}>
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

/** Weak-colour mode (PLAT-SET-09): the whole page is shown with inverted colours, as the platform does. */
export function applyColorWeak(on: boolean): void {
  document.body.classList.toggle('colorWeak', on)
  document.body.style.filter = on ? 'invert(80%)' : ''
}
