/**
 * The import engine (himp): template download, upload + row-by-row check, fixing a row, and the import itself
 * — every valid row created through the target model's write path in batches of `IMPORT_BATCH` rows, each
 * batch one transaction that also marks its lines IMPORTED (so a crash or a failing row keeps what earlier
 * batches committed and importing again imports exactly the rest), rows with errors left listed with their
 * errors. Between batches the connection is free for other requests. See server/README.md "Import runs".
 */
import { randomUUID } from 'node:crypto'
import multipart from '@fastify/multipart'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest, conflict, noPermission, notFound } from '../../errors.ts'
import { unreadableMultipart } from '../../plugins/framework-errors.ts'
import { grantedCodes, requirePermission, sessionOf } from '../../plugins/permissions.ts'
import type { Session } from '../../types.ts'
import { writeWatchOf } from '../../db/write-watch.ts'
import { wireDateTime } from '../hsdr/clock.ts'
import { listRows } from '../models/model-list.ts'
import { listQuerySchema } from '../models/model-schemas.ts'
import { NoBody, NoQuery } from '../../schemas.ts'
import { modelDb, type Row } from '../models/model-scope.ts'
import { createRow } from '../models/model-write.ts'
import { codeTargets } from './code-targets.ts'
import { loadTemplate, modelKey, type ImportTemplate } from './templates.ts'
import { checkLines, errorText, openLines } from './validate-rows.ts'
import { readWorkbook, templateWorkbook } from './workbook.ts'

/** The largest upload: a bigger file is refused before it is parsed. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
/** An import logs its progress every so many committed rows (operators watch long imports; the fault test waits for it). */
const PROGRESS_EVERY = 500
/**
 * Rows written per transaction. On PGlite (one connection) a transaction keeps every other request waiting
 * until it commits, so a run is cut into batches this long and lets the waiting requests in between.
 */
export const IMPORT_BATCH = 250
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const CodeParams = Type.Object({ tenantId: Type.Integer(), templateCode: Type.String({ maxLength: 60 }) })
const ImportParams = Type.Object({ tenantId: Type.Integer(), importId: Type.Integer() })
const LineParams = Type.Object({ tenantId: Type.Integer(), importId: Type.Integer(), lineId: Type.Integer() })
const LineBody = Type.Object({ data: Type.Record(Type.String({ maxLength: 60 }), Type.Unknown()) })

/** Where an import stands: rows imported (`done`) of the rows that are or were valid (`total`). */
export interface ImportProgress {
  importId: number
  status: string
  done: number
  total: number
}
/** A run in progress in this process: its rows are written in one transaction, so only the run knows how far. */
interface RunningImport {
  tenantId: number
  /** Rows imported before this run (an upload imported in parts), plus the run's own rows written so far. */
  done: number
  total: number
  /** Who started it, and until when their token is valid (see `sessionInMemory` on the progress route). */
  session: Session
  expiresAt: number
}

async function checkCreateCode(db: Db, session: Session, template: ImportTemplate) {
  const codes = [template.model.permissions?.create, ...(template.target?.extraCodes ?? [])].filter(
    (code): code is string => !!code,
  )
  const granted = await grantedCodes(db, session.roleId, codes)
  const missing = codes.find((code) => !granted.has(code))
  if (missing) throw noPermission(missing)
}

async function importRow(db: Db, session: Session, importId: number): Promise<Row> {
  const row = await modelDb(db)
    .selectFrom('himp_import')
    .selectAll()
    .where('tenantId', '=', session.tenantId)
    .where('importId', '=', importId)
    .executeTakeFirst()
  if (!row)
    throw notFound(`Import ${importId} does not exist (or is not yours): open it from the import history.`)
  return row
}

/** Re-checks every open line of an import, stores each one's status and errors, and updates the counts. */
async function recheck(db: Db, session: Session, template: ImportTemplate, importId: number) {
  const lines = await openLines(db, importId)
  const errors = await checkLines(
    db,
    session,
    template,
    lines.map((line) => ({
      lineId: Number(line.lineId),
      rowNumber: Number(line.rowNumber),
      data: line.dataJson as Record<string, unknown>,
    })),
  )
  // The valid lines in one statement per 1,000; the lines with errors one by one (each has its own message).
  const valid = lines.map((line) => line.lineId as number).filter((id) => !errors.has(id))
  for (let i = 0; i < valid.length; i += 1000)
    await modelDb(db)
      .updateTable('himp_import_line')
      .set({ status: 'VALID', errorMessage: null })
      .where('lineId', 'in', valid.slice(i, i + 1000))
      .execute()
  for (const [lineId, problems] of errors)
    await modelDb(db)
      .updateTable('himp_import_line')
      .set({ status: 'ERROR', errorMessage: errorText(problems) })
      .where('lineId', '=', lineId)
      .execute()
  await updateCounts(db, importId)
  return { lines: lines.length, errors: errors.size }
}

