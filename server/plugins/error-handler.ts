import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorEnvelope } from '../../renderer/contract/wire.ts'
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.ts'
import { AppError } from '../errors.ts'
import { modelDb } from '../modules/models/model-scope.ts'
import { shared } from './shared.ts'
import {
  BASIC_SECURITY_HEADERS,
  describeFrameworkError,
  frameworkText,
  isMultipartError,
  languageOf,
  unreadableMultipart,
} from './framework-errors.ts'
import { describeValidation } from './validation-messages.ts'

/** A PostgreSQL data exception (SQLSTATE class 22: out of range, invalid text representation, bad date…). */
const isDataException = (error: unknown) =>
  /^22[0-9A-Z]{3}$/.test(String((error as { code?: unknown }).code ?? ''))

/**
 * Fastify's `frameworkErrors` option: a URL it cannot decode or a path segment over maxParamLength, found
 * before any route; answered with the envelope (and the hooks of the root, so the security headers too).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const described = describeFrameworkError(error, request) ?? {
    code: `error.${(error.code ?? 'bad_request').toLowerCase()}`,
    message: error.message,
  }
  reply.headers(BASIC_SECURITY_HEADERS)
  return sendEnvelope(reply, request, error.statusCode ?? 400, described)
}

/**
 * The tenant's own wording of a return message (/hpfm/message, table hpfm_message): the text of the code in the
 * caller's tenant and language, else null. `{message}` in it stands for the platform's text. Read per error
 * answer (errors are rare; a changed text applies at once); signed-in callers only, never while the database is
 * away, and a failing read keeps the platform's text.
 */
async function tenantMessage(request: FastifyRequest, code: string, message: string): Promise<string | null> {
  const session = request.session
  const db = (request.server as { db?: FastifyRequest['server']['db'] }).db
  if (!session || !db) return null
  try {
    const row = await modelDb(db)
      .selectFrom('hpfm_message')
      .select('messageText')
      .where('tenantId', '=', session.tenantId)
      .where('messageCode', '=', code)
      .where('lang', '=', session.language)
      .executeTakeFirst()
    const text = row?.messageText
    return typeof text === 'string' && text ? text.replaceAll('{message}', message) : null
  } catch (error) {
    request.log.warn({ err: error }, 'tenant return message not read')
    return null
  }
}

/** The envelope with the tenant's text for its code when one is set; the platform's text stays as details. */
async function sendTenantEnvelope(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: Omit<ErrorEnvelope, 'failed' | 'type' | 'requestId'>,
) {
  const text = await tenantMessage(request, body.code, body.message)
  if (text === null) return sendEnvelope(reply, request, status, body)
  return sendEnvelope(reply, request, status, { ...body, message: text, detailsMessage: body.message })
}

/** Answers the error envelope; the request id (the caller's H-Request-Id when sent) lets logs be found. */
export function sendEnvelope(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: Omit<ErrorEnvelope, 'failed' | 'type' | 'requestId'>,
) {
  const envelope: ErrorEnvelope = { failed: true, type: 'error', requestId: String(request.id), ...body }
  if (status !== 200) envelope.detailsMessage ??= envelope.message
  return reply.status(status).type('application/json; charset=utf-8').send(envelope)
}

/**
 * Every failure → the envelope: AppError as thrown, validation → 400 naming fields, Fastify 4xx kept, the
 * database away → 503, else 500. For the first three, a text of the code in /hpfm/message (the caller's tenant
 * and language) replaces the message, the platform's text moving to detailsMessage.
 */
export const errorHandler: FastifyPluginAsync = shared({ name: 'error-handler' }, async (app) => {
  app.setErrorHandler(async (error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body = {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      }
      return sendTenantEnvelope(reply, request, error.status, body)
    }
    if (isMultipartError(error)) {
      const refused = unreadableMultipart(request)
      return sendTenantEnvelope(reply, request, 400, { code: refused.code, message: refused.message })
    }
    if (error.validation) {
      const { message, fields } = describeValidation(error.validation, error.validationContext)
      return sendTenantEnvelope(reply, request, 400, { code: 'error.validation', message, fields })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const described = describeFrameworkError(error, request)
      const code = `error.${(error.code ?? 'bad_request').toLowerCase()}`
      return sendTenantEnvelope(reply, request, status, described ?? { code, message: error.message })
    }
    if (isDataException(error)) {
      // PostgreSQL refused a value (out of its column's range, not a number, not a date): the caller's input.
      request.log.warn({ err: error }, 'value refused by the database')
      return sendEnvelope(reply, request, 400, {
        code: 'error.validation',
        message: `A value does not fit its column (${String(error.message).slice(0, 200)}): send a value within the field's range and type.`,
      })
    }
    if (isDatabaseUnavailable(error)) {
      // Logged once per request at warn: the outage is the operator's news, not a bug in the request.
      request.log.warn({ err: error }, 'database unavailable')
      return sendEnvelope(reply, request, 503, {
        code: 'error.database_unavailable',
        message: DATABASE_UNAVAILABLE_MESSAGE,
      })
    }
    request.log.error({ err: error }, 'unexpected error')
    return sendEnvelope(reply, request, 500, {
      code: 'error.internal',
      message: `Unexpected server error. Tell the administrator the request id ${String(request.id)}.`,
    })
  })
  app.setNotFoundHandler((request, reply) =>
    sendEnvelope(reply, request, 404, {
      code: 'error.not_found',
      message: frameworkText('not_found', languageOf(request), {
        method: request.method,
        path: (request.url.split('?')[0] ?? '').slice(0, 300),
      }),
    }),
  )
})
