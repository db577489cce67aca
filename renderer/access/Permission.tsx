import type { ReactNode } from 'react'
import { usePermission } from './use-permission'

export interface PermissionProps {
  code: string | undefined
  /** Renders the element; `disabled` is true when the server says to show it disabled. */
  children: (disabled: boolean) => ReactNode
}

/**
 * Gates an element by permission code: an empty placeholder while the check is pending (nothing flashes),
 * nothing when denied, the element disabled when controllerType is "disabled".
 * @example <Permission code="wmdm.warehouse.button.create">{(disabled) => <Button disabled={disabled}>…}</Permission>
 */
export function Permission({ code, children }: PermissionProps) {
  const { status, disabled } = usePermission(code)
  if (status === 'pending') return <span data-permission-pending={code} aria-hidden="true" />
  if (status === 'denied' && !disabled) return null
  return <>{children(disabled)}</>
}
