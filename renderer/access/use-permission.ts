import { useEffect, useSyncExternalStore } from 'react'
import { useRendererServices } from '../runtime/context'
import type { PermissionState } from './permission-checker'

const FREE: PermissionState = { status: 'approved', disabled: false }

/**
 * The state of a permission code: pending until the batch answers, then approved or denied (`disabled` when
 * the server says to show it disabled). No code → approved.
 */
export function usePermission(code: string | undefined): PermissionState {
  const { permissions } = useRendererServices()
  const state = useSyncExternalStore(
    permissions.subscribe,
    () => (code ? permissions.state(code) : FREE),
    () => (code ? permissions.state(code) : FREE),
  )
  // Asked again whenever it is pending: after a role or tenant switch, or after the answers were cleared.
  const pending = state.status === 'pending'
  useEffect(() => {
    if (code && pending) permissions.request(code)
  }, [code, permissions, pending])
  return state
}
