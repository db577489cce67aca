/**
 * Single sign-on of a domain (/hiam/domain-config: SSO type and its settings). The sign-in page of an SSO
 * domain's host sends the browser to the identity provider, and the provider's answer comes back here:
 * - CAS: the CAS login URL with `service` = this server's callback (/api/oauth/sso/callback, carrying the
 *   client, redirect and state of the sign-in); the callback validates the ticket with the CAS server
 *   (`<server>/serviceValidate`, CAS 2.0 protocol, the same service).
 * - OAUTH2 (OAuth 2.0 / OpenID Connect authorization code with PKCE S256): the authorize URL with the domain's
 *   client id, redirect_uri = the callback (no query: providers match it exactly), scope and a random `state`
 *   naming a stored request (oauth_sso_request: our sign-in's client, redirect and state, the code verifier)
 *   and bound to the browser by a cookie; the callback exchanges the code at the token URL (client secret by
 *   HTTP Basic) and reads the login name from the userinfo URL's claim (default preferred_username).
 * - SAML (2.0, SP-initiated): an AuthnRequest by HTTP-Redirect to the IdP entry point, RelayState = the
 *   stored request's state; the IdP posts its response to /api/oauth/sso/saml, which checks (node-saml) the
 *   assertion's signature against the domain's IdP certificate, the IdP issuer, the audience (our SP entity
 *   id), the times and InResponseTo = the stored AuthnRequest ID; the NameID (or a configured attribute) is
 *   the login name.
 * Every way ends in ssoSignIn: the local user of that login name, in the domain's tenant when it has an
 * enabled role there. A stored request is good once and for 10 minutes.
 */
import { createHash, randomBytes } from 'node:crypto'
import type * as NodeSaml from '@node-saml/node-saml'
import type { CacheProvider, SAML } from '@node-saml/node-saml'
import type { AppConfig } from '../../config.ts'
import type { Db } from '../../db/schema.ts'
import { startingRole } from './sign-in.ts'

export const SSO_CALLBACK = '/api/oauth/sso/callback'
/** Where a SAML IdP posts its response (assertion consumer service, HTTP-POST binding). */
export const SAML_ACS = '/api/oauth/sso/saml'
/** The SP metadata of the host's SAML domain; also the default SP entity id. */
export const SAML_METADATA = '/api/oauth/sso/saml/metadata'
/** The types the sign-in flow follows. */
export const BUILT_SSO_TYPES = ['CAS', 'OAUTH2', 'SAML']
/** The cookie that binds an OAuth2 state to the browser that started the sign-in. */
export const SSO_STATE_COOKIE = 'wms_sso_state'

/** How long a sign-in sent to a provider may take to come back. */
export const SSO_REQUEST_TTL_MS = 10 * 60 * 1000
const DEFAULT_SCOPE = 'openid profile'
const DEFAULT_CLAIM = 'preferred_username'

/** A domain's single sign-on settings (hiam_domain), as sign-in-settings.ts reads them. */
export interface SsoSettings {
  domainId: number
  type: string
  serverUrl: string
  loginUrl: string
  logoutUrl: string | null
  clientId: string | null
  tokenUrl: string | null
  userInfoUrl: string | null
  scope: string | null
  userClaim: string | null
  idpIssuer: string | null
  idpCertificate: string | null
  spEntityId: string | null
  /** SAML: the SP certificate published in the metadata for encrypting assertions (its key is in the vault). */
  spCertificate: string | null
  /** SAML: AuthnRequests are signed with the SP private key (RSA-SHA256), its certificate published for it. */
  signRequests: boolean
}

