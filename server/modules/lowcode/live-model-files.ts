/**
 * Live model files (issue 22): with `config.liveSchemas` (the setting of live page files) the models directory
 * is watched too, and a saved model file takes effect in the running server (modules/models/live-models.ts):
 * its table created or changed, its permission codes registered, its routes served (live-model-routes.ts), the
 * page files checked against it again. A refused file (a bad model, or a table change that would lose data)
 * takes no effect; the log and every open browser (frame `model-schema-changed`) get file, line, pointer,
 * problem and what to do. A file refused at start is marked broken the same way: the server runs without it.
 */
import type { BehaviourIndex } from '../models/behaviour.ts'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { MODEL_CHANGED_FRAME_KEY, type ModelSchemaChanged } from '../../../renderer/contract/hmsg.ts'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { shared } from '../../plugins/shared.ts'
import { describeRefusal, LiveModels, type ModelChange } from '../models/live-models.ts'
import type { RefusedModel } from '../models/load-models.ts'
import { watchFiles, type FileWatch } from './watch-files.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The model files in service now; `app.liveModels.reload()` applies the directory as it is (the watcher's call). */
    liveModels: LiveModels
  }
}

export function liveModelFiles(
  models: ModelSchema[],
  refused: readonly RefusedModel[] = [],
  behaviour?: BehaviourIndex,
): FastifyPluginAsync {
  return shared(async (app: FastifyInstance) => {
    const live = new LiveModels(
      models,
      app.db,
      app.config.modelsDir,
      [...refused],
      behaviour,
      app.config.seedDataDir,
    )
    app.decorate('liveModels', live)
    for (const entry of refused)
      app.log.error(
        { file: entry.file },
        `model file refused (the server runs without it):\n${describeRefusal(entry.problems)}`,
      )

    live.onChange(async (change: ModelChange) => {
      for (const entry of change.refused)
        app.log.error(
          { file: entry.file },
          `model change refused (the last good version stays in service):\n${describeRefusal(entry.problems)}`,
        )
      if (change.applied.length || change.removed.length) {
        app.log.info(
          { applied: change.applied, removed: change.removed, statements: change.statements },
          'model files applied',
        )
        await app.rebuildLiveModelRoutes(live)
        // Pages are checked against the models in service now.
        const pageModels = app.livePages?.refs.models
        if (pageModels) {
          pageModels.clear()
          for (const model of live.models) pageModels.set(modelKey(model), model)
          app.livePages.recheck()
        }
      }
      const message: ModelSchemaChanged = {
        type: 'model-schema-changed',
        version: change.version,
        applied: change.applied,
        removed: change.removed,
        refused: change.refused.map(({ file, problems }) => ({ file, problems })),
      }
      app.noticeSockets?.broadcast(
        JSON.stringify({ key: MODEL_CHANGED_FRAME_KEY, type: 'S', message: JSON.stringify(message) }),
      )
    })

    if (!app.config.liveSchemas) return
    let watch: FileWatch | undefined
    app.addHook('onReady', async () => {
      try {
        watch = watchFiles(
          app.config.modelsDir,
          (name) => name.endsWith('.model.json'),
          () =>
            void live
              .reload()
              .catch((error: unknown) =>
                app.log.error({ dir: app.config.modelsDir, err: error }, 'model files not applied'),
              ),
        )
        live.watching = true
        app.log.info({ dir: app.config.modelsDir }, 'live model files: watching')
      } catch (error) {
        app.log.error(
          { dir: app.config.modelsDir, err: error },
          'live model files: cannot watch the models directory',
        )
      }
    })
    app.addHook('onClose', async () => {
      watch?.close()
      await live.idle()
    })
  })
}
