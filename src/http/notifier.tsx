/**
 * The platform's notifications (PLAT-ERR-04..06): antd notifications lasting 2.5 s with the default titles
 * 'operation succeeded' / 'operation failed' / 'operation abnormal' in the user's language.
 */
import type { NotificationArgsProps } from 'antd'
import type { Notifier } from '../../renderer/env'

export const NOTIFICATION_SECONDS = 2.5

/** The part of antd's notification API (static or from `App.useApp()`) that we use. */
export interface NotificationApi {
  success(args: NotificationArgsProps): void
  error(args: NotificationArgsProps): void
  warning(args: NotificationArgsProps): void
  info(args: NotificationArgsProps): void
}

type Translate = (key: string) => string

/** Builds a `Notifier` on an antd notification API; `t` gives the default titles in the current language. */
export function createNotifier(api: NotificationApi, t: Translate): Notifier {
  const show = (kind: keyof NotificationApi, titleKey: string) => (message: string, title?: string) =>
    api[kind]({
      message: title ?? t(titleKey),
      // Messages may hold a second line (e.g. the server's detail): keep the line breaks.
      description: <span style={{ whiteSpace: 'pre-line' }}>{message}</span>,
      duration: NOTIFICATION_SECONDS,
    })
  return {
    success: show('success', 'notify.title.success'),
    error: show('error', 'notify.title.error'),
    warning: show('warning', 'notify.title.warning'),
    info: show('info', 'notify.title.info'),
  }
}
