/**
 * The tab bar (CORE-TAB): one tab per open page, the home tab first and without a close control; a
 * right-click menu per tab offered by position (see tab-menu.ts), and a "more" menu acting on the active tab.
 */
import { MoreOutlined } from '@ant-design/icons'
import { Button, Dropdown, Tabs, type MenuProps } from 'antd'
import { memo, useCallback, useRef } from 'react'
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
  // One function for the whole life of the bar, so the memoised tab labels below never re-render for it.
  const latest = useRef(onCommand)
  latest.current = onCommand
  const command = useCallback((action: TabCommand, key: string) => latest.current(action, key), [])
  const items = state.tabs.map((tab, index) => ({
    key: tab.key,
    closable: tab.closable,
    label: (
      <TabLabel
        tabKey={tab.key}
        title={tabTitle(tab)}
        actions={contextActions(state.tabs, index).join(',')}
        onCommand={command}
      />
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
      <Dropdown
        trigger={['click']}
        menu={tabMenu(t, ALL_TAB_ACTIONS, state.activeKey || fallbackKey, command)}
      >
        <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('tabs.more')} />
      </Dropdown>
    </div>
  )
}

/** A tab's menu of `actions`, acting on the tab `key`. */
function tabMenu(
  t: (key: string) => string,
  actions: readonly TabAction[],
  key: string,
  onCommand: (action: TabCommand, key: string) => void,
): MenuProps {
  return {
    items: actions.map((action) => ({ key: action, label: t(`tabs.${action}`) })),
    onClick: ({ key: action, domEvent }) => {
      domEvent.stopPropagation()
      onCommand(action as TabAction, key)
    },
  }
}

/**
 * A tab's title with its right-click menu. Memoised on plain values: a tab switch re-renders the bar, and with ten
 * tabs each drawing an antd Dropdown again that was a good part of the switch (bench measure 4); now only a tab
 * whose title or menu changed draws again.
 */
const TabLabel = memo(function TabLabel(props: {
  tabKey: string
  title: string
  /** The menu's actions, comma-separated (a string, so equal menus compare equal). */
  actions: string
  onCommand: (action: TabCommand, key: string) => void
}) {
  const { t } = useTranslation()
  const actions = props.actions ? (props.actions.split(',') as TabAction[]) : []
  return (
    <Dropdown trigger={['contextMenu']} menu={tabMenu(t, actions, props.tabKey, props.onCommand)}>
      <span data-tab-key={props.tabKey}>{props.title}</span>
    </Dropdown>
  )
})
