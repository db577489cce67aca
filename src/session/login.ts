/**
 * Where the browser goes to sign in and out (PLAT-LOGIN-03, CORE-SES-01, CORE-SES-10). The actual page change
 * goes through `BrowserLocation` so tests can observe it instead of leaving the page.
 */
import { API_BASE, SERVICE_PREFIX } from '../../renderer/contract/wire'
import { clearTokens, readAccessToken } from './tokens'
import { writeRedirectTarget } from './session-storage'

export const OAUTH_CLIENT_ID = 'localhost'
const OAUTH_BASE = `${API_BASE}${SERVICE_PREFIX.oauth}`

/** The side effects of leaving or reloading the page. */
export interface BrowserLocation {
  /** Full page load of another address. */
  assign(url: string): void
  reload(): void
  /** The current address (absolute). */
  href(): string
}

export const windowLocation: BrowserLocation = {
  assign: (url) => window.location.assign(url),
  reload: () => window.location.reload(),
  href: () => window.location.href,
}

/**
 * The kind of device signing in: `handheld` at a scanner's width (≤ 575 px, the xs breakpoint of
 * shell/breakpoints.ts), else `desk`. The server keeps one live session per kind by default, so signing in
 * on the handheld does not end the desk session (server/modules/oauth/devices.ts).
 */
export function currentDeviceKind(): 'desk' | 'handheld' {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'desk'
  return window.matchMedia('(max-width: 575px)').matches ? 'handheld' : 'desk'
}

/**
 * `/api/oauth/oauth/authorize?response_type=token&client_id=localhost&redirect_uri=<current address>`, with
 * `&device=handheld` on a handheld.
 */
export function loginUrl(redirectUri: string, device = currentDeviceKind()): string {
  const query = new URLSearchParams({
    response_type: 'token',
    client_id: OAUTH_CLIENT_ID,
    redirect_uri: redirectUri,
  })
  if (device === 'handheld') query.set('device', device)
  return `${OAUTH_BASE}/oauth/authorize?${query.toString()}`
}

export function logoutUrl(accessToken: string): string {
  return `${OAUTH_BASE}/logout?access_token=${encodeURIComponent(accessToken)}`
}

/**
 * Drops the tokens, remembers where the user was (or `target`), and sends the browser to the sign-in page.
 * Pages like /public/kickoff pass the home address: coming back to them after signing in makes no sense.
 */
export function redirectToLogin(browser: BrowserLocation = windowLocation, target?: string): void {
  const back = target ?? browser.href().replace(/#.*$/, '')
  clearTokens()
  writeRedirectTarget(back)
  browser.assign(loginUrl(back))
}

/** The site's root address, e.g. `https://wms.example.com/`. */
export function homeAddress(browser: BrowserLocation = windowLocation): string {
  return new URL('/', browser.href()).href
}

/** Clears cookies and session storage, then lets the server revoke the token and show the sign-in page. */
export function logout(browser: BrowserLocation = windowLocation): void {
  const token = readAccessToken() ?? ''
  clearTokens()
  sessionStorage.clear()
  browser.assign(logoutUrl(token))
}