async function setStatus(db: Db, importId: number, status: string, errorMessage: string | null) {
  await modelDb(db)
    .updateTable('himp_import')
    .set({ status, errorMessage })
    .where('importId', '=', importId)
    .execute()
}

/** The reason an import cut off by a crash or a stop shows in the history. */
export const IMPORT_INTERRUPTED =
  'The server stopped in the middle of this import: the rows counted as imported were committed and stay imported, the others were not written. Import it again to import the rest.'

/**
 * At start no import runs yet, so an upload still IMPORTING was cut off by a restart: the batches it committed
 * stay (their lines are IMPORTED and counted), the batch it was writing was rolled back with the process, so
 * it ends FAILED with the reason and importing it again imports exactly the lines not IMPORTED.
 */
export async function failInterruptedImports(db: Db): Promise<number> {
  const result = await modelDb(db)
    .updateTable('himp_import')
    .set({ status: 'FAILED', errorMessage: IMPORT_INTERRUPTED })
    .where('status', '=', 'IMPORTING')
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

async function updateCounts(db: Db, importId: number, status?: string) {
  const counts = await modelDb(db)
    .selectFrom('himp_import_line')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('lineId').filterWhere('status', '=', 'ERROR').as('errors'),
      eb.fn.count<number>('lineId').filterWhere('status', '=', 'IMPORTED').as('imported'),
    ])
    .where('importId', '=', importId)
    .executeTakeFirstOrThrow()
  await modelDb(db)
    .updateTable('himp_import')
    .set({
      totalCount: Number(counts.total),
      errorCount: Number(counts.errors),
      importedCount: Number(counts.imported),
      ...(status ? { status } : {}),
    })
    .where('importId', '=', importId)
    .execute()
}

async function receiveXlsx(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart())
    throw badRequest("Send the file as multipart/form-data with the workbook in a part named 'file'.")
  const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })
  if (!part || part.fieldname !== 'file')
    throw badRequest("Send the workbook in a multipart part named 'file'.")
  const bytes = await part.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(
        `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`,
      )
    // A body cut short before its closing boundary: the part ends with an error or closes without an end.
    throw unreadableMultipart(request)
  })
  const name = part.filename || 'import.xlsx'
  // An xlsx is a zip: its first bytes are "PK".
  if (!/\.xlsx$/i.test(name) || bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b)
    throw badRequest(
      `'${name}' is not an .xlsx workbook: download the template, fill it in Excel and save it as .xlsx.`,
    )
  return { name, bytes }
}