/** What a type needs besides the login URL; the names of the fields still empty. */
export function missingSettings(sso: SsoSettings): string[] {
  const need: Array<[keyof SsoSettings, string]> =
    sso.type === 'OAUTH2'
      ? [
          ['clientId', 'SSO client id'],
          ['tokenUrl', 'token URL'],
          ['userInfoUrl', 'userinfo URL'],
        ]
      : sso.type === 'SAML'
        ? [
            ['idpIssuer', 'IdP issuer'],
            ['idpCertificate', 'IdP certificate'],
          ]
        : []
  return need.filter(([key]) => !sso[key]).map(([, name]) => name)
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

/** The CAS login address for `service`. */
export function casLoginUrl(loginUrl: string, service: string): string {
  const url = new URL(loginUrl)
  url.searchParams.set('service', service)
  return url.toString()
}

/**
 * Asks the CAS server whether `ticket` was issued for `service`: the user name, or why not (a refusal of the
 * server with its code, an unreachable server, an answer that is not CAS).
 */
export async function validateCasTicket(
  serverUrl: string,
  service: string,
  ticket: string,
  timeoutMs: number,
): Promise<{ user: string } | { problem: string }> {
  const url = new URL(`${serverUrl.replace(/\/+$/, '')}/serviceValidate`)
  url.searchParams.set('service', service)
  url.searchParams.set('ticket', ticket)
  let body: string
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' })
    if (!answer.ok) return { problem: `the CAS server answered HTTP ${answer.status} to the ticket check` }
    body = await answer.text()
  } catch (error) {
    return { problem: `the CAS server could not be reached (${(error as Error).message})` }
  }
  const user = /<cas:authenticationSuccess>[\s\S]*?<cas:user>([^<]+)<\/cas:user>/.exec(body)?.[1]?.trim()
  if (user) return { user: unescapeXml(user) }
  const failure = /<cas:authenticationFailure[^>]*code="([^"]*)"[^>]*>([^<]*)</.exec(body)
  if (failure) return { problem: `the CAS server refused the ticket (${failure[1]}: ${failure[2]!.trim()})` }
  return { problem: 'the CAS server answered something that is not a CAS 2.0 service response' }
}

/**
 * The session a user signed in by SSO starts with: an enabled user with an enabled role, in `tenantId` (the
 * domain's) when the user has one there. Recorded in the login log like a password sign-in.
 */
export async function ssoSignIn(
  db: Db,
  config: AppConfig,
  loginName: string,
  tenantId: number,
  ip: string,
  context: { clientId: string; userAgent?: string },
): Promise<{ ok: true; userId: number; roleId: number; tenantId: number } | { ok: false; reason: string }> {
  const user = await db
    .selectFrom('iamUser')
    .selectAll()
    .where('loginName', '=', loginName)
    .executeTakeFirst()
  const record = (success: boolean, reason: string | null, tenant: number | null) =>
    db
      .insertInto('oauthLoginAttempt')
      .values({
        loginName: loginName.slice(0, 60),
        userId: user?.id ?? null,
        success: success ? 1 : 0,
        ip,
        attemptedAt: config.now(),
        reason,
        clientId: context.clientId.slice(0, 60),
        userAgent: context.userAgent?.slice(0, 300) ?? null,
        tenantId: tenant,
      })
      .execute()
  if (!user) {
    await record(false, 'sso_unknown_user', tenantId)
    return { ok: false, reason: `the single sign-on user '${loginName}' has no account here` }
  }
  if (user.enabledFlag !== 1) {
    await record(false, 'disabled', tenantId)
    return { ok: false, reason: `the account '${loginName}' is disabled` }
  }
  const start = await startingRole(db, user.id, [tenantId, user.defaultTenantId])
  if (!start) {
    await record(false, 'no_role', tenantId)
    return { ok: false, reason: `the account '${loginName}' has no enabled role` }
  }
  await record(true, null, start.tenantId)
  return { ok: true, userId: user.id, roleId: start.id, tenantId: start.tenantId }
}

/** A random value for a state, a PKCE verifier or a request ID. */
export const randomToken = () => randomBytes(32).toString('base64url')

/** The PKCE S256 challenge of a code verifier. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

/** The provider's authorize address for one sign-in (authorization code, PKCE S256). */
export function oauth2AuthorizeUrl(
  sso: SsoSettings,
  callback: string,
  state: string,
  codeVerifier: string,
): string {
  const url = new URL(sso.loginUrl)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', sso.clientId ?? '')
  url.searchParams.set('redirect_uri', callback)
  url.searchParams.set('scope', sso.scope?.trim() || DEFAULT_SCOPE)
  url.searchParams.set('state', state)
  url.searchParams.set('code_challenge', pkceChallenge(codeVerifier))
  url.searchParams.set('code_challenge_method', 'S256')
  return url.toString()
}

