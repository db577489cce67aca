import type { OpenAPIV3 } from 'openapi-types'

/**
 * The parts of the OpenAPI document no route schema carries: the error envelope every failure answers
 * (server/errors.ts, error-handler.ts), the page shape and the paging parameters (wire-contract "Cross-cutting
 * rules"), and the bearer token. Route schemas themselves come from the TypeBox schemas the routes validate with.
 */
export const OPENAPI_INFO: OpenAPIV3.InfoObject = {
  title: 'WMS low-code back office API',
  version: '1',
  description: [
    'Generated at start from the request schemas the server validates with: what is listed here is what is checked.',
    '',
    '**Authentication**: `Authorization: bearer <access_token>` (or the `access_token` cookie), except the routes',
    "marked public. A `{tenantId}` path segment must be the session's current tenant.",
    '',
    '**Errors**: every failure, on any status, answers the error envelope',
    '`{failed: true, code, message, type, requestId, detailsMessage?, fields?}`; `message` says what is wrong and',
    'how to fix it, `fields` names the fields of a bad request. Clients treat `failed: true` as an error.',
    '',
    '**Paging**: list routes take `page` (0-based), `size` (rows per page) and `sort=<field>,asc|desc`',
    '(repeatable, first wins) and answer a page `{content, totalElements, totalPages, number, size,',
    'numberOfElements}` where `number` is the 0-based page index.',
  ].join('\n'),
}

const ErrorEnvelope: OpenAPIV3.SchemaObject = {
  type: 'object',
  description: 'The one error shape of the server, on every failing status.',
  required: ['failed', 'code', 'message', 'type'],
  properties: {
    failed: { type: 'boolean', enum: [true] },
    code: {
      type: 'string',
      description: 'Machine-readable code, e.g. error.validation',
      example: 'error.validation',
    },
    message: { type: 'string', description: 'What is wrong and how to fix it' },
    type: { type: 'string', enum: ['error', 'warn', 'info'] },
    requestId: { type: 'string', description: 'The H-Request-Id of the call (find it in the server log)' },
    detailsMessage: {
      type: 'string',
      description: 'The message again on non-200 answers (HZERO clients read it)',
    },
    fields: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Field name → what is wrong with it (bad requests only)',
    },
  },
}

const Page: OpenAPIV3.SchemaObject = {
  type: 'object',
  description: 'A page of rows; `number` is 0-based.',
  required: ['content', 'totalElements', 'totalPages', 'number', 'size', 'numberOfElements'],
  properties: {
    content: { type: 'array', items: { type: 'object' } },
    totalElements: { type: 'integer', minimum: 0 },
    totalPages: { type: 'integer', minimum: 0 },
    number: { type: 'integer', minimum: 0, description: 'This page, 0-based' },
    size: { type: 'integer', minimum: 1 },
    numberOfElements: { type: 'integer', minimum: 0, description: 'Rows on this page' },
  },
}

const errorResponse = (description: string): OpenAPIV3.ResponseObject => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
})

export const OPENAPI_COMPONENTS: OpenAPIV3.ComponentsObject = {
  securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
  schemas: { ErrorEnvelope, Page },
  responses: {
    BadRequest: errorResponse('The request is invalid: `fields` names each wrong field'),
    Unauthorized: errorResponse('No live access token: sign in again'),
    Forbidden: errorResponse('A missing permission code or another tenant'),
    NotFound: errorResponse('No such endpoint or record'),
    TooManyRequests: errorResponse('Public routes only: too many calls a minute from this address'),
    ServerError: errorResponse('Unexpected failure (503: the database is unavailable)'),
  },
}

/** What the paging parameters mean, wherever a route's query schema declares them. */
const PAGING_DESCRIPTIONS: Record<string, string> = {
  page: 'Page index, 0-based (0 = first page)',
  size: 'Rows per page',
  sort: '`<field>,asc|desc`; repeat for more keys, the first wins',
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

/** Adds the paging descriptions and the error responses to every operation of the generated document. */
export function completeDocument(document: OpenAPIV3.Document): OpenAPIV3.Document {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item?.[method]
      if (!operation) continue
      // One params schema may serve a tenant path and its site twin (hpfm prompts): a path parameter the
      // template lacks would make the document invalid, so it is left out where the path has no such segment.
      operation.parameters = operation.parameters?.filter(
        (parameter) => '$ref' in parameter || parameter.in !== 'path' || path.includes(`{${parameter.name}}`),
      )
      for (const parameter of operation.parameters ?? []) {
        if ('$ref' in parameter || parameter.in !== 'query') continue
        parameter.description ??= PAGING_DESCRIPTIONS[parameter.name]
      }
      const isPublic = operation.security?.length === 0
      operation.responses = {
        ...operation.responses,
        '400': { $ref: '#/components/responses/BadRequest' },
        ...(isPublic
          ? { '429': { $ref: '#/components/responses/TooManyRequests' } }
          : {
              '401': { $ref: '#/components/responses/Unauthorized' },
              '403': { $ref: '#/components/responses/Forbidden' },
            }),
        '404': { $ref: '#/components/responses/NotFound' },
        '500': { $ref: '#/components/responses/ServerError' },
      }
    }
  }
  return document
}
