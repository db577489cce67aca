/**
 * What a 401 means (CORE-SES-06..09, X-08): ask the login service whether another sign-in kicked this
 * session off, then send the browser to /public/kickoff (kickoff 1), /public/unauthorized (anything else),
 * or to the sign-in page when the check itself fails.
 */
import type { AxiosInstance } from 'axios'
import type { KickoffResult } from '../../renderer/contract/wire'
import { API_BASE, SERVICE_PREFIX } from '../../renderer/contract/wire'
import { redirectToLogin, type BrowserLocation } from '../session/login'
import { clearTokens } from '../session/tokens'

export const KICKOFF_PATH = `${API_BASE}${SERVICE_PREFIX.oauth}/public/token/kickoff`

/**
 * Returns a handler that runs the kickoff check once however many calls fail together, and leaves the page.
 * `raw` is an axios instance without the app's interceptors (the check must not recurse into itself).
 */
export function createAuthFailureHandler(
  raw: AxiosInstance,
  getAccessToken: () => string | undefined,
  browser: BrowserLocation,
): () => Promise<void> {
  let inFlight: Promise<void> | undefined
  const run = async () => {
    const token = getAccessToken() ?? ''
    let kickoff: unknown
    try {
      const response = await raw.post<KickoffResult>(KICKOFF_PATH, null, {
        params: { access_token: token },
      })
      kickoff = response.data?.kickoff
    } catch {
      redirectToLogin(browser)
      return
    }
    clearTokens()
    browser.assign(Number(kickoff) === 1 ? '/public/kickoff' : '/public/unauthorized')
  }
  return () => {
    inFlight ??= run()
    return inFlight
  }
}
