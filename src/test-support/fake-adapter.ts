/**
 * An axios adapter for tests: answers each call from a handler and records what was sent, so tests assert
 * the real client's URLs, query strings and headers without a network. Failure statuses reject the way
 * axios's own adapters do (an AxiosError carrying the response); `networkDown()` rejects as a refused connection.
 */
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'

export interface SentRequest {
  method: string
  /** Path and query string as the server would see them, e.g. `/api/iam/v1/users/roles?roleId=2`. */
  url: string
  headers: Record<string, string>
  body: unknown
}

export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-down'
export type FakeHandler = (request: SentRequest) => FakeAnswer | undefined

export interface FakeServer {
  adapter: AxiosAdapter
  sent: SentRequest[]
}

/** Builds an adapter; a call the handler does not answer gets a 404 envelope naming it. */
export function fakeServer(handler: FakeHandler): FakeServer {
  const sent: SentRequest[] = []
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request = describeSent(config)
    sent.push(request)
    const answer = handler(request) ?? {
      status: 404,
      body: {
        failed: true,
        code: 'error.not_found',
        message: `fake server: no answer for ${request.method} ${request.url}`,
        type: 'error',
      },
    }
    if (answer === 'network-down') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config)
    const response = {
      data: answer.body,
      status: answer.status,
      statusText: String(answer.status),
      headers: answer.headers ?? {},
      config,
    }
    if (answer.status >= 200 && answer.status < 300) return response
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      AxiosError.ERR_BAD_RESPONSE,
      config,
      null,
      response,
    )
  }
  return { adapter, sent }
}

/** What an axios call sends, as the server would see it (also used by the stories' fixture adapter). */
export function describeSent(config: InternalAxiosRequestConfig): SentRequest {
  // The same URL building axios's own adapters use (it drops null/undefined, keeps '').
  const url = axios.getUri({
    url: config.url,
    params: config.params,
    paramsSerializer: config.paramsSerializer,
  })
  const headers = AxiosHeaders.from(config.headers).toJSON() as Record<string, string>
  const body = typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data
  return { method: (config.method ?? 'get').toUpperCase(), url, headers, body }
}

/** The error envelope a platform server answers. */
export function envelope(message: string, code = 'error.test', type: 'error' | 'warn' | 'info' = 'error') {
  return { failed: true, code, message, type }
}
