import { Type } from '@sinclair/typebox'
import type { Language } from '../../../renderer/contract/wire.ts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { TypedPlugin } from '../../type-provider.ts'
import { CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.ts'
import { tokenOf, sessionOfToken } from '../../plugins/auth.ts'
import { loginScript, renderLoginPage, renderRefusedPage } from './login-page.ts'
import { loginText } from './login-texts.ts'
import { secretsOf } from '../hitf/db-objects.ts'
import {
  pickOffered,
  signInDomain,
  signInLanguages,
  ssoOfDomain,
  type SignInDomain,
} from './sign-in-settings.ts'
import { checkRedirect, requestOrigin } from './redirect.ts'
import { signIn } from './sign-in.ts'
import {
  BUILT_SSO_TYPES,
  casLoginUrl,
  missingSettings,
  oauth2AuthorizeUrl,
  oauth2User,
  randomToken,
  SAML_ACS,
  SAML_METADATA,
  samlAuthorizeUrl,
  samlMetadata,
  samlUser,
  SSO_CALLBACK,
  SSO_REQUEST_TTL_MS,
  SSO_STATE_COOKIE,
  ssoLogoutUrl,
  ssoSignIn,
  validateCasTicket,
  type SsoSettings,
} from './sso.ts'
import { deviceKindOfToken, issueToken, kickoffState, revokeToken, ssoDomainOfToken } from './tokens.ts'
import { DeviceKindSchema, type DeviceKind } from './devices.ts'
import { readPasswordPolicy } from '../hiam/password-policy.ts'
import { NoBody, NoQuery } from '../../schemas.ts'

const AuthorizeQuery = Type.Object({
  response_type: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String({ maxLength: 60 })),
  redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 500 })),
  lang: Type.Optional(Type.String({ maxLength: 10 })),
  device: Type.Optional(DeviceKindSchema),
})
const LoginForm = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 60 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  language: Type.Optional(Type.String({ maxLength: 10 })),
  client_id: Type.String({ maxLength: 60 }),
  redirect_uri: Type.String({ maxLength: 2000 }),
  state: Type.Optional(Type.String({ maxLength: 500 })),
  device: Type.Optional(DeviceKindSchema),
})
const SsoCallbackQuery = Type.Object({
  ...AuthorizeQuery.properties,
  ticket: Type.Optional(Type.String({ maxLength: 2000 })),
  // OAuth2: the provider's answer (RFC 6749 4.1.2)
  code: Type.Optional(Type.String({ maxLength: 4000 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 1000 })),
})
const SamlPost = Type.Object({
  SAMLResponse: Type.Optional(Type.String({ maxLength: 500_000 })),
  RelayState: Type.Optional(Type.String({ maxLength: 500 })),
})
const TokenQuery = Type.Object({ access_token: Type.Optional(Type.String({ maxLength: 200 })) })

const html = (reply: FastifyReply, status: number, body: string, formOrigin?: string) => {
  // The form posts to 'self' and then follows the redirect to the accepted origin: allow that origin too.
  if (formOrigin)
    reply.header(
      'Content-Security-Policy',
      CONTENT_SECURITY_POLICY.replace("form-action 'self'", `form-action 'self' ${formOrigin}`),
    )
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body)
}

