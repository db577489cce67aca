/**
 * The axios adapter behind every story: the app's real HTTP client (src/http/http-client.ts) sends each call
 * to it, and it answers from fixture handlers keyed "METHOD service path" the way a platform server answers on
 * the wire — a JSON body with status 200, a file with its Content-Disposition name, or, when a handler throws
 * an ApiError, that error's envelope (`{failed: true, code, message, type, fields}`) with its HTTP status. The
 * client then does what it does in the app: turns envelopes into ApiErrors (toApiError), notifies, reads
 * downloads. A call no handler answers gets a 404 envelope naming the missing fixture.
 */
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { API_BASE, SERVICE_NAMES, SERVICE_PREFIX } from '../../renderer/contract/wire'
import { ApiError, type DownloadResult, type HttpRequest } from '../../renderer/index'
import { describeSent, type SentRequest } from '../../src/test-support/fake-adapter'

/** Answers one request as it arrived at the server (params after the client stripped empty ones). */
export type FixtureHandler<Env> = (request: HttpRequest, env: Env) => unknown

/** Thrown by a handler: the connection is refused (no HTTP answer at all). */
export class NetworkDown extends Error {
  constructor() {
    super('fixture: the server cannot be reached')
  }
}

/** Thrown by a handler: a gateway in front of the server answers `status` (502/503/504) with no error envelope. */
export class GatewayDown extends Error {
  constructor(readonly status = 503) {
    super(`fixture: the gateway answers ${status}`)
  }
}

export interface FixtureAdapterOptions<Env> {
  /** Read at each call, so a story's switchers can swap a handler after the env was built. */
  handlers(): Record<string, FixtureHandler<Env>>
  env(): Env
  /** Every call as it went over the wire (URL with query string, headers, body). */
  sent: SentRequest[]
  /** Keys of calls no handler answers. */
  missing: string[]
}

/** The renderer request a wire call stands for: `/api/wms/v1/1/warehouses` → service wms, path /v1/1/warehouses. */
export function toHttpRequest(config: InternalAxiosRequestConfig): HttpRequest {
  const url = config.url ?? ''
  const rest = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url
  const service = SERVICE_NAMES.find((name) => rest.startsWith(`${SERVICE_PREFIX[name]}/`))
  if (!service) throw new Error(`fixture adapter: ${url} is not under ${API_BASE}/<service>`)
  const data =
    typeof config.data === 'string' && config.data !== '' ? (JSON.parse(config.data) as unknown) : config.data
  return {
    method: (config.method ?? 'get').toUpperCase() as HttpRequest['method'],
    service,
    path: rest.slice(SERVICE_PREFIX[service].length),
    ...(config.params ? { params: config.params as Record<string, unknown> } : {}),
    ...(data !== undefined ? { data } : {}),
    ...(config.responseType === 'blob' ? { responseType: 'download' as const } : {}),
  }
}

const isDownload = (value: unknown): value is DownloadResult =>
  typeof value === 'object' &&
  value !== null &&
  ((value as DownloadResult).kind === 'file' || (value as DownloadResult).kind === 'json') &&
  ('blob' in value || 'body' in value)

/** What the server sends for a handler's result: the file of a DownloadResult with its name, else the body. */
function answer(value: unknown): { body: unknown; headers: Record<string, string> } {
  if (isDownload(value)) {
    if (value.kind === 'json') return { body: value.body, headers: { 'content-type': 'application/json' } }
    return {
      body: value.blob,
      headers: {
        'content-type': value.blob.type || 'application/octet-stream',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(value.fileName)}`,
      },
    }
  }
  if (value instanceof Blob)
    return { body: value, headers: { 'content-type': value.type || 'application/octet-stream' } }
  return { body: value ?? '', headers: { 'content-type': 'application/json' } }
}

/** The error envelope a platform server sends for `error`. */
export function envelopeOf(error: ApiError) {
  return {
    failed: true,
    code: error.code,
    message: error.message,
    type: error.type,
    ...(error.fields ? { fields: error.fields } : {}),
  }
}

export function fixtureAdapter<Env>(options: FixtureAdapterOptions<Env>): AxiosAdapter {
  return async (config) => {
    options.sent.push(describeSent(config))
    const request = toHttpRequest(config)
    const key = `${request.method} ${request.service} ${request.path}`
    const respond = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const response: AxiosResponse = {
        data: body,
        status,
        statusText: String(status),
        headers: { 'content-type': 'application/json', ...headers },
        config,
      }
      if (status >= 200 && status < 300) return response
      throw new AxiosError(
        `Request failed with status code ${status}`,
        status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
        config,
        null,
        response,
      )
    }
    const handler = options.handlers()[key]
    if (!handler) {
      options.missing.push(key)
      return respond(404, {
        failed: true,
        code: 'error.fixture.missing',
        message: `No fixture answers ${key}: add a handler for it to the story's env.`,
        type: 'error',
      })
    }
    let result: unknown
    try {
      result = await handler(request, options.env())
    } catch (error) {
      if (error instanceof NetworkDown) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config)
      if (error instanceof GatewayDown)
        return respond(error.status, '<html><body>Service Unavailable</body></html>', {
          'content-type': 'text/html',
        })
      if (error instanceof ApiError) return respond(error.status || 500, envelopeOf(error))
      throw error
    }
    const { body, headers } = answer(result)
    return respond(200, body, headers)
  }
}
