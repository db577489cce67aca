import type { ModelField, ModelSchema } from '../../../renderer/schema/model.ts'

/** JSON Schema fragments (plain objects, as TypeBox emits) generated from a model. */
type JsonSchema = Record<string, unknown>

const DATE = '^\\d{4}-\\d{2}-\\d{2}$'
const DATETIME = '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?$'

/** The largest integer of a bigint column that JSON numbers carry exactly. */
const ID_MAX = Number.MAX_SAFE_INTEGER
/** objectVersionNumber is an integer (int4) column. */
const VERSION_MAX = 2 ** 31 - 1
const id = { type: 'integer', minimum: -ID_MAX, maximum: ID_MAX }
const version = { type: 'integer', minimum: 0, maximum: VERSION_MAX }

/**
 * What the column can hold: numeric(p, s) stays below 10^(p-s), bigint within the safe integers. Without
 * these a larger number passed the schema and PostgreSQL failed the query (a 500 the fuzzer found).
 */
function columnBounds(field: ModelField): JsonSchema {
  if (field.type === 'integer') return { minimum: -ID_MAX, maximum: ID_MAX }
  if (field.type !== 'decimal') return {}
  const limit = 10 ** ((field.precision ?? 18) - (field.scale ?? 0))
  return { exclusiveMinimum: -limit, exclusiveMaximum: limit }
}

/** The value a field accepts in a body; `required` makes it non-null and non-empty. */
export function fieldSchema(field: ModelField, required: boolean): JsonSchema {
  const nullable = (type: string) => (required ? type : [type, 'null'])
  const text = (extra: JsonSchema) => ({
    type: nullable('string'),
    ...(required ? { minLength: 1 } : {}),
    ...extra,
  })
  const bounds = {
    ...columnBounds(field),
    ...(field.min !== undefined ? { minimum: field.min } : {}),
    ...(field.max !== undefined ? { maximum: field.max } : {}),
  }
  const description = field.label ?? field.name
  switch (field.type) {
    case 'string':
      return text({
        description,
        maxLength: field.maxLength ?? 255,
        ...(field.pattern ? { pattern: field.pattern } : {}),
      })
    case 'text':
      return text({ description })
    case 'integer':
      return { description, type: nullable('integer'), ...bounds }
    case 'decimal':
      return { description, type: nullable('number'), ...bounds }
    case 'flag':
      return { description, type: nullable('integer'), minimum: 0, maximum: 1 }
    case 'boolean':
      return { description, type: nullable('boolean') }
    case 'date':
      return text({ description, pattern: DATE })
    case 'datetime':
      return text({ description, pattern: DATETIME })
    case 'json':
      return { description }
  }
}

/** Keys a row may carry besides its fields: the id, the lock, audit fields and HZERO row markers (ignored). */
function systemProperties(model: ModelSchema): Record<string, JsonSchema> {
  const loose = {}
  return {
    [model.primaryKey]: { ...id, type: ['integer', 'null'] },
    objectVersionNumber: { ...version, type: ['integer', 'null'] },
    tenantId: loose,
    creationDate: loose,
    createdBy: loose,
    lastUpdateDate: loose,
    lastUpdatedBy: loose,
    _status: { enum: ['create', 'update', 'delete'] },
    _tls: { type: 'object' },
    _token: loose,
  }
}

/** Fields the client may set: not readOnly. */
export const writableFields = (model: ModelSchema) => model.fields.filter((field) => !field.readOnly)

/** Required on create: required fields, except those a code rule numbers when absent. */
const requiredOnCreate = (model: ModelSchema) =>
  writableFields(model)
    .filter((field) => field.required && !field.codeRule)
    .map((field) => field.name)

function rowSchema(model: ModelSchema, mode: 'create' | 'update' | 'batch'): JsonSchema {
  const properties: Record<string, JsonSchema> = systemProperties(model)
  for (const field of writableFields(model))
    properties[field.name] = fieldSchema(field, field.required === true && !field.codeRule)
  // Read-only fields come back with the record the client saw (edit sends it whole): accepted, never written.
  for (const field of model.fields.filter((f) => f.readOnly)) properties[field.name] = {}
  const required =
    mode === 'create'
      ? requiredOnCreate(model)
      : mode === 'update'
        ? [model.primaryKey, 'objectVersionNumber']
        : ['_status']
  return { type: 'object', properties, required, additionalProperties: false }
}

export const createBodySchema = (model: ModelSchema) => rowSchema(model, 'create')
export const updateBodySchema = (model: ModelSchema) => rowSchema(model, 'update')
export const batchBodySchema = (model: ModelSchema) => ({
  type: 'array',
  items: rowSchema(model, 'batch'),
  maxItems: 1000,
})