/** The JSON body of a provider's answer, or why there is none. */
async function providerJson(
  what: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ body: Record<string, unknown> } | { problem: string }> {
  let answer: Response
  try {
    answer = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message
    return {
      problem: `the ${what} could not be reached (${(error as Error).message}${cause ? `: ${cause}` : ''})`,
    }
  }
  const text = await answer.text().catch(() => '')
  let body: Record<string, unknown> | undefined
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      body = parsed as Record<string, unknown>
  } catch {
    body = undefined
  }
  if (!answer.ok) {
    const reason = body?.error
      ? `${String(body.error)}${body.error_description ? `: ${String(body.error_description)}` : ''}`
      : text.slice(0, 200)
    return { problem: `the ${what} answered HTTP ${answer.status}${reason ? ` (${reason})` : ''}` }
  }
  if (!body) return { problem: `the ${what} answered something that is not a JSON object` }
  return { body }
}

/**
 * Exchanges an authorization code at the token URL (client secret by HTTP Basic, the PKCE verifier) and reads
 * the user's login name from the userinfo URL: the configured claim, else preferred_username.
 */
export async function oauth2User(
  sso: SsoSettings,
  clientSecret: string | undefined,
  callback: string,
  code: string,
  codeVerifier: string,
  timeoutMs: number,
): Promise<{ user: string } | { problem: string }> {
  const clientId = sso.clientId ?? ''
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  }
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: callback,
    code_verifier: codeVerifier,
  })
  if (clientSecret) {
    const basic = `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`
    headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`
  } else form.set('client_id', clientId)
  const token = await providerJson(
    'token endpoint',
    sso.tokenUrl ?? '',
    {
      method: 'POST',
      headers,
      body: form.toString(),
    },
    timeoutMs,
  )
  if ('problem' in token) return token
  const accessToken = token.body.access_token
  if (typeof accessToken !== 'string' || !accessToken)
    return { problem: 'the token endpoint answered without an access_token' }
  const info = await providerJson(
    'userinfo endpoint',
    sso.userInfoUrl ?? '',
    {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    },
    timeoutMs,
  )
  if ('problem' in info) return info
  const claim = sso.userClaim?.trim() || DEFAULT_CLAIM
  const value = info.body[claim]
  if ((typeof value === 'string' && value.trim()) || typeof value === 'number')
    return { user: String(value).trim() }
  return { problem: `the userinfo answer has no claim '${claim}' to take the login name from` }
}

/** Our SP entity id: the configured one, else the metadata address on this host. */
export const spEntityId = (sso: SsoSettings, origin: string) => sso.spEntityId || `${origin}${SAML_METADATA}`

/** A cache that knows one AuthnRequest ID: the one the stored request was sent with (InResponseTo). */
function oneRequest(requestId: string | null, createdAt: number): CacheProvider {
  let known = requestId
  const instant = new Date(createdAt).toISOString()
  return {
    saveAsync: async (key) => ({ value: key, createdAt }),
    getAsync: async (key) => (key === known ? instant : null),
    removeAsync: async (key) => {
      if (key === known) known = null
      return key
    },
  }
}

let nodeSaml: Promise<typeof NodeSaml> | undefined
/** node-saml (and its XML libraries), loaded at the first SAML call, not at every server start (bench measure 8). */
const loadNodeSaml = () => (nodeSaml ??= import('@node-saml/node-saml'))

/**
 * node-saml for one domain and host: the assertion must be signed by the IdP certificate. With the SP private
 * key (the domain's vaulted ssoSpPrivateKey) an encrypted assertion is decrypted first, then checked the same way,
 * and, when the domain signs its requests, the AuthnRequest is signed with it.
 */
async function samlFor(
  sso: SsoSettings,
  origin: string,
  requestId: string | null,
  createdAt: number,
  spKey?: string,
): Promise<SAML> {
  const { SAML, ValidateInResponseTo } = await loadNodeSaml()
  return new SAML({
    entryPoint: sso.loginUrl,
    issuer: spEntityId(sso, origin),
    audience: spEntityId(sso, origin),
    callbackUrl: `${origin}${SAML_ACS}`,
    idpCert: sso.idpCertificate ?? '',
    idpIssuer: sso.idpIssuer ?? undefined,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SSO_REQUEST_TTL_MS,
    acceptedClockSkewMs: 60_000,
    generateUniqueId: () => requestId ?? `_${randomToken()}`,
    cacheProvider: oneRequest(requestId, createdAt),
    disableRequestedAuthnContext: true,
    decryptionPvk: spKey || undefined,
    ...(sso.signRequests && spKey ? { privateKey: spKey, signatureAlgorithm: 'sha256' as const } : {}),
  })
}

/**
 * The IdP address carrying an AuthnRequest (HTTP-Redirect binding) with this ID and RelayState; signed (SigAlg,
 * Signature) when the domain signs its requests. `spKey`: the domain's SP private key.
 */
export async function samlAuthorizeUrl(
  sso: SsoSettings,
  origin: string,
  requestId: string,
  relayState: string,
  spKey?: string,
): Promise<string> {
  const saml = await samlFor(sso, origin, requestId, Date.now(), spKey)
  return saml.getAuthorizeUrlAsync(relayState, undefined, {})
}

/**
 * Checks a posted SAMLResponse against the request it must answer; the login name, or why not.
 * `spKey`: the domain's SP private key, for an IdP that encrypts its assertions.
 */
export async function samlUser(
  sso: SsoSettings,
  origin: string,
  samlResponse: string,
  request: { requestId: string | null; createdAt: number },
  spKey?: string,
): Promise<{ user: string } | { problem: string }> {
  if (!spKey && Buffer.from(samlResponse, 'base64').toString('utf8').includes('EncryptedAssertion>'))
    return {
      problem:
        'the SAML assertion is encrypted and the domain has no SP private key to decrypt it: add the SP private key and its certificate on /hiam/domain-config, or have the IdP send it unencrypted',
    }
  let profile: Awaited<ReturnType<SAML['validatePostResponseAsync']>>['profile']
  try {
    const saml = await samlFor(sso, origin, request.requestId, request.createdAt, spKey)
    profile = (await saml.validatePostResponseAsync({ SAMLResponse: samlResponse })).profile
  } catch (error) {
    return { problem: `the SAML response was refused (${(error as Error).message})` }
  }
  if (!profile) return { problem: 'the SAML response signs nobody in (no assertion)' }
  // node-saml checks the issuer of logout messages only: the signed assertion's issuer is checked here.
  if (profile.issuer !== sso.idpIssuer)
    return {
      problem: `the SAML assertion was issued by '${profile.issuer}', not by the domain's IdP issuer '${sso.idpIssuer}'`,
    }
  const attribute = sso.userClaim?.trim()
  if (!attribute) {
    if (profile.nameID) return { user: profile.nameID }
    return { problem: 'the SAML assertion has no NameID to take the login name from' }
  }
  const value: unknown = profile[attribute]
  const first = Array.isArray(value) ? (value as unknown[])[0] : value
  if (typeof first === 'string' && first.trim()) return { user: first.trim() }
  return { problem: `the SAML assertion has no attribute '${attribute}' to take the login name from` }
}

