import { useEffect, useSyncExternalStore } from 'react'
import { useRendererServices, type PermissionState } from '../../renderer/index'

const FREE: PermissionState = { status: 'approved', disabled: false }

/** States of several permission codes at once (undefined code → approved), e.g. to count visible buttons. */
export function usePermissions(codes: (string | undefined)[]): PermissionState[] {
  const { permissions } = useRendererServices()
  const key = codes.join('|')
  const snapshot = () =>
    codes
      .map((c) => (c ? permissions.state(c) : FREE))
      .map((s) => `${s.status}:${s.disabled}`)
      .join('|')
  const states = useSyncExternalStore(permissions.subscribe, snapshot, snapshot)
  useEffect(() => {
    key.split('|').forEach((code) => code && permissions.request(code))
  }, [key, permissions])
  return states
    .split('|')
    .slice(0, codes.length)
    .map((s, i) => {
      if (!codes[i]) return FREE
      const [status, disabled] = s.split(':')
      return { status: status as PermissionState['status'], disabled: disabled === 'true' }
    })
}
