import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/schema.ts'

/** Origin of the request itself, from the Host header and the protocol. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? request.hostname}`
}

/**
 * A redirect address parsed exactly as the browser will parse the Location it is sent to (WHATWG URL), or
 * why it is refused. Only a plain absolute `http(s)://host/…` is taken: a form that browsers and other URL
 * parsers read differently (a backslash, user info before an `@`, white space or control characters, a
 * scheme without `//`, a relative or scheme-relative address, another scheme such as javascript: or data:)
 * is refused rather than normalised, since the party that checks and the party that follows could disagree.
 */
export function parseRedirect(raw: string): { url: URL } | { problem: string } {
  // Control characters, spaces (the URL parser strips some of them silently) and backslashes (read as `/`).
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(raw) || /[\s\u200b-\u200f\u2028-\u202e\u2060\ufeff]/u.test(raw))
    return { problem: 'contains a backslash, white space or a control character' }
  if (!/^https?:\/\/[^/?#]/i.test(raw))
    return { problem: 'is not an absolute http:// or https:// address (scheme, then //, then the host)' }
  // A host spelled with percent escapes or non-ASCII letters is rewritten by the parser: registered origins
  // are plain ASCII (an international name in its xn-- form), so the address must name its host that way.
  if (/[^\x21-\x7e]|%/.test(/^[a-z]+:\/\/([^/?#]*)/i.exec(raw)?.[1] ?? ''))
    return {
      problem:
        'names its host with percent escapes or non-ASCII characters (write it as registered, xn-- for an international name)',
    }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { problem: 'is not a valid address' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { problem: 'is not an absolute http:// or https:// address' }
  if (url.username || url.password || /^[^/?#]*:\/\/[^/?#]*@/.test(raw))
    return { problem: 'carries a user name or password before an @ (user info), which hides the real host' }
  return { url }
}

/** The origin of an address (as registered, or of the request), or undefined when it is no http(s) address. */
function originOf(address: string): string | undefined {
  try {
    const parsed = new URL(address)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * A redirect_uri is accepted only when its origin (parsed as a browser does, parseRedirect) is the origin the
 * sign-in page was opened on, or one the client registered: never an open redirect. Answers the accepted
 * origin and the address to send the browser to (the parsed form, without its fragment), or why it was
 * refused.
 */
export async function checkRedirect(
  db: Db,
  request: FastifyRequest,
  clientId: string,
  redirectUri: string,
): Promise<{ origin: string; url: string } | { refused: string }> {
  const client = await db
    .selectFrom('oauthClient')
    .selectAll()
    .where('clientId', '=', clientId)
    .executeTakeFirst()
  if (!client) return { refused: `Unknown client_id '${clientId}'.` }
  if (client.enabledFlag !== 1)
    return { refused: `Client '${clientId}' is disabled: an administrator enables it under OAuth clients.` }
  const shown = JSON.stringify(redirectUri.slice(0, 200))
  const parsed = parseRedirect(redirectUri)
  if ('problem' in parsed)
    return {
      refused: `redirect_uri ${shown} ${parsed.problem}: the sign-in sends the browser only to an address of an origin registered for client '${clientId}'.`,
    }
  const { origin } = parsed.url
  const registered = client.redirectOrigins.map(originOf)
  if (origin !== originOf(requestOrigin(request)) && !registered.includes(origin))
    return {
      refused: `redirect_uri ${shown} (origin ${origin}) is not registered for client '${clientId}': an administrator adds the origin to the client under OAuth clients.`,
    }
  parsed.url.hash = ''
  return { origin, url: parsed.url.href }
}