/**
 * The SP metadata (entity id, ACS by HTTP-POST) an IdP administrator registers this server with; with an SP
 * certificate and its private key, also the certificate the IdP encrypts assertions to (KeyDescriptor use
 * "encryption") and, when the domain signs its requests, checks them with (use "signing", AuthnRequestsSigned).
 * A certificate without its key is not published: nothing could decrypt what it encrypts.
 */
export async function samlMetadata(sso: SsoSettings, origin: string, spKey?: string): Promise<string> {
  const certificate = spKey ? sso.spCertificate : null
  const saml = await samlFor(sso, origin, null, Date.now(), certificate ? spKey : undefined)
  return saml.generateServiceProviderMetadata(certificate, certificate ?? undefined)
}

/**
 * Where signing out of a session that came through single sign-on goes on to, so that the provider's own
 * session ends too and the user is not silently signed back in: CAS `<logout>?service=<again>`, OAuth2
 * `<logout>?post_logout_redirect_uri=<again>&client_id=…`, SAML the logout URL as configured. undefined when
 * the domain has no logout URL.
 */
export function ssoLogoutUrl(sso: SsoSettings, again: string): string | undefined {
  if (!sso.logoutUrl) return undefined
  const url = new URL(sso.logoutUrl)
  if (sso.type === 'CAS') url.searchParams.set('service', again)
  else if (sso.type === 'OAUTH2') {
    url.searchParams.set('post_logout_redirect_uri', again)
    if (sso.clientId) url.searchParams.set('client_id', sso.clientId)
  }
  return url.toString()
}
