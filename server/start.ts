import type { FastifyInstance } from 'fastify'
import { join } from 'node:path'
import { buildApp } from './app.ts'
import { loadSchemaFiles, prepareDatabase, registerPermissionCodes, type PrepareResult } from './bootstrap.ts'
import { defaultConfig } from './config.ts'
import { openDatabase } from './db/index.ts'
import type { ServedPage } from './modules/lowcode/load-pages.ts'
import type { RefusedModel } from './modules/models/load-models.ts'

export interface StartServerOptions {
  port?: number
  host?: string
  /** PGlite data lives in `<dataDir>/pg` (default ./data). */
  dataDir?: string
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string
  /** The built browser app (default dist/app). */
  staticDir?: string
  /** Where the model files are (default schemas/models). */
  modelsDir?: string
  /** Where the page files are (default schemas/pages); read at start and served to the browser. */
  pagesDir?: string
  /** Watch the page files and apply changes while running (AppConfig.liveSchemas). */
  liveSchemas?: boolean
  logger?: boolean
}

export interface RunningServer {
  app: FastifyInstance
  url: string
  /** What the start did to the database (migrations run, tables changed, seeded, permission codes added). */
  prepared: PrepareResult & { permissionsAdded: string[] }
  /** Page files with problems (served anyway: the browser shows their error panel). */
  badPages: ServedPage[]
  /** Model files refused at start (the server runs without them; their pages show why). */
  badModels: RefusedModel[]
  close(): Promise<void>
}

/**
 * Checks the models (a bad model is left out, reported with file, line, pointer and fix, and its pages show
 * why) and the pages (a bad page is reported and served with its problems), opens and prepares the database, registers the permission codes
 * the files declare, then listens. Port 0 picks a free port.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const config = defaultConfig({
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
    ...(options.modelsDir ? { modelsDir: options.modelsDir } : {}),
    ...(options.pagesDir ? { pagesDir: options.pagesDir } : {}),
    ...(options.liveSchemas !== undefined ? { liveSchemas: options.liveSchemas } : {}),
    ...(options.dataDir ? { filesDir: join(options.dataDir, 'files') } : {}),
  })
  const { models, pages, refused } = loadSchemaFiles(config.modelsDir, config.pagesDir, config.seedDataDir)
  const database = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl })
  try {
    const prepared = await prepareDatabase(database.db, models, config.seedDataDir)
    const permissionsAdded = await registerPermissionCodes(database.db, models, pages)
    const app = await buildApp({
      db: database.db,
      models,
      pages,
      refusedModels: refused,
      config,
      logger: options.logger ?? false,
    })
    app.addHook('onClose', () => database.close())
    const address = await app.listen({ port: options.port ?? 8080, host: options.host ?? '0.0.0.0' })
    const url = address.replace('://0.0.0.0', '://localhost').replace('://[::]', '://localhost')
    const badPages = pages.filter((page) => page.issues.some((issue) => issue.severity === 'error'))
    return {
      app,
      url,
      prepared: { ...prepared, permissionsAdded },
      badPages,
      badModels: refused,
      close: () => app.close(),
    }
  } catch (error) {
    await database.close()
    throw error
  }
}
