import { Button, Dropdown, Space } from 'antd'
import { designMark, usePageContext, useRegistry, type PageAction } from '../../renderer/index'
import { actionKey, actionLabel } from '../shared/action-label'
import { useLeadingDebounce } from '../shared/use-debounced'
import { usePermissions } from '../shared/use-permissions'

export interface OperationBarProps {
  actions: PageAction[]
  onAction(action: PageAction): void
  /** In the page designer only: the pointer of `actions` in the page file; each button is marked with its entry. */
  designPointer?: string
}

/** At most this many buttons; the rest go under "More" (PLAT-TBL-07). */
export const MAX_VISIBLE_BUTTONS = 6

/**
 * Toolbar buttons gated by permission codes (denied ones are hidden and do not count toward the 6), each
 * debounced 1500 ms. Export appears only once an ExportDialog widget is registered.
 */
export function OperationBar({ actions, onAction, designPointer }: OperationBarProps) {
  const { t } = usePageContext()
  const registry = useRegistry()
  const usable = actions.filter((a) => a.type !== 'export' || registry.has('ExportDialog'))
  const states = usePermissions(usable.map((a) => a.permission))
  const run = useLeadingDebounce(onAction)
  const pending = states.some((s) => s.status === 'pending')
  const allowed = usable
    .map((action, i) => ({ action, state: states[i] }))
    .filter(({ state }) => state && (state.status === 'approved' || state.disabled))
  if (pending)
    return <div className="wms-operation-bar" data-permission-pending="" style={{ minHeight: 32 }} />
  const visible = allowed.slice(0, MAX_VISIBLE_BUTTONS)
  const more = allowed.slice(MAX_VISIBLE_BUTTONS)
  return (
    <Space className="wms-operation-bar" wrap>
      {visible.map(({ action, state }, index) => (
        <Button
          key={actionKey(action)}
          type={index === 0 ? 'primary' : 'default'}
          disabled={state?.disabled}
          onClick={() => run(actionKey(action), action)}
          {...(designPointer ? designMark(`${designPointer}/${actions.indexOf(action)}`) : {})}
        >
          {actionLabel(action, t)}
        </Button>
      ))}
      {more.length ? (
        <Dropdown
          menu={{
            items: more.map(({ action, state }) => ({
              key: actionKey(action),
              label: actionLabel(action, t),
              disabled: state?.disabled,
            })),
            onClick: ({ key }) => {
              const found = more.find(({ action }) => actionKey(action) === key)
              if (found) run(key, found.action)
            },
          }}
        >
          <Button>{t('common.action.more')}</Button>
        </Dropdown>
      ) : null}
    </Space>
  )
}
