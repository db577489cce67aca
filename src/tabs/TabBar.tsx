/**
 * The tab bar (CORE-TAB): one tab per open page, the home tab first and without a close control; a
 * right-click menu per tab offered by position (see tab-menu.ts), and a "more" menu acting on the active tab.
 */
import { MoreOutlined } from '@ant-design/icons'
import { Button, Dropdown, Tabs, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { ALL_TAB_ACTIONS, contextActions, type TabAction } from './tab-menu'
import { tabTitle, type TabState } from './tab-store'

export type TabCommand = TabAction | 'close'

export interface TabBarProps {
  state: TabState
  onSelect(key: string): void
  onCommand(command: TabCommand, key: string): void
  /** Key the "more" menu acts on when no tab is active. */
  fallbackKey: string
}

export function TabBar({ state, onSelect, onCommand, fallbackKey }: TabBarProps) {
  const { t } = useTranslation()
  const menuOf = (actions: TabAction[], key: string): MenuProps => ({
    items: actions.map((action) => ({ key: action, label: t(`tabs.${action}`) })),
    onClick: ({ key: action, domEvent }) => {
      domEvent.stopPropagation()
      onCommand(action as TabAction, key)
    },
  })
  const items = state.tabs.map((tab, index) => ({
    key: tab.key,
    closable: tab.closable,
    label: (
      <Dropdown trigger={['contextMenu']} menu={menuOf(contextActions(state.tabs, index), tab.key)}>
        <span data-tab-key={tab.key}>{tabTitle(tab)}</span>
      </Dropdown>
    ),
  }))
  // The "more" button sits beside the tab list, not in it (antd's tabBarExtraContent would put it inside the
  // role="tablist" element, where only tabs belong): screen readers count the tabs right.
  return (
    <div style={{ display: 'flex', alignItems: 'flex-end' }}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={state.activeKey || undefined}
        items={items}
        // onTabClick, not onChange: rc-tabs calls onChange only for a tab other than the one it shows as
        // active, and right after a switch the bar still shows the previous tab until the new page has rendered
        // (seconds on a busy machine), so a click or Enter on that tab was swallowed.
        onTabClick={(key) => onSelect(key)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && onCommand('close', key)}
        tabBarStyle={{ margin: 0 }}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Dropdown trigger={['click']} menu={menuOf(ALL_TAB_ACTIONS, state.activeKey || fallbackKey)}>
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('tabs.more')} />
      </Dropdown>
    </div>
  )
}
