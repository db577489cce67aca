/**
 * What the sign-in page takes from the platform's configuration: the languages it offers (value set
 * HPFM.LANGUAGE, /hpfm/languages, of the domain's tenant, else of the platform: which, in which order, under which names — only languages the
 * app has texts for) and the domain the user reached it on (/hiam/domain-config: the login title and the LOGIN
 * template of the host's enabled domain).
 */
import { LANGUAGES, type Language } from '../../../renderer/contract/wire.ts'
import type { Db } from '../../db/schema.ts'
import { lookupValues } from '../hpfm/lookups.ts'
import { modelDb } from '../models/model-scope.ts'
import { languageNames } from './login-texts.ts'
import type { SsoSettings } from './sso.ts'

export interface OfferedLanguage {
  code: Language
  name: string
}

const hasTexts = (code: string): code is Language => (LANGUAGES as string[]).includes(code)

/**
 * The languages of HPFM.LANGUAGE (platform values) that the app has texts for, in the set's order, named as
 * the set names them in `language`. A set with none of them offers every language the app has.
 */
export async function signInLanguages(
  db: Db,
  language: Language = 'zh_CN',
  tenantId = 0,
): Promise<OfferedLanguage[]> {
  const values = (await lookupValues(db, ['HPFM.LANGUAGE'], tenantId, language)).get('HPFM.LANGUAGE') ?? []
  const offered = values
    .filter((v) => hasTexts(v.value))
    .map((v) => ({ code: v.value as Language, name: v.meaning || languageNames[v.value as Language] }))
  return offered.length ? offered : LANGUAGES.map((code) => ({ code, name: languageNames[code] }))
}

/** `lang` when offered, else the browser's Accept-Language when offered, else the first offered language. */
export function pickOffered(
  offered: OfferedLanguage[],
  lang: unknown,
  acceptLanguage: string | undefined,
): Language {
  const codes = offered.map((o) => o.code)
  if (typeof lang === 'string' && (codes as string[]).includes(lang)) return lang as Language
  const accepted = (acceptLanguage ?? '').toLowerCase()
  const browser: Language | undefined = /^zh-(tw|hk|hant)/.test(accepted)
    ? 'zh_TW'
    : accepted.startsWith('en')
      ? 'en_US'
      : accepted.startsWith('zh')
        ? 'zh_CN'
        : undefined
  if (browser && codes.includes(browser)) return browser
  return codes.includes('zh_CN') ? 'zh_CN' : (codes[0] ?? 'zh_CN')
}

export interface SignInDomain {
  domainId: number
  tenantId: number
  loginTitle: string | null
  /** The LOGIN template's path (a key of LOGIN_TEMPLATES), null for the default. */
  loginTemplate: string | null
  /** Single sign-on of the domain (SSO type other than NONE, with a login URL), null when it has none. */
  sso: SsoSettings | null
}

const SSO_COLUMNS = [
  'ssoTypeCode',
  'ssoServerUrl',
  'ssoLoginUrl',
  'ssoLogoutUrl',
  'ssoClientId',
  'ssoTokenUrl',
  'ssoUserInfoUrl',
  'ssoScope',
  'ssoUserClaim',
  'ssoIdpIssuer',
  'ssoIdpCertificate',
  'ssoSpEntityId',
  'ssoSpCertificate',
  'ssoSignRequests',
] as const
type SsoRow = { domainId: number } & Record<
  Exclude<(typeof SSO_COLUMNS)[number], 'ssoSignRequests'>,
  string | null
> & {
    ssoSignRequests: number | null
  }

