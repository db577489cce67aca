/**
 * The checks every row write shares, whichever route carries it (batch-save, a header saved with its lines):
 * the body validators of the model's create and update routes, the permission code of each kind of change,
 * and the keys a delete needs. One place, so no route is laxer than the model's own routes.
 */
import { Ajv, type ValidateFunction } from 'ajv'
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import { AppError, badRequest, noPermission } from '../../errors.ts'
import { grantedCodes, sessionOf } from '../../plugins/permissions.ts'
import { describeValidation } from '../../plugins/validation-messages.ts'
import * as schemas from './model-schemas.ts'
import type { Row } from './model-scope.ts'

const rowValidator = new Ajv({ allErrors: true, coerceTypes: true, strict: false })
const compiled = new WeakMap<ModelSchema, Record<RowStatus, ValidateFunction>>()

function validatorsOf(model: ModelSchema) {
  let validators = compiled.get(model)
  if (!validators) {
    validators = {
      create: rowValidator.compile(schemas.createBodySchema(model)),
      update: rowValidator.compile(schemas.updateBodySchema(model)),
      // Id and version of the right types: a text id would otherwise reach the query as a bigint.
      delete: rowValidator.compile(schemas.deleteBodySchema(model)),
    }
    compiled.set(model, validators)
  }
  return validators
}

export type RowStatus = 'create' | 'update' | 'delete'

/** Where a row's problem is reported: the key of `fields` and the words that name the row in the message. */
export interface RowPlace {
  key: (index: number, field: string) => string
  label: (index: number) => string
}
const batchPlace: RowPlace = {
  key: (index, field) => `${index}/${field}`,
  label: (index) => `row ${index + 1}`,
}

/** 400 when a row fails the body schema of its kind of change (create, update, delete), placed by `place`. */
export function validateRows(model: ModelSchema, rows: Row[], place: RowPlace = batchPlace): void {
  const fields: Record<string, string> = {}
  rows.forEach((row, index) => {
    const validate = validatorsOf(model)[row._status as RowStatus] as ValidateFunction | undefined
    if (!validate || validate(row)) return
    const described = describeValidation((validate.errors ?? []) as FastifySchemaValidationError[], 'body')
    for (const [field, message] of Object.entries(described.fields))
      fields[place.key(index, field)] = `${place.label(index)}: ${message}`
  })
  if (Object.keys(fields).length)
    throw badRequest(`Invalid request body: ${Object.values(fields).join('; ')}.`, fields)
}

/** The codes of a model's create, update and delete (declared on routes that check them by content). */
export const writeCodes = (model: ModelSchema) =>
  [model.permissions?.create, model.permissions?.update, model.permissions?.delete].filter(
    (code): code is string => !!code,
  )

/** 403 unless the caller holds the code of every kind of change in `changes`. */
export async function checkWritePermissions(
  request: FastifyRequest,
  changes: Array<{ model: ModelSchema; status: RowStatus }>,
): Promise<void> {
  const needed = [
    ...new Set(
      changes.map(({ model, status }) => model.permissions?.[status]).filter((c): c is string => !!c),
    ),
  ]
  const granted = await grantedCodes(request.server.db, sessionOf(request).roleId, needed)
  const missing = needed.find((code) => !granted.has(code))
  if (missing) throw noPermission(missing)
}

const STATUSES: readonly RowStatus[] = ['create', 'update', 'delete']

/**
 * The kinds of change a body not yet validated asks for (rows with a known `_status`; anything else is left to
 * the body's validation). Lets a route checking codes by content refuse with 403 before validation, state or
 * data checks (server/plugins/permissions.ts), as `requirePermission` routes do.
 */
export function changesOf(
  model: ModelSchema,
  rows: unknown,
): Array<{ model: ModelSchema; status: RowStatus }> {
  if (!Array.isArray(rows)) return []
  return rows.flatMap((row: unknown) => {
    const status = (row as Row | null)?._status
    return STATUSES.includes(status as RowStatus) ? [{ model, status: status as RowStatus }] : []
  })
}

/** 400 when a delete row lacks its id or version (a delete never guesses which version it removes). */
export function checkDeleteKeys(model: ModelSchema, rows: Row[]): void {
  if (
    rows.some(
      (row) => row._status === 'delete' && (row[model.primaryKey] == null || row.objectVersionNumber == null),
    )
  ) {
    throw new AppError(
      400,
      'error.validation',
      `Rows with _status delete need ${model.primaryKey} and objectVersionNumber: send both from the rows you read.`,
    )
  }
}
