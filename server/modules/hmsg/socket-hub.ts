/**
 * The open sockets of this instance by user, and the frames they receive. Frame (wire contract):
 * `{key: "hzero-web", type: "U", message: "{\"tenantId\":N,\"number\":K}"}`; K is a delta.
 */
import type { CounterChange } from './notice-bus.ts'

/** What the hub uses of a `ws` socket (the ws package ships no types here). */
export interface NoticeSocket {
  readonly readyState: number
  readonly OPEN: number
  send(data: string): void
  close(code?: number, reason?: string): void
}

export const NOTICE_KEY = 'hzero-web'

export interface SocketHub {
  add(userId: number, socket: NoticeSocket): void
  remove(userId: number, socket: NoticeSocket): void
  /** Sends the change to every open socket of its user; answers how many sockets got it. */
  deliver(change: CounterChange): number
  /** Sends a frame to every open socket of this instance (a page file changed: lowcode/index.ts). */
  broadcast(frame: string): number
  count(userId: number): number
}

export function noticeFrame(change: Pick<CounterChange, 'tenantId' | 'number'>): string {
  const message = JSON.stringify({ tenantId: change.tenantId, number: change.number })
  return JSON.stringify({ key: NOTICE_KEY, type: 'U', message })
}

export function createSocketHub(): SocketHub {
  const sockets = new Map<number, Set<NoticeSocket>>()
  return {
    add(userId, socket) {
      const set = sockets.get(userId) ?? new Set()
      set.add(socket)
      sockets.set(userId, set)
    },
    remove(userId, socket) {
      const set = sockets.get(userId)
      set?.delete(socket)
      if (set?.size === 0) sockets.delete(userId)
    },
    deliver(change) {
      const frame = noticeFrame(change)
      let sent = 0
      for (const socket of sockets.get(change.userId) ?? []) {
        if (socket.readyState !== socket.OPEN) continue
        socket.send(frame)
        sent += 1
      }
      return sent
    },
    broadcast(frame) {
      let sent = 0
      for (const set of sockets.values())
        for (const socket of set) {
          if (socket.readyState !== socket.OPEN) continue
          socket.send(frame)
          sent += 1
        }
      return sent
    },
    count: (userId) => sockets.get(userId)?.size ?? 0,
  }
}
