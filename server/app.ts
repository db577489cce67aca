import { randomUUID } from 'node:crypto'
import formbody from '@fastify/formbody'
import type { Server } from 'node:http'
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify'
import type { ModelSchema } from '../renderer/schema/model.ts'
import { defaultConfig, type AppConfig } from './config.ts'
import type { Db } from './db/schema.ts'
import { exportModule } from './modules/export/index.ts'
import { hmsgModule } from './modules/hmsg/index.ts'
import { himpModule } from './modules/himp/index.ts'
import { hrptModule } from './modules/hrpt/index.ts'
import { hsdrModule } from './modules/hsdr/index.ts'
import { fileStoreFromEnv } from './modules/hfle/s3-store.ts'
import { hfleModule } from './modules/hfle/index.ts'
import { routedFileStore } from './modules/hfle/storage-routing.ts'
import { hmntModule } from './modules/hmnt/index.ts'
import { hitfModule } from './modules/hitf/index.ts'
import { cuszModule } from './modules/cusz/index.ts'
import { hpfmModule } from './modules/hpfm/index.ts'
import { hpfmAdminModule } from './modules/hpfm-admin/index.ts'
import { dimensionLovChecks } from './modules/hpfm-admin/dimension-lovs.ts'
import { multiLanguageRoutes } from './modules/hpfm/routes-multi-language.ts'
import { iamModule } from './modules/iam/index.ts'
import { hiamModule } from './modules/hiam/index.ts'
import { lowcodeModule } from './modules/lowcode/index.ts'
import type { ServedPage } from './modules/lowcode/load-pages.ts'
import { liveModelFiles } from './modules/lowcode/live-model-files.ts'
import { liveReferenceData } from './modules/lowcode/live-reference-data.ts'
import { liveModelRoutes } from './modules/models/live-model-routes.ts'
import type { RefusedModel } from './modules/models/load-models.ts'
import { etsModule } from './modules/ets/index.ts'
import { winvConfigModule } from './modules/winv-config/index.ts'
import { wmdmModule } from './modules/wmdm/index.ts'
import { modelsModule } from './modules/models/index.ts'
import { checkModelBehaviour } from './modules/models/behaviour-check.ts'
import { BehaviourIndex, bindBehaviour, type ModelBehaviour } from './modules/models/behaviour.ts'
import { defaultModelBehaviour } from './model-behaviour.ts'
import { winvModule } from './modules/winv/index.ts'
import { oauthRoutes } from './modules/oauth/routes.ts'
import { outboundModule } from './modules/outbound/index.ts'
import { apiDocs } from './plugins/api-docs.ts'
import { auth } from './plugins/auth.ts'
import { errorHandler, frameworkErrors } from './plugins/error-handler.ts'
import { clientErrorAnswer } from './plugins/framework-errors.ts'
import { redactedRequest } from './plugins/log-redaction.ts'
import { inputGuards } from './plugins/input-guards.ts'
import { lazyValidators } from './plugins/lazy-validators.ts'
import { permissionGuards } from './plugins/permissions.ts'
import { readGuards } from './plugins/read-guards.ts'
import { fieldRuleRoutes } from './plugins/field-rule-routes.ts'
import { modelSaveChecks } from './plugins/model-save-checks.ts'
import { routeTable } from './plugins/route-table.ts'
import { routeSchemaBounds } from './plugins/route-schemas.ts'
import { publicRateLimits } from './plugins/rate-limits.ts'
import { securityHeaders } from './plugins/security-headers.ts'
import { staticApp } from './plugins/static-app.ts'
import './types.ts'

export interface BuildAppOptions {
  db: Db
  /** Checked models (see bootstrap.loadModelFiles); their tables must exist. */
  models: ModelSchema[]
  /**
   * What server code adds to the models (transition effects, write guards, row scopes, write hooks), keyed by
   * model file name: `defaultModelBehaviour` (model-behaviour.ts) unless a test gives its own. Checked against
   * the models at start and bound to this app's copies of them (modules/models/behaviour.ts).
   */
  behaviour?: readonly ModelBehaviour[]
  /** Page files read at start (bootstrap.loadSchemaFiles); served by GET /api/hpfm/v1/page-schemas. */
  pages?: ServedPage[]
  /** Model files refused at start (bootstrap.loadSchemaFiles): the app runs without them, marked broken. */
  refusedModels?: RefusedModel[]
  config?: Partial<AppConfig>
  /** Fastify's pino logger: true for structured JSON logs, false (tests) for none. */
  logger?: boolean
}

