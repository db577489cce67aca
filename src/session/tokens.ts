/**
 * Token life cycle of the implicit OAuth sign-in (PLAT-LOGIN-01, CORE-SES-01/02): read the token the login
 * service appends to the URL hash, keep it in cookies, and strip it from the address bar.
 */
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, readCookie, removeCookie, writeCookie } from './cookies'
import { writeHiddenLayout } from './session-storage'

export interface HashTokens {
  accessToken: string
  refreshToken?: string
  expiresIn?: number
  hiddenLayout: boolean
}

// The login service may name the embedded-layout flag in any of these ways.
const HIDDEN_LAYOUT_PARAMS = ['hidden_layout', 'hiddenLayout', 'hideLayout']

/** Parses `#access_token=…&refresh_token=…&expires_in=…`; undefined when the hash carries no access token. */
export function parseHashTokens(hash: string): HashTokens | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const accessToken = params.get('access_token')
  if (!accessToken) return undefined
  const expires = Number(params.get('expires_in'))
  const flag = HIDDEN_LAYOUT_PARAMS.map((name) => params.get(name)).find((v) => v !== null)
  return {
    accessToken,
    refreshToken: params.get('refresh_token') ?? undefined,
    expiresIn: Number.isFinite(expires) && expires > 0 ? expires : undefined,
    hiddenLayout: flag === '1' || flag === 'true',
  }
}

/**
 * Stores a token found in the hash (cookies + hidden-layout flag) and removes the hash from the address
 * without reloading. Returns the tokens it stored, or undefined when the hash had none.
 */
export function captureHashTokens(win: Window = window): HashTokens | undefined {
  const tokens = parseHashTokens(win.location.hash)
  if (!tokens) return undefined
  writeCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, win.document)
  if (tokens.refreshToken) writeCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, win.document)
  writeHiddenLayout(tokens.hiddenLayout)
  const { pathname, search } = win.location
  win.history.replaceState(win.history.state, '', `${pathname}${search}`)
  return tokens
}

export function readAccessToken(): string | undefined {
  return readCookie(ACCESS_TOKEN_COOKIE)
}

/** Forgets both tokens and the hidden-layout flag (CORE-SES-01). */
export function clearTokens(): void {
  removeCookie(ACCESS_TOKEN_COOKIE)
  removeCookie(REFRESH_TOKEN_COOKIE)
  writeHiddenLayout(false)
}
