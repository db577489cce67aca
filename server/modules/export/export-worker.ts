/**
 * Runs asynchronous export tasks inside the server process (at most `concurrency` at once, the rest wait
 * in line, still DOING). Nothing that matters lives only here: the task row holds the request, the progress
 * and the outcome, so a restart loses no record — `start()` marks every task still DOING as FAILED with
 * "interrupted by a server restart", and the user can run it again (POST export-task/retry).
 * Cancel is a database state change; the worker notices it after the current batch and stops.
 */
import { PassThrough } from 'node:stream'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import type { FileStore } from '../hfle/file-store.ts'
import { modelDb } from '../models/model-scope.ts'
import { cellFormatters } from './export-columns.ts'
import { namedBatches, referenceNames } from './reference-names.ts'
import { checkCapacity, chosenColumns, FILE_EXTENSION, modelKey } from './export-options.ts'
import {
  failInterrupted,
  failTask,
  finishTask,
  INTERRUPTED_BY_SHUTDOWN,
  recordProgress,
  taskByUuid,
} from './export-tasks.ts'
import { countRows, EXPORT_BATCH_SIZE, EXPORT_KEY_PAGE_SIZE, fieldsOf, rowBatches } from './row-batches.ts'
import { writeExport } from './write-export.ts'

export interface ExportWorker {
  /** Marks tasks a previous process left DOING as FAILED; answers how many. Call once at start. */
  start(): Promise<number>
  /** Queues a DOING task to run. */
  submit(uuid: string): void
  /** Resolves when no task is running or queued (tests, shutdown). */
  whenIdle(): Promise<void>
  /** Stops after the current batch of each running task (they end FAILED: interrupted by a shutdown). */
  stop(): Promise<void>
}

export interface ExportWorkerDeps {
  db: Db
  files: FileStore
  /** The app's models (changed in place by live model files: a task reads them as they are when it runs). */
  models: readonly ModelSchema[]
  concurrency?: number
  /** Where progress is logged (the app's logger): one line per batch of a running task. */
  log?: { info: (details: Record<string, unknown>, message: string) => void }
  /** Rows a batch reads and keys a key page reads (row-batches.ts); tests make them small to force many pages. */
  paging?: { batchSize: number; keyPageSize: number }
}

class Stopped extends Error {}

export function createExportWorker({
  db,
  files,
  models,
  concurrency = 2,
  log,
  paging = { batchSize: EXPORT_BATCH_SIZE, keyPageSize: EXPORT_KEY_PAGE_SIZE },
}: ExportWorkerDeps): ExportWorker {
  const queue: string[] = []
  let running = 0
  let stopping = false
  let idleWaiters: Array<() => void> = []

  const settleIdle = () => {
    if (running || queue.length) return
    for (const resolve of idleWaiters) resolve()
    idleWaiters = []
  }

  const pump = () => {
    while (!stopping && running < concurrency && queue.length) {
      const uuid = queue.shift() as string
      running += 1
      void run(uuid)
        .catch(() => undefined) // run() records its own failures; a lost database must not crash the process
        .finally(() => {
          running -= 1
          pump()
          settleIdle()
        })
    }
    settleIdle()
  }

  async function run(uuid: string): Promise<void> {
    const task = await taskByUuid(db, uuid)
    if (!task || task.state !== 'DOING') return
    const request = task.request
    // the models in service now: a model file saved while the server runs exports like one read at start
    const model = models.find((candidate) => modelKey(candidate) === request.model)
    if (!model) return failTask(db, uuid, `The model ${request.model} no longer exists on this server.`)
    const session = { ...request.session, tokenHash: '' }
    const { options, query } = request
    const key = `exports/${task.tenantId}/${uuid}.${FILE_EXTENSION[options.fileType]}`
    const stream = new PassThrough()
    const stored = files.put(key, stream)
    // A store that fails early closes the stream, so the writer stops instead of waiting for a reader.
    stored.catch((error: unknown) =>
      stream.destroy(error instanceof Error ? error : new Error(String(error))),
    )
    try {
      const total = await countRows(modelDb(db), model, session, query)
      checkCapacity(options, total)
      if (!(await recordProgress(db, uuid, 0, total))) throw new Stopped()
      const columns = chosenColumns(model, options)
      const references = await referenceNames(db, columns, session, session.language)
      const formatters = await cellFormatters(db, columns, session.tenantId, session.language, references)
      const spec = {
        fileType: options.fileType,
        singleSheetMaxRow: options.singleSheetMaxRow,
        columns,
        formatters,
      }
      const written = await writeExport(
        stream,
        spec,
        namedBatches(
          rowBatches(
            modelDb(db),
            model,
            session,
            query,
            paging.batchSize,
            fieldsOf(columns),
            paging.keyPageSize,
          ),
          references,
        ),
        async (done) => {
          if (stopping) throw new Error(INTERRUPTED_BY_SHUTDOWN)
          if (!(await recordProgress(db, uuid, done))) throw new Stopped()
          log?.info({ uuid, taskCode: task.taskCode, done, total }, 'export in progress')
        },
      )
      const { size } = await stored
      const fileName = `${options.fileName}.${FILE_EXTENSION[options.fileType]}`
      const file = { fileKey: key, fileName, fileType: options.fileType, fileSize: size, doneCount: written }
      if (!(await finishTask(db, uuid, file))) await files.remove(key) // cancelled at the last moment
    } catch (error) {
      stream.destroy()
      await stored.catch(() => undefined)
      await files.remove(key).catch(() => undefined)
      if (!(error instanceof Stopped)) {
        await failTask(db, uuid, error instanceof Error ? error.message : String(error))
      }
    }
  }

  return {
    start: () => failInterrupted(db),
    submit(uuid) {
      queue.push(uuid)
      pump()
    },
    whenIdle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve)
        settleIdle()
      }),
    async stop() {
      stopping = true
      // Queued tasks never started: they stay DOING and the next start marks them FAILED (restart).
      queue.length = 0
      await new Promise<void>((resolve) => {
        idleWaiters.push(resolve)
        settleIdle()
      })
    },
  }
}
