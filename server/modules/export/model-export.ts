/**
 * exportType=COLUMN and exportType=DATA on a model's list endpoint (CORE-EXP-02, -11, -12; CORE-API-26/27).
 * COLUMN answers the column tree; DATA checks the options, counts the rows the page's filters select, then
 * either streams the file in the response (sync) or records a task for the worker and answers its uuid.
 */
import { PassThrough } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { modelDb } from '../models/model-scope.ts'
import { cellFormatters, columnTree } from './export-columns.ts'
import { namedBatches, referenceNames } from './reference-names.ts'
import { readScreenColumns, SCREEN_COLUMNS_PARAM } from './screen-columns.ts'
import { fieldRulesFor } from '../models/field-rules.ts'
import {
  checkCapacity,
  chosenColumns,
  CONTENT_TYPE,
  contentDisposition,
  FILE_EXTENSION,
  filtersOf,
  modelKey,
  offeredColumns,
  readExportOptions,
  type ExportRequest,
} from './export-options.ts'
import { createTask } from './export-tasks.ts'
import { countRows, EXPORT_BATCH_SIZE, fieldsOf, rowBatches } from './row-batches.ts'
import { writeExport } from './write-export.ts'

/** Whether a list request asks for an export rather than a page. */
export const isExportRequest = (query: Record<string, unknown>) =>
  query.exportType !== undefined && query.exportType !== ''

/** The permission that guards export on a model: its export code, else its query code (may be none). */
export const exportPermission = (model: ModelSchema) => model.permissions?.export ?? model.permissions?.query

export async function handleExport(
  model: ModelSchema,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const query = request.query as Record<string, unknown>
  const exportType = String(query.exportType)
  if (exportType === 'COLUMN') {
    // The columns offered leave out the fields a field permission rule hides from the session (field-rules.ts).
    const tree = columnTree(model, offeredColumns(model, readScreenColumns(query[SCREEN_COLUMNS_PARAM])))
    const { hidden } = await fieldRulesFor(request.server.db, model, sessionOf(request))
    return { ...tree, children: tree.children?.filter((column) => !hidden.has(column.name)) }
  }
  if (exportType !== 'DATA') {
    throw badRequest(`Unknown exportType '${exportType}': use COLUMN (the column tree) or DATA (the file).`, {
      exportType: 'COLUMN or DATA',
    })
  }
  const app = request.server
  const session = sessionOf(request)
  const options = readExportOptions(model, query)
  // A field a field permission rule hides from the session is no column of its file (field-rules.ts).
  const { hidden } = await fieldRulesFor(app.db, model, session)
  if (hidden.size) {
    const hiddenIds = new Set(
      offeredColumns(model, options.screenColumns)
        .filter((c) => hidden.has(c.field.name) || (c.textField !== undefined && hidden.has(c.textField)))
        .map((c) => c.id),
    )
    options.columnIds = options.columnIds.filter((id) => !hiddenIds.has(id))
    if (!options.columnIds.length)
      throw badRequest(
        `Every column chosen (${[...hidden].join(', ')}) is hidden from your role by a field permission rule: choose other columns.`,
        { ids: 'only hidden columns' },
      )
  }
  const filters = filtersOf(query)
  const db = modelDb(app.db)
  const total = await countRows(db, model, session, filters)
  checkCapacity(options, total)

  if (options.async) {
    const { tokenHash: _token, ...scope } = session
    const exportRequest: ExportRequest = { model: modelKey(model), options, query: filters, session: scope }
    const { uuid } = await createTask(app.db, exportRequest, {
      taskName: options.fileName,
      serviceName: model.service,
    })
    app.exportWorker.submit(uuid)
    return { uuid }
  }

  const columns = chosenColumns(model, options)
  const references = await referenceNames(app.db, columns, session, session.language)
  const formatters = await cellFormatters(app.db, columns, session.tenantId, session.language, references)
  const fileName = `${options.fileName}.${FILE_EXTENSION[options.fileType]}`
  const body = new PassThrough()
  const spec = {
    fileType: options.fileType,
    singleSheetMaxRow: options.singleSheetMaxRow,
    columns,
    formatters,
  }
  // Headers go first; a failure after them can only cut the download short (logged), not answer an envelope.
  writeExport(
    body,
    spec,
    namedBatches(rowBatches(db, model, session, filters, EXPORT_BATCH_SIZE, fieldsOf(columns)), references),
  ).catch((error: unknown) => {
    request.log.error({ err: error }, 'export stream failed')
    body.destroy(error instanceof Error ? error : new Error(String(error)))
  })
  return reply
    .header('content-type', CONTENT_TYPE[options.fileType])
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(body)
}
