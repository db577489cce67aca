import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorEnvelope } from '../../renderer/contract/wire.ts'
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.ts'
import { AppError } from '../errors.ts'
import { shared } from './shared.ts'
import { describeValidation } from './validation-messages.ts'

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
 * database away → 503, else 500.
 */
export const errorHandler: FastifyPluginAsync = shared(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body = {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      }
      return sendEnvelope(reply, request, error.status, body)
    }
    if (error.validation) {
      const { message, fields } = describeValidation(error.validation, error.validationContext)
      return sendEnvelope(reply, request, 400, { code: 'error.validation', message, fields })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const code = `error.${(error.code ?? 'bad_request').toLowerCase()}`
      return sendEnvelope(reply, request, status, { code, message: error.message })
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
      message: `No endpoint ${request.method} ${request.url.split('?')[0]}: check the path and method.`,
    }),
  )
})
