/**
 * Turns whatever a call produced — an error envelope on any status, an HTTP error, a timeout, a server that
 * cannot be reached — into one `ApiError` whose message a user can act on.
 */
import { isAxiosError } from 'axios'
import { isErrorEnvelope } from '../../renderer/contract/wire'
import { ApiError } from '../../renderer/env'

type Translate = (key: string, vars?: Record<string, string | number>) => string

export const NETWORK_ERROR_CODE = 'error.network'
export const TIMEOUT_ERROR_CODE = 'error.timeout'

// Gateways answer these when the service behind them is down: for the user that is "cannot reach".
const UNREACHABLE_STATUSES = new Set([502, 503, 504])

/** The envelope carried by a body, also when the body arrived as a Blob (file downloads). */
export async function readEnvelope(body: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && body instanceof Blob && body.type.includes('json')) {
    try {
      return JSON.parse(await body.text()) as unknown
    } catch {
      return body
    }
  }
  return body
}

/** The ApiError for a body that says `failed: true` (whatever the HTTP status). */
export function envelopeError(body: unknown, status: number): ApiError | undefined {
  if (!isErrorEnvelope(body)) return undefined
  const message = body.message || body.detailsMessage || body.code
  return new ApiError(message, status, body.code, body.type ?? 'error', body.fields)
}

/** Normalises any failure of an axios call into an ApiError. */
export async function toApiError(error: unknown, t: Translate): Promise<ApiError> {
  if (error instanceof ApiError) return error
  if (!isAxiosError(error)) {
    const message = error instanceof Error ? error.message : String(error)
    return new ApiError(message, 0, 'error.client')
  }
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    return new ApiError(t('http.timeout'), 0, TIMEOUT_ERROR_CODE)
  }
  const response = error.response
  if (!response) return new ApiError(t('http.unreachable'), 0, NETWORK_ERROR_CODE)
  const body = await readEnvelope(response.data)
  // The platform's own envelope wins, also on a 503: the server answered and says why (e.g. its database is
  // lost), which tells the user more than "cannot be reached".
  const fromEnvelope = envelopeError(body, response.status)
  if (fromEnvelope) return fromEnvelope
  if (UNREACHABLE_STATUSES.has(response.status)) {
    return new ApiError(t('http.unreachable'), response.status, NETWORK_ERROR_CODE)
  }
  const details = (body as { detailsMessage?: unknown } | null)?.detailsMessage
  const message =
    typeof details === 'string' && details
      ? details
      : t('http.status', { status: response.status, url: error.config?.url ?? '' })
  return new ApiError(message, response.status, `error.http.${response.status}`)
}
