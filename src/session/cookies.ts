/** Minimal cookie access for the two session tokens (CORE-SES-02: tokens live in cookies, path /, SameSite=Lax). */

export const ACCESS_TOKEN_COOKIE = 'access_token'
export const REFRESH_TOKEN_COOKIE = 'refresh_token'

/** Reads a cookie by name; undefined when absent or empty. */
export function readCookie(name: string, doc: Document = document): string | undefined {
  for (const part of doc.cookie.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() !== name) continue
    const value = decodeURIComponent(part.slice(eq + 1).trim())
    return value === '' ? undefined : value
  }
  return undefined
}

/** Writes a session cookie (no expiry: the server decides when the token dies). */
export function writeCookie(name: string, value: string, doc: Document = document): void {
  doc.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`
}

export function removeCookie(name: string, doc: Document = document): void {
  doc.cookie = `${name}=; path=/; SameSite=Lax; expires=Thu, 01 Jan 1970 00:00:00 GMT`
}
