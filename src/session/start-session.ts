/**
 * What happens before anything renders (PLAT-LOGIN-01/02, CORE-SES-01, X-07): take a token from the hash,
 * let public pages through, send everyone else without a token to the sign-in page.
 */
import { isPublicPath } from './public-paths'
import { captureHashTokens, readAccessToken } from './tokens'
import { clearRedirectTarget, readRedirectTarget } from './session-storage'
import { redirectToLogin, windowLocation, type BrowserLocation } from './login'

export type SessionStart =
  { kind: 'public' } | { kind: 'signing-in' } | { kind: 'signed-in'; accessToken: string }

/** Decides how the app starts for the current address; redirects to sign-in when needed. */
export function startSession(win: Window = window, browser: BrowserLocation = windowLocation): SessionStart {
  const captured = captureHashTokens(win)
  if (isPublicPath(win.location.pathname)) return { kind: 'public' }
  const accessToken = readAccessToken()
  if (!accessToken) {
    redirectToLogin(browser)
    return { kind: 'signing-in' }
  }
  if (captured) returnToRedirectTarget(win)
  return { kind: 'signed-in', accessToken }
}

// After sign-in the login service normally returns to the redirect target itself; if it came back
// somewhere else (its default page, the root), go on to the address the user first asked for.
function returnToRedirectTarget(win: Window): void {
  const target = readRedirectTarget()
  clearRedirectTarget()
  if (!target) return
  const url = new URL(target, win.location.origin)
  const here = `${win.location.pathname}${win.location.search}`
  const there = `${url.pathname}${url.search}`
  if (url.origin === win.location.origin && here === '/' && there !== '/') {
    win.history.replaceState(win.history.state, '', there)
  }
}
