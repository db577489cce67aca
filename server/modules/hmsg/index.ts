import websocket from '@fastify/websocket'
import type { FastifyPluginAsync } from 'fastify'
import { shared } from '../../plugins/shared.ts'
import { createNoticeBus } from './notice-bus.ts'
import { messageRoutes } from './routes-messages.ts'
import { noticeRoutes } from './routes-notices.ts'
import { sendingRoutes } from './routes-sending.ts'
import { socketRoutes } from './routes-socket.ts'
import { createSocketHub, type SocketHub } from './socket-hub.ts'
import type { NoticeBus } from './notice-bus.ts'
import './tables.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Announces new user messages and notices to every instance's sockets (other modules send messages too). */
    noticeBus: NoticeBus
    /** The open notice sockets of this instance (page reloads are sent to all of them: lowcode/index.ts). */
    noticeSockets: SocketHub
  }
}

/**
 * Messages (hmsg): user messages, notices and the notice socket. Changes fan out through PostgreSQL
 * LISTEN/NOTIFY (PGlite and PostgreSQL), so a notice published on one instance reaches sockets on all.
 * Shared (not encapsulated) so that @fastify/websocket's `injectWS` is on the app for tests.
 */
export const hmsgModule: FastifyPluginAsync = shared(async (app) => {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } })
  const bus = await createNoticeBus(app.db)
  app.decorate('noticeBus', bus)
  const hub = createSocketHub()
  app.decorate('noticeSockets', hub)
  const unsubscribe = bus.subscribe((change) => hub.deliver(change))
  app.addHook('onClose', async () => {
    unsubscribe()
    await bus.close().catch(() => undefined)
  })
  app.log.info({ bus: bus.kind }, 'hmsg notice fan-out')
  await app.register(messageRoutes(bus))
  await app.register(noticeRoutes(bus))
  await app.register(sendingRoutes(bus))
  await app.register(socketRoutes(hub))
})
