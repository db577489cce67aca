import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { logout, loginUrl, type BrowserLocation } from './login'
import { isPublicPath } from './public-paths'
import { startSession } from './start-session'
import { captureHashTokens, parseHashTokens } from './tokens'

function fakeBrowser(): BrowserLocation & { visited: string[]; reloads: number } {
  const browser = {
    visited: [] as string[],
    reloads: 0,
    assign: (url: string) => void browser.visited.push(url),
    reload: () => void (browser.reloads += 1),
    href: () => window.location.href,
  }
  return browser
}

function clearCookies() {
  for (const name of ['access_token', 'refresh_token']) {
    document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`
  }
}

beforeEach(() => {
  clearCookies()
  sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})
afterEach(clearCookies)

describe('token in the URL hash (PLAT-LOGIN-01)', () => {
  it('reads the access token, refresh token, expiry and hidden-layout flag', () => {
    expect(
      parseHashTokens(
        '#access_token=abc&token_type=bearer&expires_in=3600&refresh_token=def&hidden_layout=1',
      ),
    ).toEqual({
      accessToken: 'abc',
      refreshToken: 'def',
      expiresIn: 3600,
      hiddenLayout: true,
    })
    expect(parseHashTokens('#state=x')).toBeUndefined()
    expect(parseHashTokens('')).toBeUndefined()
  })

  it('stores the tokens in cookies, the flag in session storage, and strips the hash', () => {
    window.history.replaceState(
      null,
      '',
      '/workplace?tab=2#access_token=abc&refresh_token=def&hidden_layout=1',
    )
    captureHashTokens()
    expect(document.cookie).toContain('access_token=abc')
    expect(document.cookie).toContain('refresh_token=def')
    expect(localStorage.getItem('access_token')).toBeNull()
    expect(sessionStorage.getItem('hiddenLayout')).toBe('1')
    expect(window.location.hash).toBe('')
    expect(window.location.pathname + window.location.search).toBe('/workplace?tab=2')
  })
})

describe('starting without a token (CORE-SES-01, PLAT-LOGIN-02/03)', () => {
  it('clears tokens and the hidden-layout flag and goes to the login address with the current address', () => {
    document.cookie = 'refresh_token=old; path=/'
    sessionStorage.setItem('hiddenLayout', '1')
    window.history.replaceState(null, '', '/hrpt/data-set?x=1')
    const browser = fakeBrowser()

    expect(startSession(window, browser)).toEqual({ kind: 'signing-in' })

    const original = `${window.location.origin}/hrpt/data-set?x=1`
    expect(browser.visited).toEqual([loginUrl(original)])
    const target = new URL(browser.visited[0] ?? '', window.location.origin)
    expect(target.pathname).toBe('/api/oauth/oauth/authorize')
    expect(target.searchParams.get('response_type')).toBe('token')
    expect(target.searchParams.get('client_id')).toBe('localhost')
    expect(target.searchParams.get('redirect_uri')).toBe(original)
    expect(document.cookie).not.toContain('refresh_token=old')
    expect(sessionStorage.getItem('hiddenLayout')).toBeNull()
    expect(sessionStorage.getItem('redirectUrl')).toBe(original)
  })

  it('lets public and error pages open without a token', () => {
    for (const path of ['/public/kickoff', '/public/self-error', '/exception/404']) {
      window.history.replaceState(null, '', path)
      const browser = fakeBrowser()
      expect(startSession(window, browser)).toEqual({ kind: 'public' })
      expect(browser.visited).toEqual([])
    }
  })

  it('starts signed in when the hash brings a token', () => {
    window.history.replaceState(null, '', '/wmdm/warehouse#access_token=tok&token_type=bearer')
    const browser = fakeBrowser()
    expect(startSession(window, browser)).toEqual({ kind: 'signed-in', accessToken: 'tok' })
    expect(browser.visited).toEqual([])
    expect(window.location.href).toBe(`${window.location.origin}/wmdm/warehouse`)
  })
})

describe('public paths (X-07)', () => {
  it('needs no login under /public and on the core error pages only', () => {
    for (const path of [
      '/public',
      '/public/',
      '/public/express',
      '/public/winv/stockQuery',
      '/exception/403',
      '/exception/501',
    ]) {
      expect(isPublicPath(path), path).toBe(true)
    }
    for (const path of ['/publicity', '/pub/logistics-screen', '/exception/418', '/404', '/workplace', '/']) {
      expect(isPublicPath(path), path).toBe(false)
    }
  })
})

describe('logout (CORE-SES-10)', () => {
  it('clears cookies and session storage and goes to the logout address with the token', () => {
    document.cookie = 'access_token=tok 1; path=/'
    document.cookie = 'refresh_token=r; path=/'
    sessionStorage.setItem('language', 'en_US')
    const browser = fakeBrowser()
    logout(browser)
    expect(browser.visited).toEqual(['/api/oauth/logout?access_token=tok%201'])
    expect(document.cookie).not.toContain('access_token=tok')
    expect(document.cookie).not.toContain('refresh_token=r')
    expect(sessionStorage.length).toBe(0)
  })
})
