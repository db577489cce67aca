/**
 * POST <header model path>/with-lines — a master-detail page's one Save: the header (create without its id,
 * update with id + objectVersionNumber) and the changes of its line tables, in ONE transaction.
 *
 *   body  {header: Row, lines: [{key, resource, parentField, rows: Row[] with _status}]}
 *   200   {header: Row, lines: {<key>: Row[] (created and updated lines)}}
 *
 * `resource` names a model of the same service; `parentField` is its field holding the header's id (the
 * server fills it on new lines, so lines can be added while the header is created). Every row passes the
 * validators and permission codes of its own model's routes; a line that is not the header's is refused;
 * any failure — a bad line, a stale version (409), a duplicate — rolls everything back.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import type { Session } from '../../types.ts'
import { hideFields } from './field-rules.ts'
import { modelPath } from './model-routes.ts'
import * as schemas from './model-schemas.ts'
import { modelDb, inScope, type Row } from './model-scope.ts'
import { createRow, deleteRow, getRow, updateRow } from './model-write.ts'
import {
  changesOf,
  checkDeleteKeys,
  checkWritePermissions,
  validateRows,
  type RowStatus,
} from './row-checks.ts'

/** Most line tables and most rows per table one save carries (the list endpoint's largest page). */
const MAX_TABLES = 20
const MAX_ROWS = 1000

const LineRow = Type.Object(
  { _status: Type.Union([Type.Literal('create'), Type.Literal('update'), Type.Literal('delete')]) },
  { additionalProperties: true },
)
const LineTable = Type.Object(
  {
    key: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]*$', maxLength: 64 }),
    resource: Type.String({ minLength: 1, maxLength: 200 }),
    parentField: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', maxLength: 64 }),
    rows: Type.Array(LineRow, { maxItems: MAX_ROWS }),
  },
  { additionalProperties: false },
)
export const WithLinesBody = Type.Object(
  {
    header: Type.Object({}, { additionalProperties: true }),
    lines: Type.Array(LineTable, { maxItems: MAX_TABLES }),
  },
  { additionalProperties: false },
)
type LineTable = typeof LineTable.static
interface ResolvedTable extends LineTable {
  model: ModelSchema
}

export function withLinesRoute(header: ModelSchema, models: ModelSchema[]): FastifyPluginAsync {
  // The header's create and update codes; the line models' codes are checked by content like batch-save's.
  const headerCodes = [header.permissions?.create, header.permissions?.update].filter((c): c is string => !!c)
  return async (app) => {
    app.post(
      `${modelPath(header)}/with-lines`,
      {
        config: { permissionCodes: [...new Set(headerCodes)] },
        // the codes of the changes sent, before the body's validation and any state or data check
        preValidation: (request) => checkWritePermissions(request, changesSent(header, models, request.body)),
        schema: {
          params: schemas.pathParamsSchema(header, false),
          body: WithLinesBody,
          response: {
            200: {
              type: 'object',
              description:
                'The saved header (read again when lines changed) and the saved lines of each table, by key',
              properties: {
                header: schemas.rowResponseSchema(header),
                lines: { type: 'object', additionalProperties: { type: 'array', items: {} } },
              },
              additionalProperties: true,
            },
          },
        },
      },
      async (request) => {
        const session = sessionOf(request)
        const body = request.body as typeof WithLinesBody.static
        const headerRow = body.header as Row
        const headerStatus: RowStatus = headerRow[header.primaryKey] == null ? 'create' : 'update'
        const tables = body.lines.map((table, index) => resolveTable(header, models, table, index))
        await checkWritePermissions(request, [
          { model: header, status: headerStatus },
          ...tables.flatMap((t) => t.rows.map((row) => ({ model: t.model, status: row._status }))),
        ])
        validateRows(header, [{ ...headerRow, _status: headerStatus }], {
          key: (_, field) => `header/${field}`,
          label: () => header.entity,
        })
        for (const table of tables) {
          checkDeleteKeys(table.model, table.rows)
          // New lines get the header's id from the server: validate them as they will be written.
          const parentId = headerRow[header.primaryKey] ?? 0
          validateRows(
            table.model,
            table.rows.map((row) =>
              row._status === 'create' ? { ...row, [table.parentField]: parentId } : row,
            ),
            lineOf(table),
          )
        }
        const answer = await app.db.transaction().execute(async (trx) => {
          const saved =
            headerStatus === 'create'
              ? await createRow(trx, header, session, headerRow)
              : await updateRow(trx, header, session, headerRow)
          const lines: Record<string, Row[]> = {}
          for (const table of tables)
            lines[table.key] = await saveLines(trx, session, table, saved[header.primaryKey])
          // Read again when lines were written: their totals (header.totals of a line model) changed the header.
          const id = Number(saved[header.primaryKey])
          return { header: tables.length ? await getRow(trx, header, session, id) : saved, lines }
        })
        // The rows answered leave out the fields a field permission rule hides from the session.
        const lines: Record<string, Row[]> = {}
        for (const table of tables)
          lines[table.key] = await hideFields(app.db, table.model, session, answer.lines[table.key] ?? [])
        return { header: await hideFields(app.db, header, session, answer.header), lines }
      },
    )
  }
}