/** The SSO settings of a domain row; null for NONE or without a login URL. */
function ssoOf(domain: SsoRow): SsoSettings | null {
  if (!domain.ssoTypeCode || domain.ssoTypeCode === 'NONE' || !domain.ssoLoginUrl) return null
  return {
    domainId: Number(domain.domainId),
    type: domain.ssoTypeCode,
    serverUrl: domain.ssoServerUrl || domain.ssoLoginUrl.replace(/\/login\/?$/, ''),
    loginUrl: domain.ssoLoginUrl,
    logoutUrl: domain.ssoLogoutUrl || null,
    clientId: domain.ssoClientId || null,
    tokenUrl: domain.ssoTokenUrl || null,
    userInfoUrl: domain.ssoUserInfoUrl || null,
    scope: domain.ssoScope || null,
    userClaim: domain.ssoUserClaim || null,
    idpIssuer: domain.ssoIdpIssuer || null,
    idpCertificate: domain.ssoIdpCertificate || null,
    spEntityId: domain.ssoSpEntityId || null,
    spCertificate: domain.ssoSpCertificate || null,
    // SAML's only: a flag left on when the type changes signs nothing and asks for no SP key.
    signRequests: domain.ssoTypeCode === 'SAML' && Number(domain.ssoSignRequests) === 1,
  }
}

/** The SSO settings of a domain by id (enabled or not: a session it started is signed out through it). */
export async function ssoOfDomain(db: Db, domainId: number): Promise<SsoSettings | null> {
  const row = (await modelDb(db)
    .selectFrom('hiam_domain')
    .select(['domainId', ...SSO_COLUMNS])
    .where('domainId', '=', domainId)
    .executeTakeFirst()) as SsoRow | undefined
  return row ? ssoOf(row) : null
}

/** "https://WMS.example.com:8443/" → "wms.example.com" */
export const hostOf = (url: string) =>
  url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')

/** The path of a domain's first enabled page template of `type` (/hiam/domain-config-template), or null. */
async function templatePath(db: Db, domainId: number, type: 'LOGIN' | 'INDEX'): Promise<string | null> {
  const template = (await modelDb(db)
    .selectFrom('hiam_domain_template')
    .select('templatePath')
    .where('domainId', '=', domainId)
    .where('templateType', '=', type)
    .where('enabledFlag', '=', 1)
    .orderBy('templateAssignId')
    .executeTakeFirst()) as { templatePath: string } | undefined
  return template?.templatePath || null
}

/** The enabled domain whose URL is the host the sign-in page was asked on, with its enabled LOGIN template. */
export async function signInDomain(db: Db, host: string): Promise<SignInDomain | null> {
  const wanted = hostOf(host)
  if (!wanted) return null
  const domains = (await modelDb(db)
    .selectFrom('hiam_domain')
    .select(['domainId', 'tenantId', 'domainUrl', 'loginTitle', ...SSO_COLUMNS])
    .where('enabledFlag', '=', 1)
    .orderBy('domainId')
    .execute()) as Array<SsoRow & { tenantId: number; domainUrl: string; loginTitle: string | null }>
  const domain = domains.find((d) => hostOf(String(d.domainUrl)) === wanted)
  if (!domain) return null
  return {
    domainId: Number(domain.domainId),
    tenantId: Number(domain.tenantId),
    loginTitle: domain.loginTitle || null,
    loginTemplate: await templatePath(db, Number(domain.domainId), 'LOGIN'),
    sso: ssoOf(domain),
  }
}

/**
 * The home page of the session of `tokenHash`: the path of the enabled INDEX template of the enabled domain on
 * whose host the user signed in (oauth_token.domain_id); null when the sign-in was on no domain's host or the
 * domain has no such template. The shell opens it after sign-in when the role's menus reach it.
 */
export async function domainHomeOfToken(db: Db, tokenHash: string): Promise<string | null> {
  const token = await db
    .selectFrom('oauthToken')
    .select('domainId')
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst()
  if (token?.domainId == null) return null
  const domain = await modelDb(db)
    .selectFrom('hiam_domain')
    .select('domainId')
    .where('domainId', '=', Number(token.domainId))
    .where('enabledFlag', '=', 1)
    .executeTakeFirst()
  if (!domain) return null
  return templatePath(db, Number(token.domainId), 'INDEX')
}
