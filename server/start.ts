import type { FastifyInstance } from 'fastify'
import { join } from 'node:path'
import { buildApp } from './app.ts'
import { loadModelFiles, prepareDatabase, type PrepareResult } from './bootstrap.ts'
import { defaultConfig } from './config.ts'
import { openDatabase } from './db/index.ts'

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
  logger?: boolean
}

export interface RunningServer {
  app: FastifyInstance
  url: string
  /** What the start did to the database (migrations run, tables changed, seeded). */
  prepared: PrepareResult
  close(): Promise<void>
}

/**
 * Checks the models (a bad model stops the start with file, line, pointer and fix), opens and prepares the
 * database, then listens. Port 0 picks a free port.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const config = defaultConfig({
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
    ...(options.modelsDir ? { modelsDir: options.modelsDir } : {}),
    ...(options.dataDir ? { filesDir: join(options.dataDir, 'files') } : {}),
  })
  const models = loadModelFiles(config.modelsDir)
  const database = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl })
  try {
    const prepared = await prepareDatabase(database.db, models)
    const app = await buildApp({ db: database.db, models, config, logger: options.logger ?? false })
    app.addHook('onClose', () => database.close())
    const address = await app.listen({ port: options.port ?? 8080, host: options.host ?? '0.0.0.0' })
    const url = address.replace('://0.0.0.0', '://localhost').replace('://[::]', '://localhost')
    return { app, url, prepared, close: () => app.close() }
  } catch (error) {
    await database.close()
    throw error
  }
}
