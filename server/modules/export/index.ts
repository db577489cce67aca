/**
 * Export (CORE-EXP): the task routes and the in-process worker. The worker is decorated on the root app
 * (`app.exportWorker`) because every model's list endpoint submits to it; at ready it marks tasks a previous
 * process left DOING as FAILED, at close it stops after the current batch.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { createExportWorker, type ExportWorker } from './export-worker.ts'
import { exportTaskRoutes } from './routes-tasks.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs asynchronous export tasks (server/modules/export). */
    exportWorker: ExportWorker
  }
}

export function exportModule(models: ModelSchema[]): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (app) => {
    const worker = createExportWorker({ db: app.db, files: app.files, models, log: app.log })
    app.decorate('exportWorker', worker)
    app.addHook('onReady', async () => {
      const interrupted = await worker.start()
      if (interrupted) app.log.warn({ interrupted }, 'export tasks interrupted by a restart marked FAILED')
    })
    app.addHook('preClose', async () => worker.stop())
    await app.register(exportTaskRoutes(models))
  }
  // Same as fastify-plugin: the decorator is visible to the model routes registered beside this module.
  Object.assign(plugin, { [Symbol.for('skip-override')]: true })
  return plugin
}
