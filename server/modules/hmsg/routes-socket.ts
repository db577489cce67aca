/**
 * The notice socket (PLAT-SOCK): `GET /api/hmsg/websocket?access_token=<t>` upgrades only with a live token
 * (a missing, unknown, expired or revoked token is answered 401 before the upgrade). The browser sends
 * `hzero-hi` every 45 s; each heartbeat re-checks the token, and a socket whose session ended is closed
 * with code 4401 and the reason. Counter changes reach every open socket of the user (socket-hub.ts).
 */
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { TypedPlugin } from '../../type-provider.ts'
import { SOCKET_HEARTBEAT, SOCKET_PATH } from '../../../renderer/contract/hmsg.ts'
import { unauthorized } from '../../errors.ts'
import { sessionOfToken } from '../../plugins/auth.ts'
import type { NoticeSocket, SocketHub } from './socket-hub.ts'

const Query = Type.Object({ access_token: Type.Optional(Type.String({ maxLength: 512 })) })
const SwitchingProtocols = Type.Null({
  description: 'The notice socket: frames {key, type, message} (wire contract "Notices")',
})

/** Close code of a socket whose session ended (4000-4999 are the application's). */
export const SESSION_ENDED = 4401

async function authenticate(request: FastifyRequest<{ Querystring: typeof Query.static }>) {
  const token = request.query.access_token
  if (!token)
    throw unauthorized(
      'The notice socket needs ?access_token=<your access token>: sign in and open it with your token.',
    )
  const result = await sessionOfToken(request, token)
  if ('reason' in result) throw unauthorized(result.reason)
  request.session = result.session
}

export function socketRoutes(hub: SocketHub): TypedPlugin {
  return async (app) => {
    app.get(
      SOCKET_PATH,
      // Public for the header-or-cookie check of the auth plugin: this route reads the token from its query.
      {
        websocket: true,
        config: { public: true },
        // 101 Switching Protocols, then frames (renderer/contract/hmsg.ts): no HTTP body to serialize.
        schema: { querystring: Query, response: { 101: SwitchingProtocols } },
        preValidation: authenticate,
      },
      (socket: NoticeSocket & { on(event: string, listener: (data: unknown) => void): void }, request) => {
        const session = request.session
        if (!session) return socket.close(SESSION_ENDED, 'Not signed in.')
        const token = request.query.access_token ?? ''
        hub.add(session.userId, socket)
        socket.on('close', () => hub.remove(session.userId, socket))
        socket.on('message', (data) => {
          const text = String(data)
          if (text === SOCKET_HEARTBEAT) {
            void sessionOfToken(request, token).then((result) => {
              if ('reason' in result) socket.close(SESSION_ENDED, result.reason.slice(0, 120))
            })
            return
          }
          // PLAT-SOCK-08: the browser may send {service|serviceCode, key, message}; nothing here consumes them.
          socket.send(
            JSON.stringify({
              key: 'hzero-error',
              type: 'S',
              message: `Unsupported frame: this server reads only the heartbeat '${SOCKET_HEARTBEAT}'.`,
            }),
          )
        })
      },
    )
  }
}
