/**
 * Permission checks in batches (CORE-PERM-09): codes asked for are queued and sent together in one
 * POST /iam/hzero/v1/menus/check-permissions 500 ms after the first; answers are cached per tenant and role
 * (a switch makes every code pending and asked anew) and a code already on the wire is not sent again.
 */
import { normalisePermissionCode, type PermissionResult } from '../contract/wire'
import type { RendererEnv } from '../env'

export type PermissionStatus = 'pending' | 'approved' | 'denied'
export interface PermissionState {
  status: PermissionStatus
  /** Denied but to be shown disabled (controllerType "disabled"). */
  disabled: boolean
}

export interface PermissionChecker {
  /** Current state of `code` (stable object per state, for useSyncExternalStore). */
  state(code: string): PermissionState
  /** Queues `code` for the next batch unless known or queued. */
  request(code: string): void
  subscribe(listener: () => void): () => void
  /** Forgets every answer of every role (sign-out); codes in use become pending and are asked anew. */
  clear(): void
}

const PENDING: PermissionState = { status: 'pending', disabled: false }
const APPROVED: PermissionState = { status: 'approved', disabled: false }
const DENIED: PermissionState = { status: 'denied', disabled: false }
const DISABLED: PermissionState = { status: 'denied', disabled: true }

export const PERMISSION_BATCH_DELAY_MS = 500

export function createPermissionChecker(
  env: Pick<RendererEnv, 'request' | 'user'>,
  delay = PERMISSION_BATCH_DELAY_MS,
): PermissionChecker {
  const byRole = new Map<string, Map<string, PermissionState>>()
  const queued = new Set<string>()
  /** Codes of the batch on the wire, per role: asked for again meanwhile, they are not sent twice. */
  const inFlight = new Set<string>()
  const listeners = new Set<() => void>()
  let timer: ReturnType<typeof setTimeout> | undefined
  // Keyed by tenant and role: after a role or tenant switch every code is pending again and asked anew.
  const roleKey = () => `${env.user.tenantId}:${env.user.roleId}`
  const results = () => {
    const role = roleKey()
    let map = byRole.get(role)
    if (!map) byRole.set(role, (map = new Map()))
    return map
  }

  async function flush() {
    timer = undefined
    const codes = [...queued]
    queued.clear()
    const known = results()
    const role = roleKey()
    codes.forEach((code) => inFlight.add(`${role}|${code}`))
    let answer: PermissionResult[] = []
    try {
      answer = await env.request<PermissionResult[]>({
        method: 'POST',
        service: 'iam',
        path: '/hzero/v1/menus/check-permissions',
        data: codes,
        silent: true,
      })
    } catch {
      // Unanswered codes count as denied: the server stays the authority on every call anyway.
    }
    const byCode = new Map(
      (Array.isArray(answer) ? answer : []).map((r) => [normalisePermissionCode(r.code), r]),
    )
    for (const code of codes) {
      inFlight.delete(`${role}|${code}`)
      const result = byCode.get(code)
      known.set(code, result?.approve ? APPROVED : result?.controllerType === 'disabled' ? DISABLED : DENIED)
    }
    listeners.forEach((listener) => listener())
  }

  return {
    state: (code) => results().get(normalisePermissionCode(code)) ?? PENDING,
    request(code) {
      const normal = normalisePermissionCode(code)
      if (results().has(normal) || queued.has(normal) || inFlight.has(`${roleKey()}|${normal}`)) return
      queued.add(normal)
      timer ??= setTimeout(() => void flush(), delay)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clear() {
      byRole.clear()
      listeners.forEach((listener) => listener())
    },
  }
}
