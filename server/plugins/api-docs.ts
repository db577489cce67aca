import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyPluginAsync, FastifySchema } from 'fastify'
import type { OpenAPIV3 } from 'openapi-types'
import { completeDocument, OPENAPI_COMPONENTS, OPENAPI_INFO } from './openapi-document.ts'
import { shared } from './shared.ts'

export const DOCS_PREFIX = '/api/docs'

/** The tag of an API path: its service segment (/api/wms/v1/... → wms), so the reference groups by service. */
const serviceOf = (url: string) => url.split('/')[2] ?? 'api'

/**
 * The OpenAPI document of every route registered after this plugin (it listens to onRoute, so app.ts registers
 * it before the modules). Only /api routes are listed; routes marked public need no token (`security: []`).
 */
const openApi: FastifyPluginAsync = shared(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: OPENAPI_INFO,
      components: OPENAPI_COMPONENTS,
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      const own: FastifySchema & Record<string, unknown> = { ...schema }
      if (!url.startsWith('/api/') || url.startsWith(`${DOCS_PREFIX}/`)) own.hide = true
      own.tags ??= [serviceOf(url)]
      if (route.config?.public === true) own.security = []
      return { schema: own, url }
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? completeDocument(document.openapiObject as OpenAPIV3.Document)
        : document.swaggerObject,
  })
})

/**
 * The browsable reference at /api/docs and the document at /api/docs/openapi.json, both without a token.
 * swagger-ui's page loads its bundle and initializer as files (no inline script, no eval), so the app's CSP
 * (security-headers.ts) applies to it unchanged; the validator badge, an outside image, is turned off.
 */
const reference: FastifyPluginAsync = async (app) => {
  // Every route of this context is public and not rate limited (static files of the reference).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true, rateLimit: false }
  })
  app.get(`${DOCS_PREFIX}/openapi.json`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(app.swagger()),
  )
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, deepLinking: true, displayRequestDuration: true, docExpansion: 'none' },
    theme: { title: 'WMS back office API' },
  })
}

export const apiDocs: FastifyPluginAsync = shared({ name: 'api-docs' }, async (app) => {
  await app.register(openApi)
  await app.register(reference)
})
