import { SOCKET_PATH } from '../../renderer/contract/hmsg'

/**
 * PLAT-SOCK-03: the socket address comes from the build's environment, `VITE_WEBSOCKET_URL`. Unset: this
 * server's own endpoint (ws:// or wss:// like the page); set but blank: no socket at all (PLAT-SOCK-02).
 */
export function noticeSocketAddress(
  configured: string | undefined = import.meta.env.VITE_WEBSOCKET_URL as string | undefined,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string | undefined {
  if (configured !== undefined) return configured.trim() || undefined
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`
}
