/**
 * The one object that carries every side effect the renderer needs (amis-style environment). The app (src/)
 * builds it from its HTTP client, session, i18n and router; stories and tests build it from fixtures.
 * Rendering stays testable because nothing here is imported globally.
 */
import type { Language, RoleLevel, ServiceName } from './contract/wire'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface HttpRequest {
  method: HttpMethod
  /** Service whose prefix goes before the path (`/api/<prefix>`). */
  service: ServiceName
  /** Path after the service prefix, placeholders already filled: `/v1/7/warehouses`. */
  path: string
  /** Query parameters; null, undefined and '' are stripped by the client before sending. */
  params?: Record<string, unknown>
  data?: unknown
  /** `download`: resolves with a DownloadResult (the file and its Content-Disposition name, or a JSON body). */
  responseType?: 'json' | 'blob' | 'text' | 'download'
  /** Set when the caller shows its own message for a failure (the client then does not notify). */
  silent?: boolean
}

/**
 * What a `responseType: 'download'` call resolves with (wire "Export"): a body that names a file is the file;
 * a body without a file name is read as JSON (an async export's `{uuid}`); an error envelope rejects as usual.
 */
export type DownloadResult = { kind: 'file'; blob: Blob; fileName: string } | { kind: 'json'; body: unknown }

/** A failed call: the server's error envelope, or one made from an HTTP/network failure. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly type: 'error' | 'warn' | 'info' = 'error',
    readonly fields?: Record<string, string>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export interface SessionUser {
  userId: number
  tenantId: number
  roleId: number
  roleCode: string
  roleLevel: RoleLevel
  language: Language
  dateFormat: string
  dateTimeFormat: string
  timeFormat: string
  /**
   * The user's time zone (users/self `timeZone`: `GMT+8` in the platform's notation, or an IANA name): times
   * that belong to a zone, such as a job's next runs, are shown in it with the zone named. Absent: the browser's.
   */
  timeZone?: string
  /**
   * Quantity precision of the user's default warehouse (the warehouse config loaded with the session); fields
   * with `"precision": "warehouse"` use it. Absent for site roles or when the config could not be loaded.
   */
  quantityPrecision?: number
  /**
   * The user's default warehouse (the one flagged default in their warehouse permissions, loaded with the
   * session); create forms pre-fill their warehouse field with it (compile/default-warehouse.ts). Absent when
   * the user has none flagged, for site roles, or when the config could not be loaded.
   */
  defaultWarehouse?: DefaultWarehouse
}

/** What a create form needs of the default warehouse: its id, code and name. */
export interface DefaultWarehouse {
  warehouseId: number
  warehouseCode: string
  warehouseName: string
}

export interface Notifier {
  success(message: string, title?: string): void
  error(message: string, title?: string): void
  warning(message: string, title?: string): void
  info(message: string, title?: string): void
}

export interface RendererEnv {
  /** Performs an API call; resolves with the parsed body, rejects with ApiError (after notifying, unless silent). */
  request<T = unknown>(req: HttpRequest): Promise<T>
  user: SessionUser
  /** Translation of `key` in the user's language (server prompts override bundled texts), else `fallback`. */
  t(key: string, fallback?: string, vars?: Record<string, string | number>): string
  notify: Notifier
  /** Asks the user; resolves true when confirmed. */
  confirm(options: { title: string; content?: string; danger?: boolean }): Promise<boolean>
  navigate(to: string, options?: { replace?: boolean }): void
  /** Menu id of the active tab (H-Menu-Id); personal settings (filter templates, columns) are kept per menu. */
  menuId?: number
  /**
   * Names the page's own tab (CORE-TAB-04: a custom title wins over the menu title and the `title` query),
   * e.g. "Warehouse WH-E001"; undefined returns to the menu title. Absent where pages have no tabs.
   */
  setTitle?(title: string | undefined): void
  /**
   * Subscribes to the page being shown again (its kept-alive tab activated); returns the unsubscribe. Absent
   * where pages are not kept alive. Data pages reload then if data was written meanwhile (data-changes.ts).
   */
  onPageShown?(listener: () => void): () => void
}
