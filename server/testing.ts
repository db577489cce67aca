import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from './app.ts'
import { loadModelFiles } from './bootstrap.ts'
import type { AppConfig } from './config.ts'
import { openDatabase } from './db/index.ts'

/**
 * The real app on its own in-memory copy of the prepared test database (tests/setup/server-global.ts).
 * Create one per test file (beforeAll) and close it (afterAll): each copy costs ~0.5 s and a few hundred MB.
 */
export async function createTestApp(config: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const dump = await readFile(inject('serverDbDump'))
  const database = await openDatabase({ loadDataDir: new Blob([dump], { type: 'application/x-gzip' }) })
  const app = await buildApp({
    db: database.db,
    models: loadModelFiles('schemas/models'),
    config,
    logger: false,
  })
  app.addHook('onClose', () => database.close())
  await app.ready()
  return app
}

/** The page origin the tests sign in from (the seed registers it for client localhost). */
export const TEST_ORIGIN = 'http://localhost:8080'

/** Posts the sign-in form as a browser would; answers the response (302 on success, the page again on failure). */
export function postSignIn(
  app: FastifyInstance,
  login: string,
  password: string,
  redirectUri = `${TEST_ORIGIN}/`,
) {
  return app.inject({
    method: 'POST',
    url: '/api/oauth/login',
    headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      username: login,
      password,
      client_id: 'localhost',
      redirect_uri: redirectUri,
      language: 'zh_CN',
    }).toString(),
  })
}

/** Signs in through the real form post and reads the token from the Location hash. */
export async function signIn(app: FastifyInstance, login: string, password: string): Promise<string> {
  const response = await postSignIn(app, login, password)
  const location = String(response.headers.location ?? '')
  const token = new URLSearchParams(location.split('#')[1] ?? '').get('access_token')
  if (response.statusCode !== 302 || !token) {
    throw new Error(`Sign-in of ${login} failed: HTTP ${response.statusCode}, Location '${location}'.`)
  }
  return token
}

/** Headers of an authenticated call. */
export const bearer = (token: string) => ({ authorization: `bearer ${token}` })
