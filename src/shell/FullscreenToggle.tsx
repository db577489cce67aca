/**
 * The header's full-screen toggle (PLAT-HDR-04/05): enters and leaves browser full screen; where the browser
 * cannot, it warns 'you browser can not work' (en_US text kept as written, X-23).
 */
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons'
import { App, Button } from 'antd'
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'

/** The browser's Fullscreen API, as far as the toggle needs it. */
export interface FullscreenApi {
  supported(): boolean
  active(): boolean
  enter(): Promise<void>
  exit(): Promise<void>
  subscribe(listener: () => void): () => void
}

export const documentFullscreen: FullscreenApi = {
  supported: () =>
    document.fullscreenEnabled === true && typeof document.documentElement.requestFullscreen === 'function',
  active: () => !!document.fullscreenElement,
  enter: () => document.documentElement.requestFullscreen(),
  exit: () => document.exitFullscreen(),
  subscribe(listener) {
    document.addEventListener('fullscreenchange', listener)
    return () => document.removeEventListener('fullscreenchange', listener)
  },
}

export function FullscreenToggle({ api = documentFullscreen }: { api?: FullscreenApi }) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const active = useSyncExternalStore(api.subscribe, api.active, () => false)
  const toggle = async () => {
    if (!api.supported()) {
      void message.warning(t('shell.fullscreenUnsupported'))
      return
    }
    try {
      await (active ? api.exit() : api.enter())
    } catch {
      // e.g. refused by a browser policy: to the user the same as not supported
      void message.warning(t('shell.fullscreenUnsupported'))
    }
  }
  return (
    <Button
      type="text"
      icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      aria-label={active ? t('shell.exitFullscreen') : t('shell.fullscreen')}
      onClick={() => void toggle()}
    />
  )
}