export function himpModule(models: ModelSchema[]): FastifyPluginAsync {
  return async (app) => {
    const lineModel = models.find((m) => m.service === 'himp' && m.entity === 'importLine')
    if (!lineModel) throw new Error('himp: schemas/models/himp/import-line.model.json is missing')
    await app.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    })
    const prefix = '/api/himp/v1/:tenantId'
    const targets = codeTargets(app.config)
    /** The runs of this server in progress, by import id (a run lives in one request of this process). */
    const running = new Map<number, RunningImport>()

    app.get(
      `${prefix}/import-templates/:templateCode`,
      { schema: { params: CodeParams, querystring: NoQuery } },
      async (request) => {
        const session = sessionOf(request)
        const { templateCode } = request.params as typeof CodeParams.static
        const template = await loadTemplate(app.db, models, session.tenantId, templateCode, targets)
        return {
          templateCode: template.template.templateCode,
          templateName: template.template.templateName,
          targetModel: modelKey(template.model),
          maxRows: template.template.maxRows,
          createPermission: template.model.permissions?.create ?? null,
          sheets: template.sheets.map((sheet) => ({
            sheetName: sheet.sheetName,
            headerRow: sheet.headerRow,
            columns: sheet.columns.map((c) => ({
              columnTitle: c.columnTitle,
              fieldName: c.fieldName,
              type: c.field.type,
              required: !!(c.requiredFlag || c.field.required),
              lookupCode: c.field.lookupCode ?? null,
              maxLength: c.field.maxLength ?? null,
              sampleValue: c.sampleValue,
            })),
          })),
        }
      },
    )

    app.get(
      `${prefix}/import-templates/:templateCode/excel`,
      { schema: { params: CodeParams, querystring: NoQuery } },
      async (request, reply) => {
        const session = sessionOf(request)
        const { templateCode } = request.params as typeof CodeParams.static
        const template = await loadTemplate(app.db, models, session.tenantId, templateCode, targets)
        const bytes = await templateWorkbook(template)
        const name = `${templateCode}.xlsx`
        return reply
          .header('Content-Type', XLSX)
          .header(
            'Content-Disposition',
            `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
          )
          .send(bytes)
      },
    )

    app.post(
      `${prefix}/import-templates/:templateCode/upload`,
      {
        preHandler: requirePermission('himp.commentImport.button.upload'),
        schema: { params: CodeParams, querystring: NoQuery },
      },
      async (request) => {
        const session = sessionOf(request)
        const { templateCode } = request.params as typeof CodeParams.static
        const template = await loadTemplate(app.db, models, session.tenantId, templateCode, targets)
        await checkCreateCode(app.db, session, template)
        const file = await receiveXlsx(request)
        const rows = await readWorkbook(file.bytes, template)
        if (template.target?.prepare)
          for (const row of rows) row.data = await template.target.prepare(app.db, session, row.data)
        // Checked before the transaction (reads only, each its own query), so the transaction that stores the
        // upload is a few bulk inserts and does not keep other requests waiting on PGlite's one connection.
        const errors = await checkLines(
          app.db,
          session,
          template,
          rows.map((row, index) => ({ lineId: index, rowNumber: row.rowNumber, data: row.data })),
        )
        const importId = await app.db.transaction().execute(async (trx) => {
          const audit = { createdBy: session.userId, lastUpdatedBy: session.userId, objectVersionNumber: 1 }
          const created = await modelDb(trx)
            .insertInto('himp_import')
            .values({
              tenantId: session.tenantId,
              templateCode,
              batch: randomUUID(),
              fileName: file.name.slice(0, 240),
              targetModel: modelKey(template.model),
              status: 'VALIDATED',
              totalCount: rows.length,
              errorCount: errors.size,
              importedCount: 0,
              importDate: wireDateTime(new Date(app.config.now())),
              ...audit,
            })
            .returning('importId')
            .executeTakeFirstOrThrow()
          for (let i = 0; i < rows.length; i += 500) {
            await modelDb(trx)
              .insertInto('himp_import_line')
              .values(
                rows.slice(i, i + 500).map((row, offset) => {
                  const problems = errors.get(i + offset)
                  return {
                    tenantId: session.tenantId,
                    importId: created.importId,
                    sheetName: row.sheetName,
                    rowNumber: row.rowNumber,
                    dataJson: JSON.stringify(row.data),
                    status: problems ? 'ERROR' : 'VALID',
                    errorMessage: problems ? errorText(problems) : null,
                    ...audit,
                  }
                }),
              )
              .execute()
          }
          return Number(created.importId)
        })
        return importRow(app.db, session, importId)
      },
    )

    app.get(
      `${prefix}/import-batches/:importId/lines`,
      { schema: { params: ImportParams, querystring: listQuerySchema(lineModel) } },
      async (request) => {
        const session = sessionOf(request)
        const { importId } = request.params as typeof ImportParams.static
        await importRow(app.db, session, importId)
        return listRows(modelDb(app.db), lineModel, session, {
          ...(request.query as Record<string, unknown>),
          importId,
        })
      },
    )

    app.put(
      `${prefix}/import-batches/:importId/lines/:lineId`,
      {
        preHandler: requirePermission('himp.commentImport.button.edit'),
        schema: { params: LineParams, body: LineBody },
      },
      async (request) => {
        const session = sessionOf(request)
        const { importId, lineId } = request.params as typeof LineParams.static
        const { data } = request.body as typeof LineBody.static
        const batch = await importRow(app.db, session, importId)
        // A run reads its lines when it starts and writes them batch by batch: an edit meanwhile would be lost.
        if (batch.status === 'IMPORTING')
          throw conflict(
            'error.import_running',
            `Import ${importId} is being imported: wait until it ends, reload it and fix the rows left with errors.`,
          )
        const template = await loadTemplate(
          app.db,
          models,
          session.tenantId,
          String(batch.templateCode),
          targets,
        )
        const known = new Set(template.sheets.flatMap((s) => s.columns.map((c) => c.fieldName)))
        const unknown = Object.keys(data).filter((name) => !known.has(name))
        if (unknown.length)
          throw badRequest(
            `${unknown.join(', ')}: not a column of template ${String(batch.templateCode)}; send only ${[...known].join(', ')}.`,
          )
        const clean = Object.fromEntries(
          Object.entries(data).filter(([, v]) => v !== null && v !== undefined && v !== ''),
        )
        return app.db.transaction().execute(async (trx) => {
          let stored: Record<string, unknown> = clean
          if (template.target?.prepare) {
            const previous = await modelDb(trx)
              .selectFrom('himp_import_line')
              .select('dataJson')
              .where('importId', '=', importId)
              .where('lineId', '=', lineId)
              .executeTakeFirst()
            stored = await template.target.prepare(
              trx,
              session,
              clean,
              (previous?.dataJson as Record<string, unknown> | undefined) ?? {},
            )
          }
          const line = await modelDb(trx)
            .updateTable('himp_import_line')
            .set({ dataJson: JSON.stringify(stored), lastUpdatedBy: session.userId })
            .where('importId', '=', importId)
            .where('lineId', '=', lineId)
            .where('status', '!=', 'IMPORTED')
            .returning('lineId')
            .executeTakeFirst()
          if (!line)
            throw conflict(
              'error.import_line_closed',
              `Row ${lineId} of import ${importId} is imported already or does not exist: reload the rows.`,
            )
          await recheck(trx, session, template, importId)
          return modelDb(trx)
            .selectFrom('himp_import_line')
            .selectAll()
            .where('lineId', '=', lineId)
            .executeTakeFirstOrThrow()
        })
      },
    )

    // How far an import is, polled by the import page while it shows IMPORTING. A run of this server answers
    // from memory (to the row, where the table knows only the committed batches); any other import from its row.
    // On PGlite a running import's batch holds the only connection while it writes, so the usual token check
    // (a read) would wait for the batch to commit. There the run's own token is vouched for from memory: no logout, revoke
    // or kick-off can be committed while the run holds the connection, so the token is as live as when the
    // run began (its expiry is still checked). Any other caller, and every caller on PostgreSQL, is checked
    // in the database as usual.
    const pglite = writeWatchOf(app.db) !== undefined
    const sessionInMemory = (request: FastifyRequest, tokenHash: string): Session | undefined => {
      if (!pglite) return undefined
      const importId = Number((request.params as { importId?: unknown }).importId)
      const run = running.get(importId)
      if (!run || run.session.tokenHash !== tokenHash || run.expiresAt <= app.config.now()) return undefined
      return run.session
    }
    app.get(
      `${prefix}/import-batches/:importId/progress`,
      { schema: { params: ImportParams, querystring: NoQuery }, config: { sessionInMemory } },
      async (request): Promise<ImportProgress> => {
        const session = sessionOf(request)
        const { importId } = request.params as typeof ImportParams.static
        const run = running.get(importId)
        if (run && run.tenantId === session.tenantId)
          return { importId, status: 'IMPORTING', done: run.done, total: run.total }
        const batch = await importRow(app.db, session, importId)
        return {
          importId,
          status: String(batch.status),
          done: Number(batch.importedCount),
          total: Number(batch.totalCount) - Number(batch.errorCount),
        }
      },
    )

    app.post(
      `${prefix}/import-batches/:importId/import`,
      {
        preHandler: requirePermission('himp.commentImport.button.import'),
        schema: { params: ImportParams, body: NoBody },
      },
      async (request) => {
        const session = sessionOf(request)
        const { importId } = request.params as typeof ImportParams.static
        const batch = await importRow(app.db, session, importId)
        const template = await loadTemplate(
          app.db,
          models,
          session.tenantId,
          String(batch.templateCode),
          targets,
        )
        await checkCreateCode(app.db, session, template)
        const previous = String(batch.status)
        const token = await app.db
          .selectFrom('oauthToken')
          .select('expiresAt')
          .where('tokenHash', '=', session.tokenHash)
          .executeTakeFirst()
        // The claim is committed before the rows are written: the history shows IMPORTING while the run lasts,
        // a second run of the same upload is refused, and a run cut off by a crash is found at the next start.
        const claimed = await modelDb(app.db)
          .updateTable('himp_import')
          .set({ status: 'IMPORTING', errorMessage: null })
          .where('importId', '=', importId)
          .where('tenantId', '=', session.tenantId)
          .where('status', '=', previous)
          .where('status', '!=', 'IMPORTING')
          .returning('importId')
          .executeTakeFirst()
        if (!claimed)
          throw conflict(
            'error.import_running',
            `Import ${importId} is being imported by another request (or just was): wait until it ends, reload it and check its rows.`,
          )
        // Polls are answered from here from the claim on (the total is settled once the rows are re-checked).
        const progress: RunningImport = {
          tenantId: session.tenantId,
          done: Number(batch.importedCount),
          total: Number(batch.totalCount) - Number(batch.errorCount),
          session,
          expiresAt: Number(token?.expiresAt ?? 0),
        }
        running.set(importId, progress)
        let failing: { lineId: number; rowNumber: number; message: string } | undefined
        const before = Number(batch.importedCount)
        /** Rows of this run committed so far. */
        let committed = 0
        try {
          // The checks read outside any transaction; their results are stored in a few short statements.
          await recheck(app.db, session, template, importId)
          const valid = (await openLines(app.db, importId)).filter((line) => line.status === 'VALID')
          if (!valid.length)
            throw badRequest(
              'No row is valid: fix the rows with errors (or upload a corrected file) and import again.',
            )
          progress.total = before + valid.length
          for (let start = 0; start < valid.length; start += IMPORT_BATCH) {
            const lines = valid.slice(start, start + IMPORT_BATCH)
            // One batch: its rows, their lines marked IMPORTED and the upload's count, committed together.
            await app.db.transaction().execute(async (trx) => {
              for (const [index, line] of lines.entries()) {
                try {
                  const targetId = template.target
                    ? await template.target.create(trx, session, line.dataJson as Row)
                    : ((await createRow(trx, template.model, session, line.dataJson as Row))[
                        template.model.primaryKey
                      ] as number)
                  await modelDb(trx)
                    .updateTable('himp_import_line')
                    .set({ status: 'IMPORTED', errorMessage: null, targetId })
                    .where('lineId', '=', line.lineId as number)
                    .execute()
                } catch (error) {
                  if (error instanceof AppError)
                    failing = {
                      lineId: Number(line.lineId),
                      rowNumber: Number(line.rowNumber),
                      message: error.message,
                    }
                  throw error
                }
                progress.done = before + committed + index + 1
              }
              await modelDb(trx)
                .updateTable('himp_import')
                .set((eb) => ({ importedCount: eb('importedCount', '+', lines.length) }))
                .where('importId', '=', importId)
                .execute()
            })
            committed += lines.length
            progress.done = before + committed
            if (committed < valid.length) {
              if (committed % PROGRESS_EVERY === 0)
                request.log.info(
                  { importId, done: committed, total: valid.length },
                  'import in progress (committed)',
                )
              // The requests that waited for the connection during the batch take it now, in their order.
              await new Promise((resolve) => setImmediate(resolve))
            }
          }
          await updateCounts(app.db, importId, 'IMPORTED')
        } catch (error) {
          running.delete(importId)
          if (error instanceof AppError && !failing && !committed) {
            // Refused before anything was written (no valid row): the upload is as it was.
            await setStatus(app.db, importId, previous, null)
            throw error
          }
          const kept = committed
            ? `the ${committed} rows before it are imported, the others were not written`
            : 'nothing was imported'
          const reason = failing
            ? `Row ${failing.rowNumber} failed (${failing.message}): ${kept}. Fix it and import again to import the rest.`
            : `The import stopped (${error instanceof Error ? error.message : String(error)}): ${kept}. Import it again to import the rest.`
          // Record why, so the history and the rows show it. If the database itself is gone, this fails too and
          // the next start marks the run FAILED.
          await app.db
            .transaction()
            .execute(async (trx) => {
              if (failing)
                await modelDb(trx)
                  .updateTable('himp_import_line')
                  .set({ status: 'ERROR', errorMessage: failing.message })
                  .where('lineId', '=', failing.lineId)
                  .execute()
              await updateCounts(trx, importId)
              await setStatus(trx, importId, 'FAILED', reason)
            })
            .catch((recording: unknown) =>
              request.log.error({ err: recording, importId }, 'import failure not recorded'),
            )
          if (!failing) throw error
          throw new AppError(409, 'error.import_failed', reason)
        }
        running.delete(importId)
        return importRow(app.db, session, importId)
      },
    )

    app.addHook('onReady', async () => {
      const interrupted = await failInterruptedImports(app.db)
      if (interrupted) app.log.warn({ interrupted }, 'imports interrupted by a restart marked FAILED')
    })
  }
}
