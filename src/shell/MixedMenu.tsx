/**
 * The mixed side menu (PLAT-SHELL-02/03): a rail of modules (the menu's top level, icon above title, 80 px)
 * and a panel with the chosen module's submenu. The panel opens when a module is clicked or hovered and
 * closes when the pointer leaves, unless it is pinned; a pinned panel stays beside the content. A module
 * without children opens its page directly. The same rail serves the collapsed side menu with titles.
 */
import { PushpinFilled, PushpinOutlined } from '@ant-design/icons'
import { Button, Flex, theme, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MenuEntry } from '../routes/route-table'
import { menuIcon } from './menu-icons'
import { activeMenuChain, openMenuEntry } from './menu-navigation'
import { SideMenu } from './SideMenu'

export const RAIL_WIDTH = 80
export const PANEL_WIDTH = 200

export interface MixedMenuProps {
  menu: MenuEntry[]
  pathname: string
  navigate(to: string): void
  /** A pinned panel stays open; without `onPinnedChange` the panel cannot be pinned. */
  pinned?: boolean
  onPinnedChange?(pinned: boolean): void
}

export function MixedMenu({ menu, pathname, navigate, pinned = false, onPinnedChange }: MixedMenuProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const activeModule = useMemo(() => activeMenuChain(menu, pathname)[0], [menu, pathname])
  const [openId, setOpenId] = useState<number>()
  // A pinned panel always shows a module: the current page's, else the first one with a submenu.
  const pinnedId = activeModule?.children ? activeModule.id : menu.find((entry) => entry.children)?.id
  const shownId = openId ?? (pinned ? pinnedId : undefined)
  const module = menu.find((entry) => entry.id === shownId && entry.children)

  const choose = (entry: MenuEntry) => {
    if (entry.children) setOpenId(entry.id)
    else {
      setOpenId(undefined)
      openMenuEntry(entry, navigate)
    }
  }
  return (
    <Flex
      style={{ height: '100%' }}
      onMouseLeave={() => !pinned && setOpenId(undefined)}
      data-testid="mixed-menu"
    >
      <nav aria-label={t('shell.modules')} style={{ width: RAIL_WIDTH, flex: 'none', overflowY: 'auto' }}>
        {menu.map((entry) => {
          const current = entry.id === activeModule?.id
          return (
            <button
              key={entry.id}
              type="button"
              aria-current={current ? 'page' : undefined}
              aria-expanded={entry.children ? entry.id === shownId : undefined}
              onClick={() => choose(entry)}
              onMouseEnter={() => entry.children && setOpenId(entry.id)}
              style={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 4,
                width: '100%',
                padding: '10px 4px',
                border: 0,
                cursor: 'pointer',
                fontSize: 12,
                color: current ? token.colorPrimary : token.colorText,
                background: entry.id === shownId || current ? token.colorPrimaryBg : 'transparent',
              }}
            >
              <span style={{ fontSize: 18 }}>{menuIcon(entry.icon, !!entry.children)}</span>
              <span
                style={{
                  maxWidth: RAIL_WIDTH - 8,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {entry.name}
              </span>
            </button>
          )
        })}
      </nav>
      {module?.children && (
        <div
          data-testid="submenu-panel"
          style={{
            width: PANEL_WIDTH,
            flex: 'none',
            borderInlineStart: `1px solid ${token.colorBorderSecondary}`,
            background: token.colorBgContainer,
            // An unpinned panel floats over the content; a pinned one takes its place beside it.
            ...(pinned
              ? {}
              : {
                  position: 'absolute',
                  insetBlock: 0,
                  left: RAIL_WIDTH,
                  zIndex: 20,
                  boxShadow: token.boxShadowSecondary,
                }),
          }}
        >
          <Flex align="center" justify="space-between" style={{ padding: '8px 8px 0 16px' }}>
            <Typography.Text strong>{module.name}</Typography.Text>
            {onPinnedChange && (
              <Button
                type="text"
                size="small"
                aria-pressed={pinned}
                aria-label={pinned ? t('shell.unpinSubmenu') : t('shell.pinSubmenu')}
                icon={pinned ? <PushpinFilled /> : <PushpinOutlined />}
                onClick={() => onPinnedChange(!pinned)}
              />
            )}
          </Flex>
          <SideMenu
            menu={module.children}
            pathname={pathname}
            collapsed={false}
            navigate={(to) => {
              if (!pinned) setOpenId(undefined)
              navigate(to)
            }}
          />
        </div>
      )}
    </Flex>
  )
}
