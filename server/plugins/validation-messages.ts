import type { FastifySchemaValidationError } from 'fastify'

const typeNames: Record<string, string> = {
  number: 'a number',
  integer: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
}

/** The field an ajv error is about: `warehouseCode`, `0/warehouseCode` (batch rows) or `sort`. */
function fieldOf(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>
  const base = error.instancePath.replace(/^\//, '')
  const child = params.missingProperty ?? params.additionalProperty
  return child ? [base, String(child)].filter(Boolean).join('/') : base || '(body)'
}

function messageOf(error: FastifySchemaValidationError, field: string): string {
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return `${field} is required`
    case 'minLength':
      return params.limit === 1
        ? `${field} is required (empty)`
        : `${field} needs at least ${String(params.limit)} characters`
    case 'maxLength':
      return `${field} is too long: at most ${String(params.limit)} characters`
    case 'type': {
      const types = String(params.type)
        .split(',')
        .filter((type) => type !== 'null')
      return `${field} must be ${types.map((type) => typeNames[type] ?? type).join(' or ')}`
    }
    case 'pattern':
      return `${field} has the wrong format: it must match ${String(params.pattern)}`
    case 'format':
      return `${field} must be a ${String(params.format)}${params.format === 'date' ? ' (YYYY-MM-DD)' : ''}`
    case 'minimum':
      return `${field} must be at least ${String(params.limit)}`
    case 'maximum':
      return `${field} must be at most ${String(params.limit)}`
    case 'additionalProperties':
      return `unknown field '${String(params.additionalProperty)}': remove it`
    case 'enum':
      return `${field} must be one of: ${(params.allowedValues as unknown[]).join(', ')}`
    default:
      return `${field} ${error.message ?? 'is not valid'}`
  }
}

/** Ajv errors of a request → one sentence naming every field, and field → message. */
export function describeValidation(errors: FastifySchemaValidationError[], context: string | undefined) {
  const fields: Record<string, string> = {}
  for (const error of errors) {
    if (['anyOf', 'oneOf', 'if'].includes(error.keyword)) continue
    const field = fieldOf(error)
    fields[field] ??= messageOf(error, field)
  }
  const where = context === 'querystring' ? 'query parameter' : context === 'params' ? 'path' : 'request body'
  const list = Object.values(fields)
  const message = `Invalid ${where}: ${list.length ? list.join('; ') : 'does not match the expected shape'}.`
  return { message, fields }
}
