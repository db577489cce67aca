import type { Language } from '../../../renderer/contract/wire.ts'
import { loginText } from './login-texts.ts'
import type { OfferedLanguage, SignInDomain } from './sign-in-settings.ts'

/** The app's icon (index.html), inline so the sign-in page makes no request for /favicon.ico. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 28 28'%3E%3Crect width='28' height='28' rx='6' fill='%232F54EB'/%3E%3Cpath d='M6 9l3 10 3-7 2 0 3 7 3-10' stroke='%23fff' stroke-width='2' fill='none'/%3E%3C/svg%3E"

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

export interface LoginPageInput {
  language: Language
  clientId: string
  redirectUri: string
  state: string
  /** The device kind the sign-in address declared (devices.ts), posted back with the form. */
  device?: string
  username?: string
  error?: string
  /** The languages offered, in order (HPFM.LANGUAGE, see sign-in-settings.ts). */
  languages: OfferedLanguage[]
  /** The domain the page was asked on (/hiam/domain-config), if one is configured. */
  domain?: SignInDomain | null
}

/**
 * The sign-in layouts a domain's LOGIN template may name (/hiam/domain-config templates): the centred card, or
 * the card on the right beside a banner with the title.
 */
export const LOGIN_TEMPLATES: Record<string, string> = {
  '/templates/login/default': '',
  '/templates/login/banner': `
body.banner{justify-content:flex-end;background:linear-gradient(120deg,#1d39c4,#2f54eb 55%,#f0f2f5 55%)}
body.banner aside{flex:1;color:#fff;font-size:30px;font-weight:600;padding:0 64px}
body.banner main{margin-right:10vw}`,
}

const style = `
body{margin:0;font-family:-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#f0f2f5;
display:flex;min-height:100vh;align-items:center;justify-content:center;color:#1f1f1f}
main{background:#fff;padding:32px 40px;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08);width:340px}
h1{font-size:20px;margin:0 0 24px;text-align:center}label{display:block;margin:12px 0 4px;font-size:14px}
input,select{width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid #d9d9d9;border-radius:6px;font-size:14px}
button{margin-top:24px;width:100%;padding:9px;border:0;border-radius:6px;background:#2f54eb;color:#fff;font-size:15px;cursor:pointer}
.error{margin:0 0 8px;padding:8px 12px;border:1px solid #ffccc7;background:#fff2f0;border-radius:6px;color:#a8071a;font-size:14px}`

/** The sign-in page: no inline script (strict CSP); login.js only reloads the page when the language changes. */
export function renderLoginPage(input: LoginPageInput): string {
  const t = (key: Parameters<typeof loginText>[1]) => escape(loginText(input.language, key))
  const options = input.languages
    .map(
      ({ code, name }) =>
        `<option value="${code}"${code === input.language ? ' selected' : ''}>${escape(name)}</option>`,
    )
    .join('')
  // The domain's title replaces the platform's heading (and names the browser tab); its template the layout.
  const heading = input.domain?.loginTitle ? escape(input.domain.loginTitle) : t('heading')
  const template = input.domain?.loginTemplate ?? '/templates/login/default'
  const banner = template === '/templates/login/banner'
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escape(value)}">`
  return `<!doctype html>
<html lang="${input.language.replace('_', '-')}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('title')}${input.domain?.loginTitle ? ` · ${heading}` : ''}</title>
<link rel="icon" href="${FAVICON}">
<style>${style}${LOGIN_TEMPLATES[template] ?? ''}</style><script src="/api/oauth/static/login.js" defer></script></head>
<body${banner ? ' class="banner"' : ''}>${banner ? `<aside>${heading}</aside>` : ''}<main><h1>${heading}</h1>
${input.error ? `<p class="error" role="alert">${escape(input.error)}</p>` : ''}
<form id="login-form" method="post" action="/api/oauth/login">
${hidden('client_id', input.clientId)}${hidden('redirect_uri', input.redirectUri)}${hidden('state', input.state)}${input.device ? hidden('device', input.device) : ''}
<label for="username">${t('username')}</label>
<input id="username" name="username" autocomplete="username" value="${escape(input.username ?? '')}" required${input.username ? '' : ' autofocus'}>
<label for="password">${t('password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${input.username ? ' autofocus' : ''}>
<label for="language">${t('language')}</label>
<select id="language" name="language">${options}</select>
<button type="submit">${t('submit')}</button>
</form></main></body></html>`
}

/** A page that says why sign-in cannot go on (a refused redirect_uri): never a redirect. */
export function renderRefusedPage(language: Language, reason: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(loginText(language, 'refused'))}</title>
<style>${style}</style></head><body><main><h1>${escape(loginText(language, 'refused'))}</h1>
<p class="error" role="alert">${escape(reason)}</p></main></body></html>`
}

/** Served as /api/oauth/static/login.js: reloads the page in the chosen language, keeping the OAuth fields. */
export const loginScript = `document.addEventListener('DOMContentLoaded', function () {
  var select = document.getElementById('language')
  var form = document.getElementById('login-form')
  if (!select || !form) return
  select.addEventListener('change', function () {
    var url = new URL('/api/oauth/oauth/authorize', location.origin)
    url.searchParams.set('response_type', 'token')
    ;['client_id', 'redirect_uri', 'state', 'device'].forEach(function (name) {
      var input = form.elements.namedItem(name)
      if (input && input.value) url.searchParams.set(name, input.value)
    })
    url.searchParams.set('lang', select.value)
    location.href = url.toString()
  })
})
`
