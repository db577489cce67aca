import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { inject } from 'vitest'
import { buildApp, type BuildAppOptions } from './app.ts'
import { loadSchemaFiles } from './bootstrap.ts'
import type { AppConfig } from './config.ts'
import { openDatabase, type OpenDatabase, type OpenDatabaseOptions } from './db/index.ts'
import { createDatabase, dropDatabase, uniqueDatabaseName } from './db/test-databases.ts'

export interface TestAppOptions {
  /** PostgreSQL only: connect through this URL instead (e.g. a proxy in front of the test database). */
  connectVia?: (databaseUrl: string) => string
  /** PostgreSQL only: connect and query time limits of the app's pool. */
  timeouts?: OpenDatabaseOptions['timeouts']
  /** The app's model behaviour (BuildAppOptions.behaviour): default, every module's (model-behaviour.ts). */
  behaviour?: BuildAppOptions['behaviour']
}

/**
 * The real app on its own copy of the prepared test database (tests/setup/server-global.ts): an in-memory
 * PGlite loaded from the run's dump, or with TEST_DATABASE_URL a PostgreSQL database created from the run's
 * template and dropped on close. Create one per test file (beforeAll) and close it (afterAll).
 */
export async function createTestApp(
  config: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<FastifyInstance> {
  const { database, dispose } = await openTestDatabase(options)
  try {
    const { models, pages, refused } = loadSchemaFiles(
      config.modelsDir ?? 'schemas/models',
      config.pagesDir ?? 'schemas/pages',
      config.seedDataDir,
    )
    const filesDir = config.filesDir ?? (await mkdtemp(join(tmpdir(), 'wms-files-')))
    const app = await buildApp({
      db: database.db,
      models,
      pages,
      refusedModels: refused,
      ...(options.behaviour ? { behaviour: options.behaviour } : {}),
      // Tests sign in many users a minute; rate-limits.test.ts sets the limits it tests.
      config: { filesDir, publicRateLimit: { signInPerMinute: 1e9, perMinute: 1e9 }, ...config },
      logger: false,
    })
    app.addHook('onClose', async () => {
      await dispose()
      if (!config.filesDir) await rm(filesDir, { recursive: true, force: true })
    })
    await app.ready()
    return app
  } catch (error) {
    await dispose()
    throw error
  }
}

/** Which database the server tests run on this time: 'pglite' or 'postgres' (TEST_DATABASE_URL). */
export const testDatabaseKind = () => inject('serverDatabase').kind

async function openTestDatabase(options: TestAppOptions) {
  const source = inject('serverDatabase')
  if (source.kind === 'pglite') {
    const dump = await readFile(source.dumpFile)
    const database = await openDatabase({ loadDataDir: new Blob([dump], { type: 'application/x-gzip' }) })
    return { database, dispose: () => database.close() }
  }
  const name = uniqueDatabaseName('wms_test')
  const url = await createDatabase(source.adminUrl, name, source.template)
  let database: OpenDatabase | undefined
  const dispose = async () => {
    await database?.close()
    await dropDatabase(source.adminUrl, name)
  }
  try {
    database = await openDatabase({
      databaseUrl: options.connectVia ? options.connectVia(url) : url,
      timeouts: options.timeouts,
    })
  } catch (error) {
    await dispose()
    throw error
  }
  return { database, dispose }
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
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Sends one request as the holder of `token`; `payload` becomes the JSON body when given. */
export function injectAs(
  app: FastifyInstance,
  token: string,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  })
}

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
