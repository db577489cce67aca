/**
 * The notice socket of the browser (PLAT-SOCK-01…09): states not initialised / error / closed / open; opens
 * only with a configured address; the access token travels in the query; `hzero-hi` every 45 s; on close it
 * counts retries and reconnects, keeping the heartbeat, and after more than 5 retries it is destroyed. A
 * construction failure sets the error state silently. Retries are counted over the page's life (the spec's
 * "at most 5 reconnects"), not reset by a successful reconnection.
 */
import { SOCKET_HEARTBEAT, type SocketFrame } from '../../renderer/contract/hmsg'

export type SocketState = 'uninitialised' | 'error' | 'closed' | 'open'

export const HEARTBEAT_MS = 45_000
export const MAX_RECONNECTS = 5
/** Wait before reconnect n (1-based): 1 s, 2 s, 4 s, 8 s, 16 s. */
export const reconnectDelay = (attempt: number) => 1000 * 2 ** (attempt - 1)

/** What this module uses of the browser's WebSocket (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number
  onopen: ((event: unknown) => void) | null
  onclose: ((event: unknown) => void) | null
  onerror: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  send(data: string): void
  close(): void
}
const OPEN = 1

export interface NoticeSocketOptions {
  /** The socket address (PLAT-SOCK-03: from the build's environment); blank: the socket never opens. */
  url: string | undefined
  getAccessToken(): string | undefined
  onFrame(frame: SocketFrame): void
  onState?(state: SocketState): void
  createSocket?(url: string): SocketLike
}

export interface NoticeSocket {
  readonly state: SocketState
  readonly retries: number
  start(): void
  /** PLAT-SOCK-08: sends `{service|serviceCode, key, message}` when open; answers whether it was sent. */
  send(frame: { service?: string; serviceCode?: string; key: string; message: string }): boolean
  destroy(): void
}

/** The address with `access_token=<t>` added to its query (PLAT-SOCK-04). */
export function socketUrl(url: string, token: string | undefined): string {
  const separator = url.includes('?') ? '&' : '?'
  return `${url}${separator}access_token=${encodeURIComponent(token ?? '')}`
}

export function parseFrame(data: unknown): SocketFrame | undefined {
  if (typeof data !== 'string') return undefined
  try {
    const frame = JSON.parse(data) as Partial<SocketFrame>
    return typeof frame.key === 'string' && typeof frame.message === 'string'
      ? (frame as SocketFrame)
      : undefined
  } catch {
    return undefined
  }
}

export function createNoticeSocket(options: NoticeSocketOptions): NoticeSocket {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike)
  let state: SocketState = 'uninitialised'
  let socket: SocketLike | undefined
  let retries = 0
  let heartbeat: ReturnType<typeof setInterval> | undefined
  let reconnect: ReturnType<typeof setTimeout> | undefined
  let destroyed = false

  const setState = (next: SocketState) => {
    state = next
    options.onState?.(next)
  }
  const stopTimers = () => {
    clearInterval(heartbeat)
    clearTimeout(reconnect)
    heartbeat = undefined
  }
  const connect = () => {
    if (destroyed) return
    try {
      socket = create(socketUrl(options.url ?? '', options.getAccessToken()))
    } catch {
      // PLAT-SOCK-07: silent; no notification.
      setState('error')
      return
    }
    socket.onopen = () => setState('open')
    socket.onerror = () => setState('error')
    socket.onmessage = (event) => {
      const frame = parseFrame(event.data)
      if (frame) options.onFrame(frame)
    }
    socket.onclose = () => {
      if (destroyed) return
      setState('closed')
      retries += 1
      if (retries > MAX_RECONNECTS) return api.destroy()
      reconnect = setTimeout(connect, reconnectDelay(retries))
    }
    heartbeat ??= setInterval(() => {
      if (socket?.readyState === OPEN) socket.send(SOCKET_HEARTBEAT)
    }, HEARTBEAT_MS)
  }

  const api: NoticeSocket = {
    get state() {
      return state
    },
    get retries() {
      return retries
    },
    start() {
      if (!options.url?.trim() || socket || destroyed) return // PLAT-SOCK-02
      connect()
    },
    send(frame) {
      if (socket?.readyState !== OPEN) return false
      socket.send(JSON.stringify(frame))
      return true
    },
    destroy() {
      destroyed = true
      stopTimers()
      const last = socket
      socket = undefined
      if (last) {
        last.onclose = null
        last.close()
      }
      if (state !== 'uninitialised' && state !== 'error') setState('closed')
    },
  }
  return api
}
