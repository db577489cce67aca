import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/schema.ts'

/** Origin of the request itself, from the Host header and the protocol. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? request.hostname}`
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * A redirect_uri is accepted only when its origin is the origin the sign-in page was opened on, or one the
 * client registered: never an open redirect. Answers the accepted origin, or why it was refused.
 */
export async function checkRedirect(
  db: Db,
  request: FastifyRequest,
  clientId: string,
  redirectUri: string,
): Promise<{ origin: string } | { refused: string }> {
  const client = await db
    .selectFrom('oauthClient')
    .selectAll()
    .where('clientId', '=', clientId)
    .executeTakeFirst()
  if (!client) return { refused: `Unknown client_id '${clientId}'.` }
  if (client.enabledFlag !== 1)
    return { refused: `Client '${clientId}' is disabled: an administrator enables it under OAuth clients.` }
  const origin = originOf(redirectUri)
  if (!origin) return { refused: `redirect_uri '${redirectUri}' is not an absolute http(s) address.` }
  if (origin === requestOrigin(request) || client.redirectOrigins.includes(origin)) return { origin }
  return { refused: `redirect_uri '${redirectUri}' is not registered for client '${clientId}'.` }
}
