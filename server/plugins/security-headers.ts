import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { shared } from './shared.ts'

/** The app runs with no inline script and no eval (DESIGN "Security model"); inline styles are antd's. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  // Link menu entries (type link / inner-link) show their address in an iframe page.
  "frame-src 'self' https:",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ')

/**
 * Whether an answer is one only the token's holder may see: every /api route that needs a token (JSON, file
 * downloads, exports, and its 401/403 answers too), never a public one (the sign-in page sets its own, a
 * signed public file link is a capability of its own and keeps its caching).
 */
const needsToken = (request: FastifyRequest) =>
  !request.is404 && request.url.startsWith('/api/') && !request.routeOptions.config.public

/**
 * Basic headers on every response, the CSP on every HTML response (the app and the sign-in page), and
 * `Cache-Control: no-store` on every authenticated answer, so no shared or browser cache keeps what a token
 * unlocked (a shared computer's back button, a proxy).
 */
export const securityHeaders: FastifyPluginAsync = shared({ name: 'security-headers' }, async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (needsToken(request)) reply.header('Cache-Control', 'no-store')
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    reply.header('X-Frame-Options', 'SAMEORIGIN')
    const type = reply.getHeader('content-type')
    // A route may set its own, stricter-or-wider variant (the sign-in page adds its redirect origin to form-action).
    if (
      typeof type === 'string' &&
      type.startsWith('text/html') &&
      !reply.hasHeader('Content-Security-Policy')
    ) {
      reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    }
    return payload
  })
})
