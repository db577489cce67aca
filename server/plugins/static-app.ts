import { existsSync, statSync } from 'node:fs'
import { resolve, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { AppError, notFound } from '../errors.ts'
import { answers, FileBody } from '../responses.ts'
import { frameworkText, languageOf } from './framework-errors.ts'

const CatchAll = Type.Object({ '*': Type.String({ maxLength: 2000 }) })

/**
 * Serves the built app: files as they are (hashed assets/ cached for a year, the rest revalidated) and
 * index.html for every other GET that accepts HTML (SPA routes). /api paths never fall back to the app.
 */
export function staticApp(staticDir: string): FastifyPluginAsync {
  return async (app) => {
    const root = resolve(staticDir)
    if (!existsSync(resolve(root, 'index.html'))) {
      app.log.warn(`No built app in ${staticDir} (run npm run build): only the API is served.`)
      return
    }
    await app.register(fastifyStatic, { root, serve: false })
    // Not rate limited: a whole office behind one address loads the app's files at shift start.
    app.get(
      '/*',
      {
        config: { public: true, rateLimit: false },
        schema: {
          params: CatchAll,
          response: answers(FileBody('A file of the built app, or its index.html for an app route')),
        },
      },
      async (request, reply) => {
        const path = (request.params as typeof CatchAll.static)['*']
        // /api paths answer as they do without a built app: what the router itself would have said.
        if (request.url.startsWith('/api/') || request.url === '/api') {
          const max = request.server.initialConfig.maxParamLength ?? 100
          const path = request.url.split('?')[0] ?? ''
          if (path.split('/').some((segment) => segment.length > max)) {
            throw new AppError(
              414,
              'error.path_too_long',
              frameworkText('path_too_long', languageOf(request), { max }),
            )
          }
          return reply.callNotFound()
        }
        const file = resolve(root, path)
        if (path && file.startsWith(root + sep) && existsSync(file) && statSync(file).isFile()) {
          const hashed = path.startsWith('assets/')
          reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
          return reply.sendFile(path, { cacheControl: false })
        }
        if (!(request.headers.accept ?? '').includes('text/html')) {
          throw notFound(`No file /${path} in the app: check the address.`)
        }
        reply.header('Cache-Control', 'no-cache')
        return reply.type('text/html; charset=utf-8').sendFile('index.html', { cacheControl: false })
      },
    )
  }
}
