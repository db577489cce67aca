import { Button, Space } from 'antd'
import { Permission, usePageContext, type PageAction, type Row } from '../../renderer/index'
import { actionKey, actionLabel } from '../shared/action-label'
import { useLeadingDebounce } from '../shared/use-debounced'
import { visibleActions } from './actions-width'

export interface RowActionsProps {
  actions: PageAction[]
  row: Row
  onAction(action: PageAction, row: Row): void
}

/** The buttons of one row, each gated by its permission code and debounced. */
export function RowActions({ actions, row, onAction }: RowActionsProps) {
  const { t } = usePageContext()
  const run = useLeadingDebounce(onAction)
  return (
    <Space size={0}>
      {visibleActions(actions, row).map((action) => (
        <Permission key={actionKey(action)} code={action.permission}>
          {(disabled) => (
            <Button
              type="link"
              size="small"
              danger={action.type === 'delete'}
              disabled={disabled}
              onClick={() => run(actionKey(action), action, row)}
            >
              {actionLabel(action, t)}
            </Button>
          )}
        </Permission>
      ))}
    </Space>
  )
}
