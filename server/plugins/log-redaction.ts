import type { FastifyRequest } from 'fastify'

/** Hides token values in a URL (the notice socket, logout and kickoff carry `access_token` in the query). */
export const redactTokens = (url: string) =>
  url.replace(/([?&](?:access_token|refresh_token)=)[^&#]*/gi, '$1[redacted]')

/** Fastify's request log line (pino's default fields) without the tokens of the query. */
export function redactedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