/** A row to delete: its id and the version the client saw (other keys are allowed and ignored). */
export function deleteBodySchema(model: ModelSchema): JsonSchema {
  const ref = {
    type: 'object',
    properties: { [model.primaryKey]: id, objectVersionNumber: version },
    required: [model.primaryKey, 'objectVersionNumber'],
  }
  return { anyOf: [ref, { type: 'array', items: ref, minItems: 1, maxItems: 1000 }] }
}

/** List query: paging, sort and one parameter per searchable field (range: <name>From / <name>To). */
export function listQuerySchema(model: ModelSchema): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    page: { type: 'integer', minimum: 0, maximum: 10_000_000 },
    size: { type: 'integer', minimum: 1, maximum: 1000 },
    sort: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
  }
  for (const field of model.fields) {
    if (!field.searchable) continue
    const value = fieldSchema(field, false)
    delete value.minLength
    if (field.searchable === 'like' || field.searchable === 'in')
      properties[field.name] = { type: 'string', maxLength: 1000 }
    else if (field.searchable === 'range') {
      properties[`${field.name}From`] = value
      properties[`${field.name}To`] = value
    } else properties[field.name] = value
  }
  // Other parameters (export options, HZERO extras) are allowed and ignored.
  return { type: 'object', properties, additionalProperties: true }
}

/** The list's filters plus what to compute (see model-aggregate.ts). */
export function aggregateQuerySchema(model: ModelSchema, measures: readonly string[]): JsonSchema {
  const list = listQuerySchema(model)
  return {
    ...list,
    properties: {
      ...(list.properties as Record<string, JsonSchema>),
      measure: { type: 'string', enum: [...measures] },
      field: { type: 'string', maxLength: 60 },
      groupBy: { type: 'string', maxLength: 60 },
      order: { type: 'string', enum: ['value', 'key'] },
    },
  }
}

export function pathParamsSchema(model: ModelSchema, withId: boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  if (model.tenantScoped !== false) properties.tenantId = { type: 'integer', minimum: 0, maximum: ID_MAX }
  if (withId) properties.id = { ...id, minimum: 1 }
  return { type: 'object', properties, required: Object.keys(properties) }
}

/**
 * Body of a lifecycle action: the row as the client saw it (its objectVersionNumber is checked when present)
 * and any parameters of the action, which its effects validate.
 */
export const transitionBodySchema = {
  type: 'object',
  properties: { objectVersionNumber: { type: 'integer', minimum: 1 } },
  additionalProperties: true,
} as const

/**
 * A row as the model's routes answer it: its id, lock and each field with its label and type in the OpenAPI
 * document. The values are written as the engine read them (no type coercion), and keys the model does not
 * list (audit fields, `_tls`, joined meanings) are kept (server/responses.ts says why). A field a permission
 * rule hides is absent.
 */
export function rowResponseSchema(model: ModelSchema): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    [model.primaryKey]: { description: 'Row id (integer)' },
    objectVersionNumber: { description: 'Version, sent back on update (integer)' },
  }
  for (const field of model.fields)
    properties[field.name] = { description: `${field.label ?? field.name} (${field.type})` }
  return { type: 'object', description: model.entity, properties, additionalProperties: true }
}

/**
 * What each model route answers (server/responses.ts for the envelopes): the list a Page of rows (or, as an
 * export, the column tree or `{uuid}`: the Page's fields are therefore not required here), one row, the saved
 * rows, the aggregate's groups.
 */
export function modelResponses(model: ModelSchema) {
  const row = rowResponseSchema(model)
  const integer = { type: 'integer', minimum: 0 }
  return {
    list: {
      200: {
        type: 'object',
        description: `A page of ${model.entity} rows; with exportType the column tree, or {uuid} of an async export`,
        properties: {
          content: { type: 'array', items: row },
          totalElements: integer,
          totalPages: integer,
          number: integer,
          size: integer,
          numberOfElements: integer,
        },
        additionalProperties: true,
      },
    },
    row: { 200: row },
    created: { 201: row },
    rows: { 200: { type: 'array', items: row } },
    deleted: { 204: { type: 'null', description: 'No content' } },
    aggregate: {
      200: {
        type: 'array',
        description: 'One value per group (key null without groupBy)',
        items: {
          type: 'object',
          properties: {
            key: { description: 'The group (string, number, boolean or null)' },
            value: { description: 'The measure (number)' },
          },
          additionalProperties: true,
        },
      },
    },
  }
}
