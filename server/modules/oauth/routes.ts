import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.ts'
import { tokenOf, sessionOfToken } from '../../plugins/auth.ts'
import { loginScript, renderLoginPage, renderRefusedPage } from './login-page.ts'
import { loginText } from './login-texts.ts'
import { pickOffered, signInDomain, signInLanguages } from './sign-in-settings.ts'
import { checkRedirect, requestOrigin } from './redirect.ts'
import { signIn } from './sign-in.ts'
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
    // The client's own token validity (OAuth clients screen) wins over the server's default.
    const client = await app.db
      .selectFrom('oauthClient')
      .select('accessTokenValidity')
      .where('clientId', '=', form.client_id)
      .executeTakeFirst()
    const tokenTtlSeconds = client?.accessTokenValidity ?? app.config.tokenTtlSeconds
    const token = await issueToken(app.db, {
      ...result,
      clientId: form.client_id,
      language,
      now: app.config.now(),
      ttlSeconds: tokenTtlSeconds,
    })
    const hash = new URLSearchParams({
      access_token: token,
      token_type: 'bearer',
      expires_in: String(tokenTtlSeconds),
    })
    if (form.state) hash.set('state', form.state)
    return reply.redirect(`${form.redirect_uri.split('#')[0]}#${hash.toString()}`, 302)
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
