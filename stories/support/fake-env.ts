/**
 * A RendererEnv for stories and tests: requests are answered by fixture handlers keyed "METHOD service path"
 * (wire shapes), every call is recorded, and a request without a fixture fails loudly naming what is missing.
 */
import { ApiError, type HttpRequest, type RendererEnv, type SessionUser } from '../../renderer/index'

/** Answers one request; `env` gives the session (e.g. the user's language, as the server reads it from the session). */
export type Handler = (request: HttpRequest, env: FakeEnv) => unknown
export interface Notice {
  type: 'success' | 'error' | 'warning' | 'info'
  message: string
}

export interface FakeEnv extends RendererEnv {
  calls: HttpRequest[]
  notices: Notice[]
  navigations: string[]
  confirms: string[]
  /** Requests no fixture answered ("METHOD service path"): a story that makes one is missing a fixture. */
  missing: string[]
}

export const fakeUser: SessionUser = {
  userId: 1,
  tenantId: 1,
  roleId: 2,
  roleCode: 'tenant-admin',
  roleLevel: 'organization',
  language: 'en_US',
  dateFormat: 'YYYY-MM-DD',
  dateTimeFormat: 'YYYY-MM-DD HH:mm:ss',
  timeFormat: 'HH:mm:ss',
}

export function createFakeEnv(options: {
  handlers: Record<string, Handler>
  user?: Partial<SessionUser>
  /** What the confirm dialog answers (default: confirmed). */
  confirm?: boolean
}): FakeEnv {
  const env: FakeEnv = {
    calls: [],
    notices: [],
    navigations: [],
    confirms: [],
    missing: [],
    user: { ...fakeUser, ...options.user },
    async request<T>(request: HttpRequest): Promise<T> {
      env.calls.push(request)
      const key = `${request.method} ${request.service} ${request.path}`
      const handler = options.handlers[key]
      if (!handler) env.missing.push(key)
      if (!handler) throw new ApiError(`fake env: no fixture for ${key}`, 404, 'error.fixture.missing')
      return (await handler(request, env)) as T
    },
    t: (key, fallback) => fallback ?? key,
    notify: {
      success: (message) => void env.notices.push({ type: 'success', message }),
      error: (message) => void env.notices.push({ type: 'error', message }),
      warning: (message) => void env.notices.push({ type: 'warning', message }),
      info: (message) => void env.notices.push({ type: 'info', message }),
    },
    confirm: async ({ title }) => {
      env.confirms.push(title)
      return options.confirm ?? true
    },
    navigate: (to) => void env.navigations.push(to),
  }
  return env
}