/** Implicit-grant sign-in (server-rendered page), logout, kickoff check and is-online. */
export const oauthRoutes: TypedPlugin = async (app) => {
  const config = { public: true }
  /** The page's language among those offered, their names in it, and the domain of the host asked. */
  const pageSettings = async (lang: unknown, request: FastifyRequest) => {
    const domain = await signInDomain(app.db, request.hostname)
    const tenantId = domain?.tenantId ?? 0
    const offered = await signInLanguages(app.db, 'zh_CN', tenantId)
    const language = pickOffered(offered, lang, request.headers['accept-language'])
    return { language, languages: await signInLanguages(app.db, language, tenantId), domain }
  }

  /** Issues the token of a signed-in user and sends the browser back to the client with it (implicit grant). */
  const signedIn = async (
    reply: FastifyReply,
    session: { userId: number; roleId: number; tenantId: number },
    clientId: string,
    redirectUri: string,
    state: string | undefined,
    language: Language,
    /** The domain of the host signed in on (its home page: users/self), and the one whose SSO did it. */
    domains: { domainId: number | null; ssoDomainId: number | null },
    /** The kind of device the client declared (devices.ts): it only chooses which older session ends. */
    deviceKind: DeviceKind,
  ) => {
    // The client's own token validity (OAuth clients screen) wins over the server's default.
    const client = await app.db
      .selectFrom('oauthClient')
      .select('accessTokenValidity')
      .where('clientId', '=', clientId)
      .executeTakeFirst()
    const tokenTtlSeconds = client?.accessTokenValidity ?? app.config.tokenTtlSeconds
    // The policy of the tenant the session starts in says which of the user's live sessions it ends.
    const policy = await readPasswordPolicy(app.db, app.config, session.tenantId)
    const token = await issueToken(app.db, {
      ...session,
      clientId,
      language,
      now: app.config.now(),
      ttlSeconds: tokenTtlSeconds,
      ...domains,
      deviceKind,
      concurrentSessions: policy.concurrentSessions,
    })
    const hash = new URLSearchParams({
      access_token: token,
      token_type: 'bearer',
      expires_in: String(tokenTtlSeconds),
    })
    if (state) hash.set('state', state)
    // redirectUri is checkRedirect's parsed form (without fragment): what was checked is what is followed.
    return reply.redirect(`${redirectUri.split('#')[0]}#${hash.toString()}`, 302)
  }
  /** This server's SSO callback for one sign-in: the CAS `service`, the same at login and at validation. */
  const ssoService = (request: FastifyRequest, query: typeof AuthorizeQuery.static) => {
    const params = new URLSearchParams()
    for (const key of ['client_id', 'redirect_uri', 'state', 'lang', 'device'] as const)
      if (query[key]) params.set(key, query[key])
    return `${requestOrigin(request)}${SSO_CALLBACK}?${params.toString()}`
  }

  /** A secret of a domain's single sign-on, from the vault (hitf/db-objects.ts); undefined when none is set. */
  const ssoSecret = async (domainId: number, column: 'sso_client_secret' | 'sso_sp_private_key') =>
    (await secretsOf(app.db, 'hiam_domain', domainId))[column]

  /**
   * Sends the browser to the domain's provider: CAS with the service; OAuth2 and SAML with a stored request
   * (oauth_sso_request) named by a random state, which the answer must bring back within 10 minutes.
   */
  const startSso = async (
    request: FastifyRequest,
    reply: FastifyReply,
    sso: SsoSettings,
    query: typeof AuthorizeQuery.static & { client_id: string; redirect_uri: string },
    language: Language,
  ) => {
    reply.header('Cache-Control', 'no-store')
    if (sso.type === 'CAS') return reply.redirect(casLoginUrl(sso.loginUrl, ssoService(request, query)), 302)
    const missing = missingSettings(sso)
    if (missing.length)
      return html(
        reply,
        503,
        renderRefusedPage(
          language,
          `Single sign-on (${sso.type}) of this domain is not set up completely: the ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing. Ask an administrator to fill in the domain under Domains (/hiam/domain-config).`,
        ),
      )
    const spKey = sso.type === 'SAML' ? await ssoSecret(sso.domainId, 'sso_sp_private_key') : undefined
    if (sso.signRequests && !(spKey && sso.spCertificate))
      return html(
        reply,
        503,
        renderRefusedPage(
          language,
          'Single sign-on (SAML) of this domain signs its requests but has no SP private key and certificate to sign them with. Ask an administrator to add both, or to stop signing requests, under Domains (/hiam/domain-config).',
        ),
      )
    const now = app.config.now()
    const origin = requestOrigin(request)
    const stored = {
      state: randomToken(),
      domainId: sso.domainId,
      ssoType: sso.type,
      clientId: query.client_id,
      redirectUri: query.redirect_uri,
      clientState: query.state ?? null,
      language: query.lang ?? null,
      codeVerifier: sso.type === 'OAUTH2' ? randomToken() : null,
      requestId: sso.type === 'SAML' ? `_${randomToken()}` : null,
      deviceKind: query.device ?? 'desk',
      createdAt: now,
      expiresAt: now + SSO_REQUEST_TTL_MS,
    }
    await app.db.deleteFrom('oauthSsoRequest').where('expiresAt', '<', now).execute()
    await app.db.insertInto('oauthSsoRequest').values(stored).execute()
    if (sso.type === 'OAUTH2') {
      // The state is bound to this browser: an answer carried to another browser (login CSRF) is refused.
      const secure = request.protocol === 'https' ? '; Secure' : ''
      reply.header(
        'Set-Cookie',
        `${SSO_STATE_COOKIE}=${stored.state}; Path=${SSO_CALLBACK}; HttpOnly; SameSite=Lax; Max-Age=${SSO_REQUEST_TTL_MS / 1000}${secure}`,
      )
      return reply.redirect(
        oauth2AuthorizeUrl(sso, `${origin}${SSO_CALLBACK}`, stored.state, stored.codeVerifier!),
        302,
      )
    }
    return reply.redirect(await samlAuthorizeUrl(sso, origin, stored.requestId!, stored.state, spKey), 302)
  }

  /** Takes the stored request an OAuth2 state or SAML RelayState names, once: undefined when unknown or late. */
  const takeSsoRequest = async (state: string, sso: SsoSettings) => {
    const row = await app.db
      .deleteFrom('oauthSsoRequest')
      .where('state', '=', state)
      .returningAll()
      .executeTakeFirst()
    if (!row || Number(row.domainId) !== sso.domainId || row.ssoType !== sso.type) return undefined
    if (Number(row.expiresAt) < app.config.now()) return undefined
    return { ...row, createdAt: Number(row.createdAt) }
  }
  const staleState =
    'The single sign-on answer names a sign-in this server does not know, already used or older than 10 minutes: open the sign-in page again and start over.'

  /** Signs in the user the provider named, for the sign-in the stored request carried. */
  const finishSso = async (
    request: FastifyRequest,
    reply: FastifyReply,
    domain: SignInDomain & { sso: SsoSettings },
    stored: {
      clientId: string
      redirectUri: string
      clientState: string | null
      language: string | null
      deviceKind: string
    },
    found: { user: string } | { problem: string },
  ) => {
    const { language } = await pageSettings(stored.language ?? undefined, request)
    const refuse = (status: number, why: string) => html(reply, status, renderRefusedPage(language, why))
    const checked = await checkRedirect(app.db, request, stored.clientId, stored.redirectUri)
    if ('refused' in checked) return refuse(400, checked.refused)
    if ('problem' in found)
      return refuse(
        401,
        `Single sign-on failed: ${found.problem}. Sign in again, or ask an administrator to check the domain's SSO settings.`,
      )
    const result = await ssoSignIn(app.db, app.config, found.user, domain.tenantId, request.ip, {
      clientId: stored.clientId,
      userAgent: request.headers['user-agent'],
    })
    if (!result.ok)
      return refuse(
        403,
        `Single sign-on failed: ${result.reason}. Ask an administrator to create or enable the account.`,
      )
    return signedIn(
      reply,
      result,
      stored.clientId,
      checked.url,
      stored.clientState ?? undefined,
      language,
      { domainId: domain.domainId, ssoDomainId: domain.sso.domainId },
      stored.deviceKind === 'handheld' ? 'handheld' : 'desk',
    )
  }

  app.get(
    '/api/oauth/oauth/authorize',
    { config, schema: { querystring: AuthorizeQuery } },
    async (request, reply) => {
      const query = request.query
      const { language, languages, domain } = await pageSettings(query.lang, request)
      if (!query.client_id || !query.redirect_uri) {
        return html(
          reply,
          400,
          renderRefusedPage(language, 'client_id and redirect_uri are required in the sign-in address.'),
        )
      }
      const checked = await checkRedirect(app.db, request, query.client_id, query.redirect_uri)
      if ('refused' in checked) return html(reply, 400, renderRefusedPage(language, checked.refused))
      // A host whose domain signs in by SSO sends the browser to its provider, which comes back to a callback.
      if (domain?.sso && BUILT_SSO_TYPES.includes(domain.sso.type))
        return startSso(
          request,
          reply,
          domain.sso,
          { ...query, client_id: query.client_id, redirect_uri: query.redirect_uri },
          language,
        )
      const page = {
        language,
        languages,
        domain,
        clientId: query.client_id,
        redirectUri: query.redirect_uri,
        state: query.state ?? '',
        device: query.device,
      }
      return html(reply, 200, renderLoginPage(page), checked.origin)
    },
  )

  app.get(SSO_CALLBACK, { config, schema: { querystring: SsoCallbackQuery } }, async (request, reply) => {
    const query = request.query
    const { language, domain } = await pageSettings(query.lang, request)
    const refuse = (status: number, why: string) => html(reply, status, renderRefusedPage(language, why))
    const sso = domain?.sso
    if (!domain || !sso || !['CAS', 'OAUTH2'].includes(sso.type))
      return refuse(
        400,
        sso?.type === 'SAML'
          ? 'This address signs in by SAML, whose answer is posted to its own address: open the sign-in page again and sign in there.'
          : 'This address signs in with a password, not single sign-on: open the sign-in page again and sign in there.',
      )
    if (sso.type === 'OAUTH2') {
      if (!query.state)
        return refuse(
          400,
          'state is required in the single sign-on answer: open the sign-in page again and start over.',
        )
      const cookie = request.headers.cookie?.match(new RegExp(`(?:^|;\\s*)${SSO_STATE_COOKIE}=([^;]+)`))?.[1]
      if (cookie !== query.state)
        return refuse(
          400,
          'The single sign-on answer belongs to a sign-in started in another browser (or with cookies blocked): open the sign-in page again in this browser and start over.',
        )
      reply.header(
        'Set-Cookie',
        `${SSO_STATE_COOKIE}=; Path=${SSO_CALLBACK}; HttpOnly; SameSite=Lax; Max-Age=0`,
      )
      const stored = await takeSsoRequest(query.state, sso)
      if (!stored) return refuse(400, staleState)
      const withSso = { ...domain, sso }
      if (query.error)
        return finishSso(request, reply, withSso, stored, {
          problem: `the provider refused the sign-in (${query.error}${query.error_description ? `: ${query.error_description}` : ''})`,
        })
      if (!query.code)
        return finishSso(request, reply, withSso, stored, {
          problem: 'the provider answered without an authorization code',
        })
      // The redirect is checked before the code is spent at the provider.
      const checked = await checkRedirect(app.db, request, stored.clientId, stored.redirectUri)
      if ('refused' in checked) return refuse(400, checked.refused)
      const secret = await ssoSecret(sso.domainId, 'sso_client_secret')
      const found = await oauth2User(
        sso,
        secret,
        `${requestOrigin(request)}${SSO_CALLBACK}`,
        query.code,
        stored.codeVerifier ?? '',
        app.config.ssoTimeoutMs,
      )
      return finishSso(request, reply, withSso, stored, found)
    }
    if (!query.client_id || !query.redirect_uri || !query.ticket)
      return refuse(
        400,
        'ticket, client_id and redirect_uri are required in the single sign-on answer: start again from the sign-in page.',
      )
    const checked = await checkRedirect(app.db, request, query.client_id, query.redirect_uri)
    if ('refused' in checked) return refuse(400, checked.refused)
    const { ticket, code: _code, error: _error, error_description: _description, ...rest } = query
    const validated = await validateCasTicket(
      sso.serverUrl,
      ssoService(request, rest),
      ticket,
      app.config.ssoTimeoutMs,
    )
    const stored = {
      clientId: query.client_id,
      redirectUri: query.redirect_uri,
      clientState: query.state ?? null,
      language,
      deviceKind: query.device ?? 'desk',
    }
    return finishSso(request, reply, { ...domain, sso }, stored, validated)
  })

  /** SAML assertion consumer service: the IdP posts its response here (HTTP-POST binding). */
  app.post(SAML_ACS, { config, schema: { body: SamlPost } }, async (request, reply) => {
    const form = request.body
    const { language, domain } = await pageSettings(undefined, request)
    const refuse = (status: number, why: string) => html(reply, status, renderRefusedPage(language, why))
    const sso = domain?.sso
    if (!domain || sso?.type !== 'SAML')
      return refuse(
        400,
        'This address does not sign in by SAML: check the ACS address registered at the identity provider, or open the sign-in page again.',
      )
    if (!form.SAMLResponse || !form.RelayState)
      return refuse(
        400,
        'SAMLResponse and RelayState are required in the SAML answer: open the sign-in page again and start over.',
      )
    const stored = await takeSsoRequest(form.RelayState, sso)
    if (!stored) return refuse(400, staleState)
    const spKey = await ssoSecret(sso.domainId, 'sso_sp_private_key')
    const found = await samlUser(sso, requestOrigin(request), form.SAMLResponse, stored, spKey)
    return finishSso(request, reply, { ...domain, sso }, stored, found)
  })

  /** The SP metadata of this host's SAML domain, for the IdP administrator. */
  app.get(SAML_METADATA, { config, schema: { querystring: NoQuery } }, async (request, reply) => {
    const { language, domain } = await pageSettings(undefined, request)
    if (domain?.sso?.type !== 'SAML')
      return html(
        reply,
        404,
        renderRefusedPage(
          language,
          'This address has no SAML single sign-on: open the metadata on the host of a SAML domain (/hiam/domain-config).',
        ),
      )
    return reply
      .header('Cache-Control', 'no-cache')
      .type('application/samlmetadata+xml; charset=utf-8')
      .send(
        await samlMetadata(
          domain.sso,
          requestOrigin(request),
          await ssoSecret(domain.sso.domainId, 'sso_sp_private_key'),
        ),
      )
  })

  app.post('/api/oauth/login', { config, schema: { body: LoginForm } }, async (request, reply) => {
    const form = request.body
    const { language, languages, domain } = await pageSettings(form.language, request)
    const checked = await checkRedirect(app.db, request, form.client_id, form.redirect_uri)
    if ('refused' in checked) return html(reply, 400, renderRefusedPage(language, checked.refused))
    const username = (form.username ?? '').trim()
    const page = {
      language,
      languages,
      domain,
      clientId: form.client_id,
      redirectUri: form.redirect_uri,
      state: form.state ?? '',
      device: form.device,
      username,
    }
    if (!username || !form.password) {
      return html(
        reply,
        200,
        renderLoginPage({ ...page, error: loginText(language, 'missing') }),
        checked.origin,
      )
    }
    const result = await signIn(app.db, app.config, username, form.password, request.ip, {
      clientId: form.client_id,
      userAgent: request.headers['user-agent'],
      hostTenantId: domain?.tenantId,
    })
    if (!result.ok) {
      let error = loginText(language, result.message, result.vars)
      const left = result.vars?.left
      if (left !== undefined && left <= 2)
        error += ` ${loginText(language, 'attemptsLeft', { ...result.vars, n: left })}`
      return html(reply, 200, renderLoginPage({ ...page, error }), checked.origin)
    }
    return signedIn(
      reply,
      result,
      form.client_id,
      checked.url,
      form.state,
      language,
      { domainId: domain?.domainId ?? null, ssoDomainId: null },
      form.device ?? 'desk',
    )
  })

  app.get('/api/oauth/logout', { config, schema: { querystring: TokenQuery } }, async (request, reply) => {
    const token = request.query.access_token ?? tokenOf(request)
    const ssoDomainId = token ? await ssoDomainOfToken(app.db, token) : null
    const device = token ? await deviceKindOfToken(app.db, token) : null
    if (token) await revokeToken(app.db, token)
    const origin = requestOrigin(request)
    const again = new URLSearchParams({
      response_type: 'token',
      client_id: 'localhost',
      redirect_uri: `${origin}/`,
    })
    if (device === 'handheld') again.set('device', device)
    // A session that came through single sign-on ends at the provider too, which then sends the browser back
    // to the sign-in page: else the provider's session would sign the user silently in again.
    const sso = ssoDomainId === null ? null : await ssoOfDomain(app.db, ssoDomainId)
    const providerLogout = sso && ssoLogoutUrl(sso, `${origin}/api/oauth/oauth/authorize?${again.toString()}`)
    if (providerLogout) return reply.header('Cache-Control', 'no-store').redirect(providerLogout, 302)
    return reply.redirect(`/api/oauth/oauth/authorize?${again.toString()}`, 302)
  })

  app.post(
    '/api/oauth/public/token/kickoff',
    { config, schema: { body: NoBody, querystring: TokenQuery } },
    async (request) => {
      const token = request.query.access_token ?? tokenOf(request)
      return { kickoff: token ? await kickoffState(app.db, token) : 0 }
    },
  )

  app.get('/api/oauth/public/is-online', { config, schema: { querystring: TokenQuery } }, async (request) => {
    const token = request.query.access_token ?? tokenOf(request)
    if (!token) return false
    return 'session' in (await sessionOfToken(request, token))
  })

  app.get(
    '/api/oauth/static/login.js',
    { schema: { querystring: NoQuery }, config },
    async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(loginScript),
  )
}