/** The header's and the lines' kinds of change in a body not yet validated (what it cannot read is left out). */
function changesSent(header: ModelSchema, models: ModelSchema[], body: unknown) {
  const sent = (body ?? {}) as { header?: unknown; lines?: unknown }
  const headerRow = (typeof sent.header === 'object' && sent.header) || {}
  const status: RowStatus = (headerRow as Row)[header.primaryKey] == null ? 'create' : 'update'
  const tables = Array.isArray(sent.lines) ? (sent.lines as Array<Partial<LineTable> | null>) : []
  return [
    { model: header, status },
    ...tables.flatMap((table) => {
      const model = models.find(
        (m) => m.service === header.service && m !== header && m.resource === table?.resource,
      )
      return model ? changesOf(model, table?.rows) : []
    }),
  ]
}

const lineOf = (table: LineTable) => ({
  key: (index: number, field: string) => `lines/${table.key}/${index}/${field}`,
  label: (index: number) => `${table.key} line ${index + 1}`,
})

function resolveTable(header: ModelSchema, models: ModelSchema[], table: LineTable, index: number) {
  const sameService = models.filter((m) => m.service === header.service && m !== header)
  const model = sameService.find((m) => m.resource === table.resource)
  if (!model) {
    throw badRequest(
      `Line table ${table.key}: ${header.service} has no model with resource '${table.resource}': use one of ${sameService.map((m) => m.resource).join(', ') || '(none)'}.`,
      { [`lines/${index}/resource`]: `unknown resource '${table.resource}'` },
    )
  }
  const parent = model.fields.find((f) => f.name === table.parentField)
  if (!parent || parent.readOnly || parent.type !== 'integer') {
    throw badRequest(
      `Line table ${table.key}: parentField '${table.parentField}' must be a writable integer field of ${model.entity} holding the ${header.entity} id: fix the page's lines.`,
      { [`lines/${index}/parentField`]: `not a writable integer field of ${model.entity}` },
    )
  }
  return { ...table, model } satisfies ResolvedTable
}

/** Deletes, then updates, then creates (a removed line's unique values can be reused by a new one). */
async function saveLines(db: Db, session: Session, table: ResolvedTable, parentId: unknown): Promise<Row[]> {
  const { model, parentField } = table
  await checkOwnLines(db, session, table, parentId)
  const indexed = table.rows.map((row, index) => ({ row, index }))
  const saved: Row[] = []
  for (const status of ['delete', 'update', 'create'] as const) {
    for (const { row, index } of indexed.filter((entry) => entry.row._status === status)) {
      const values = status === 'delete' ? row : { ...row, [parentField]: parentId }
      const write = async () => {
        if (status === 'delete') await deleteRow(db, model, session, values)
        else saved.push(await (status === 'create' ? createRow : updateRow)(db, model, session, values))
      }
      await placed(table, index, write)
    }
  }
  return saved
}

/** 400 when an update or delete names a line that belongs to another header. */
async function checkOwnLines(
  db: Db,
  session: Session,
  table: ResolvedTable,
  parentId: unknown,
): Promise<void> {
  const { model, parentField } = table
  const ids = (table.rows as Row[])
    .filter((row) => row._status !== 'create')
    .map((row) => row[model.primaryKey])
  if (!ids.length) return
  const query = inScope(
    modelDb(db)
      .selectFrom(model.table)
      .select([model.primaryKey, parentField])
      .where(model.primaryKey, 'in', ids as number[]),
    model,
    session,
  )
  const foreign = (await query.execute()).filter((row) => String(row[parentField]) !== String(parentId))
  if (foreign.length) {
    const names = foreign.map((row) => String(row[model.primaryKey])).join(', ')
    throw badRequest(
      `Line table ${table.key}: ${model.entity} ${names} belongs to another header, not to ${String(parentId)}: reload the page.`,
      { [`lines/${table.key}`]: `lines ${names} are not lines of this header` },
    )
  }
}

/** Runs one line's write; its error names the line table and line, fields keyed under the line. */
async function placed(table: LineTable, index: number, write: () => Promise<void>): Promise<void> {
  try {
    await write()
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    const place = lineOf(table)
    const fields = error.fields
      ? Object.fromEntries(Object.entries(error.fields).map(([f, text]) => [place.key(index, f), text]))
      : undefined
    throw new AppError(error.status, error.code, `${place.label(index)}: ${error.message}`, fields)
  }
}
