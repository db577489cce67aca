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
import { routeModule } from './plugins/shared.ts'
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

  // The app plugins every route needs registered before it (plugins/shared.ts BEFORE_ROUTES): each is named,
  // declares the plugins it needs (read guards: auth and the route table) and every route module below depends
  // on all of them, so a plugin moved after a module, or a missing one, stops the start naming both.
  await app.register(errorHandler)
  await app.register(securityHeaders)
  await app.register(publicRateLimits)
  await app.register(auth)
  await app.register(inputGuards)
  await app.register(permissionGuards)
  await app.register(routeTable)
  // The routes of model files changed while running are served by their own instance.
  await app.register(liveModelRoutes(() => Fastify(fastifyOptions(config, options.logger))))
  // Integers without a range get the safe-integer range (ids beyond it were 500s).
  await app.register(routeSchemaBounds)
  // Before the modules: the checks modules add to a model's saves run before every route (hsdr, hrpt).
  await app.register(modelSaveChecks())
  // Before the modules: every read route gets the guard of the screens that read it.
  await app.register(readGuards(pages, models))
  // Hand-written routes declaring model rows get the field permission rules applied.
  await app.register(fieldRuleRoutes(models))
  // The OpenAPI document is built from the routes registered after it.
  await app.register(apiDocs)

  await app.register(routeModule('oauth', oauthRoutes))
  await app.register(routeModule('iam', iamModule))
  await app.register(routeModule('hiam', hiamModule(models)))
  await app.register(routeModule('hpfm', hpfmModule))
  await app.register(routeModule('hpfm-admin', hpfmAdminModule(models, pages)))
  // It adds the Lov read of data dimensions to the permission rule writes: the model routes depend on it.
  await app.register(dimensionLovChecks)
  await app.register(routeModule('export', exportModule(models)))
  await app.register(routeModule('hmsg', hmsgModule))
  await app.register(routeModule('hfle', hfleModule()))
  await app.register(routeModule('hmnt', hmntModule))
  await app.register(routeModule('wmdm', wmdmModule(models)))
  // hsdr's hook checks the job rows the model routes save: they depend on it.
  await app.register(routeModule('hsdr', hsdrModule(models)))
  await app.register(routeModule('himp', himpModule(models)))
  await app.register(routeModule('hrpt', hrptModule(models)))
  await app.register(routeModule('models', modelsModule(models), ['dimension-lov-checks', 'hsdr']))
  await app.register(routeModule('winv', winvModule(models)))
  await app.register(routeModule('winv-config', winvConfigModule))
  await app.register(routeModule('ets', etsModule))
  await app.register(routeModule('hitf', hitfModule))
  await app.register(routeModule('outbound', outboundModule))
  await app.register(routeModule('multi-language', multiLanguageRoutes(models)))
  await app.register(routeModule('cusz', cuszModule(models)))
  await app.register(routeModule('lowcode', lowcodeModule(pages, models)))
  await app.register(
    routeModule('live-model-files', liveModelFiles(models, options.refusedModels, behaviourIndex)),
  )
  await app.register(routeModule('live-reference-data', liveReferenceData()))
  await app.register(routeModule('static-app', staticApp(config.staticDir)))
  return app
}