/**
 * The options of the app's Fastify instance; also those of the instance that serves the routes of model files
 * changed while the server runs (modules/models/live-model-routes.ts), so both validate and bound alike.
 */
export function fastifyOptions(config: AppConfig, logger?: boolean): FastifyHttpOptions<Server> {
  return {
    logger: logger ? { serializers: { req: redactedRequest } } : false,
    requestIdHeader: 'h-request-id',
    genReqId: () => randomUUID(),
    ajv: {
      customOptions: { allErrors: true, removeAdditional: false, coerceTypes: 'array', useDefaults: true },
    },
    // Each route's validator is compiled when a request first reaches it, not at start (bench measure 8).
    schemaController: lazyValidators(),
    // Bounded time and size for every request (config.http); what Node or the router refuses before a route
    // runs is answered with the envelope too (plugins/framework-errors.ts).
    bodyLimit: config.http.bodyLimit,
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(config.http.headersTimeoutMs, config.http.requestTimeoutMs),
      requestTimeout: config.http.requestTimeoutMs,
      // How often Node looks for requests past their timeouts (default 30 s: the bounds would be late by that).
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
    },
    clientErrorHandler: clientErrorAnswer,
    frameworkErrors,
  }
}

/** The Fastify app on an open, prepared database: external plugins, then app plugins, then routes. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config = defaultConfig(options.config)
  // A behaviour entry naming a model key or action no model file declares would be ignored at run time (a
  // transition without its stock move): the start stops here naming it and the closest real key.
  const behaviour = options.behaviour ?? defaultModelBehaviour
  checkModelBehaviour(behaviour, options.models, config.modelsDir)
  // This app's own copies of the models, carrying its behaviour: every module below gets these.
  const behaviourIndex = new BehaviourIndex(behaviour)
  const models = bindBehaviour(options.models, behaviourIndex)
  // One array for every module: the lowcode module changes it in place when a page file changes (live-pages.ts).
  const pages = options.pages ?? []
  const app = Fastify(fastifyOptions(config, options.logger))
  app.decorate('db', options.db)
  app.decorate('config', config)
  app.decorate('files', routedFileStore(fileStoreFromEnv(process.env, config.filesDir), options.db))

  await app.register(formbody)

  await app.register(errorHandler)
  await app.register(securityHeaders)
  await app.register(publicRateLimits)
  await app.register(auth)
  await app.register(inputGuards)
  await app.register(permissionGuards)
  await app.register(routeTable)
  // Before every route: the routes of model files changed while running are served by their own instance.
  await app.register(liveModelRoutes(() => Fastify(fastifyOptions(config, options.logger))))
  // Before every route: integers without a range get the safe-integer range (ids beyond it were 500s).
  await app.register(routeSchemaBounds)
  // Before the modules: the checks modules add to a model's saves run before every route (hsdr, hrpt).
  await app.register(modelSaveChecks())
  // Before the modules: every read route gets the guard of the screens that read it.
  await app.register(readGuards(pages, models))
  // Before the modules: hand-written routes declaring model rows get the field permission rules applied.
  await app.register(fieldRuleRoutes(models))
  // Before the modules: the OpenAPI document is built from the routes registered after it.
  await app.register(apiDocs)

  await app.register(oauthRoutes)
  await app.register(iamModule)
  await app.register(hiamModule(models))
  await app.register(hpfmModule)
  await app.register(hpfmAdminModule(models, pages))
  // Before the model routes: it adds the Lov read of data dimensions to the permission rule writes.
  await app.register(dimensionLovChecks)
  await app.register(exportModule(models))
  await app.register(hmsgModule)
  await app.register(hfleModule())
  await app.register(hmntModule)
  await app.register(wmdmModule(models))
  // Before the model routes: hsdr's hook checks the job rows they save.
  await app.register(hsdrModule(models))
  await app.register(himpModule(models))
  await app.register(hrptModule(models))
  await app.register(modelsModule(models))
  await app.register(winvModule(models))
  await app.register(winvConfigModule)
  await app.register(etsModule)
  await app.register(hitfModule)
  await app.register(outboundModule)
  await app.register(multiLanguageRoutes(models))
  await app.register(cuszModule(models))
  await app.register(lowcodeModule(pages, models))
  await app.register(liveModelFiles(models, options.refusedModels, behaviourIndex))
  await app.register(liveReferenceData())
  await app.register(staticApp(config.staticDir))
  return app
}
