import rateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import { shared } from './shared.ts'

const isSignIn = (request: FastifyRequest) =>
  request.method === 'POST' && request.routeOptions.url === '/api/oauth/login'

/**
 * Requests per minute and client address on the routes that need no token (sign-in page and form, kickoff and
 * is-online checks, pub value lists and texts): slows password spraying across accounts, which the per-account
 * lock alone does not. Authenticated routes are not limited here. Over the limit: 429 with the envelope and
 * Retry-After.
 */
export const publicRateLimits: FastifyPluginAsync = shared({ name: 'public-rate-limits' }, async (app) => {
  const limits = app.config.publicRateLimit
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    // Separate counters: sign-in attempts, and every other public request, per client address.
    keyGenerator: (request) => `${isSignIn(request) ? 'sign-in' : 'public'} ${request.ip}`,
    max: (request) => (isSignIn(request) ? limits.signInPerMinute : limits.perMinute),
    allowList: (request) => request.routeOptions.config?.public !== true,
    errorResponseBuilder: (request, context) =>
      new AppError(
        429,
        'error.too_many_requests',
        `Too many requests to ${request.routeOptions.url ?? request.url} from your address (${context.max} a minute): wait ${Math.ceil(context.ttl / 1000)} s and try again.`,
      ),
  })
})
