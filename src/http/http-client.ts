/**
 * The app's HTTP client (CORE-API-01..05, CORE-ERR-01/02, PLAT-ERR-01..06): axios under `/api` + service
 * prefix, bearer token, H-Request-Id on every call, H-Menu-Id while a menu page is active, empty GET
 * params stripped, `failed: true` treated as an error on any status, and one place that tells the user.
 */
import axios, { type AxiosAdapter, type AxiosInstance } from 'axios'
import { API_BASE, SERVICE_PREFIX } from '../../renderer/contract/wire'
import type { ApiError, HttpRequest, Notifier } from '../../renderer/env'
import { toDownloadResult } from './download'
import type { BrowserLocation } from '../session/login'
import { createAuthFailureHandler } from './auth-failure'
import { newRequestId, stripEmptyParams } from './request-id'
import { envelopeError, readEnvelope, toApiError } from './to-api-error'

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Sent as H-Menu-Id instead of the globally active menu id. */
    menuId?: number
  }
}

/** Platform constant: a call may take up to 30 minutes (exports, imports). */
export const REQUEST_TIMEOUT_MS = 1_800_000

type Translate = (key: string, vars?: Record<string, string | number>) => string

export interface HttpClientOptions {
  getAccessToken(): string | undefined
  getMenuId(): number | undefined
  /** Read at the time of a failure, so the notifier can be swapped once the React tree is mounted. */
  getNotifier(): Notifier
  t: Translate
  browser: BrowserLocation
  /** In-app navigation (e.g. to /exception/501); falls back to a full page load. */
  navigate?(to: string): void
  /** For tests: answers requests instead of the network. */
  adapter?: AxiosAdapter
}

/** Per-call context: a page's own menu id wins over the globally active one. */
export interface CallContext {
  menuId?: number
}

export interface HttpClient {
  request<T = unknown>(req: HttpRequest, context?: CallContext): Promise<T>
  axios: AxiosInstance
}

/** `/api/<service prefix><path>` */
export function serviceUrl(service: HttpRequest['service'], path: string): string {
  return `${API_BASE}${SERVICE_PREFIX[service]}${path.startsWith('/') ? path : `/${path}`}`
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { t } = options
  const base = { timeout: REQUEST_TIMEOUT_MS, withCredentials: true, adapter: options.adapter }
  const instance = axios.create(base)
  const onAuthFailure = createAuthFailureHandler(axios.create(base), options.getAccessToken, options.browser)

  instance.interceptors.request.use((config) => {
    const token = options.getAccessToken()
    if (token) config.headers.set('Authorization', `bearer ${token}`)
    config.headers.set('H-Request-Id', newRequestId())
    const menuId = config.menuId ?? options.getMenuId()
    if (menuId !== undefined) config.headers.set('H-Menu-Id', String(menuId))
    if (config.data !== undefined && !(config.data instanceof FormData)) {
      config.headers.set('Content-Type', 'application/json;charset=UTF-8')
    }
    return config
  })
  instance.interceptors.response.use(async (response) => {
    const failure = envelopeError(await readEnvelope(response.data), response.status)
    if (failure) throw failure
    return response
  })

  async function report(error: ApiError, silent: boolean | undefined): Promise<void> {
    if (error.status === 401) return onAuthFailure()
    if (error.status === 501) {
      if (options.navigate) options.navigate('/exception/501')
      else options.browser.assign('/exception/501')
      return
    }
    if (silent) return
    const notify = options.getNotifier()
    const failedTitle = t('notify.title.error')
    if (error.status === 403) {
      const detail = error.message && error.code.startsWith('error.http.') ? '' : error.message
      notify.error([t('http.forbidden'), detail].filter(Boolean).join('\n'), failedTitle)
    } else if (error.type === 'warn') notify.warning(error.message, failedTitle)
    else if (error.type === 'info') notify.info(error.message, failedTitle)
    else notify.error(error.message, failedTitle)
  }

  return {
    axios: instance,
    async request<T>(req: HttpRequest, context?: CallContext): Promise<T> {
      const isGet = req.method === 'GET'
      try {
        const download = req.responseType === 'download'
        const response = await instance.request<T>({
          method: req.method,
          url: serviceUrl(req.service, req.path),
          params: isGet ? stripEmptyParams(req.params) : req.params,
          data: req.data,
          responseType: req.responseType === 'download' ? 'blob' : (req.responseType ?? 'json'),
          menuId: context?.menuId,
        })
        if (download) return (await toDownloadResult(response.data, response.headers)) as T
        return response.data
      } catch (caught) {
        const error = await toApiError(caught, t)
        await report(error, req.silent)
        throw error
      }
    },
  }
}
