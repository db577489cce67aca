import { Type } from '@sinclair/typebox'
import type { Language } from '../../../renderer/contract/wire.ts'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.ts'
import { tokenOf, sessionOfToken } from '../../plugins/auth.ts'
import { loginScript, renderLoginPage, renderRefusedPage } from './login-page.ts'
import { loginText } from './login-texts.ts'
import { pickOffered, signInDomain, signInLanguages } from './sign-in-settings.ts'
import { checkRedirect, requestOrigin } from './redirect.ts'
import { signIn } from './sign-in.ts'
import { BUILT_SSO_TYPES, casLoginUrl, SSO_CALLBACK, ssoSignIn, validateCasTicket } from './sso.ts'
import { issueToken, kickoffState, revokeToken } from './tokens.ts'

const AuthorizeQuery = Type.Object({
  response_type: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String({ maxLength: 60 })),
  redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 500 })),
  lang: Type.Optional(Type.String({ maxLength: 10 })),
})
const LoginForm = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 60 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
  language: Type.Optional(Type.String({ maxLength: 10 })),
  client_id: Type.String({ maxLength: 60 }),
  redirect_uri: Type.String({ maxLength: 2000 }),
  state: Type.Optional(Type.String({ maxLength: 500 })),
})
const SsoCallbackQuery = Type.Object({
  ...AuthorizeQuery.properties,
  ticket: Type.Optional(Type.String({ maxLength: 2000 })),
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
export const oauthRoutes: FastifyPluginAsync = async (app) => {
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
  ) => {
    // The client's own token validity (OAuth clients screen) wins over the server's default.
    const client = await app.db
      .selectFrom('oauthClient')
      .select('accessTokenValidity')
      .where('clientId', '=', clientId)
      .executeTakeFirst()
    const tokenTtlSeconds = client?.accessTokenValidity ?? app.config.tokenTtlSeconds
    const token = await issueToken(app.db, {
      ...session,
      clientId,
      language,
      now: app.config.now(),
      ttlSeconds: tokenTtlSeconds,
    })
    const hash = new URLSearchParams({
      access_token: token,
      token_type: 'bearer',
      expires_in: String(tokenTtlSeconds),
    })
    if (state) hash.set('state', state)
    return reply.redirect(`${redirectUri.split('#')[0]}#${hash.toString()}`, 302)
  }
  /** This server's SSO callback for one sign-in: the CAS `service`, the same at login and at validation. */
  const ssoService = (request: FastifyRequest, query: typeof AuthorizeQuery.static) => {
    const params = new URLSearchParams()
    for (const key of ['client_id', 'redirect_uri', 'state', 'lang'] as const)
      if (query[key]) params.set(key, query[key])
    return `${requestOrigin(request)}${SSO_CALLBACK}?${params.toString()}`
  }

  app.get(
    '/api/oauth/oauth/authorize',
    { config, schema: { querystring: AuthorizeQuery } },
    async (request, reply) => {
      const query = request.query as typeof AuthorizeQuery.static
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
      // A host whose domain signs in by CAS sends the browser to the CAS login, which comes back with a ticket.
      if (domain?.sso && BUILT_SSO_TYPES.includes(domain.sso.type))
        return reply
          .header('Cache-Control', 'no-store')
          .redirect(casLoginUrl(domain.sso.loginUrl, ssoService(request, query)), 302)
      const page = {
        language,
        languages,
        domain,
        clientId: query.client_id,
        redirectUri: query.redirect_uri,
        state: query.state ?? '',
      }
      return html(reply, 200, renderLoginPage(page), checked.origin)
    },
  )

  app.get(SSO_CALLBACK, { config, schema: { querystring: SsoCallbackQuery } }, async (request, reply) => {
    const query = request.query as typeof SsoCallbackQuery.static
    const { language, domain } = await pageSettings(query.lang, request)
    const refuse = (status: number, why: string) => html(reply, status, renderRefusedPage(language, why))
    if (!domain?.sso || !BUILT_SSO_TYPES.includes(domain.sso.type))
      return refuse(
        400,
        'This address signs in with a password, not single sign-on: open the sign-in page again and sign in there.',
      )
    if (!query.client_id || !query.redirect_uri || !query.ticket)
      return refuse(
        400,
        'ticket, client_id and redirect_uri are required in the single sign-on answer: start again from the sign-in page.',
      )
    const checked = await checkRedirect(app.db, request, query.client_id, query.redirect_uri)
    if ('refused' in checked) return refuse(400, checked.refused)
    const { ticket, ...rest } = query
    const validated = await validateCasTicket(domain.sso.serverUrl, ssoService(request, rest), ticket)
    if ('problem' in validated)
      return refuse(
        401,
        `Single sign-on failed: ${validated.problem}. Sign in again, or ask an administrator to check the domain's SSO settings.`,
      )
    const result = await ssoSignIn(app.db, app.config, validated.user, domain.tenantId, request.ip, {
      clientId: query.client_id,
      userAgent: request.headers['user-agent'],
    })
    if (!result.ok)
      return refuse(
        403,
        `Single sign-on failed: ${result.reason}. Ask an administrator to create or enable the account.`,
      )
    return signedIn(reply, result, query.client_id, query.redirect_uri, query.state, language)
  })

  app.post('/api/oauth/login', { config, schema: { body: LoginForm } }, async (request, reply) => {
    const form = request.body as typeof LoginForm.static
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
    })
    if (!result.ok) {
      let error = loginText(language, result.message, result.vars)
      const left = result.vars?.left
      if (left !== undefined && left <= 2)
        error += ` ${loginText(language, 'attemptsLeft', { ...result.vars, n: left })}`
      return html(reply, 200, renderLoginPage({ ...page, error }), checked.origin)
    }
    return signedIn(reply, result, form.client_id, form.redirect_uri, form.state, language)
  })

  app.get('/api/oauth/logout', { config, schema: { querystring: TokenQuery } }, async (request, reply) => {
    const token = (request.query as typeof TokenQuery.static).access_token ?? tokenOf(request)
    if (token) await revokeToken(app.db, token)
    const origin = requestOrigin(request)
    const again = new URLSearchParams({
      response_type: 'token',
      client_id: 'localhost',
      redirect_uri: `${origin}/`,
    })
    return reply.redirect(`/api/oauth/oauth/authorize?${again.toString()}`, 302)
  })

  app.post(
    '/api/oauth/public/token/kickoff',
    { config, schema: { querystring: TokenQuery } },
    async (request) => {
      const token = (request.query as typeof TokenQuery.static).access_token ?? tokenOf(request)
      return { kickoff: token ? await kickoffState(app.db, token) : 0 }
    },
  )

  app.get('/api/oauth/public/is-online', { config, schema: { querystring: TokenQuery } }, async (request) => {
    const token = (request.query as typeof TokenQuery.static).access_token ?? tokenOf(request)
    if (!token) return false
    return 'session' in (await sessionOfToken(request, token))
  })

  app.get('/api/oauth/static/login.js', { config }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(loginScript),
  )
}
