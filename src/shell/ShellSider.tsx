/**
 * The side menu column (PLAT-SHELL-02..06, CORE-CONST-01): inline — 210 px with menu search, collapsed to
 * 48 px (icons) or 80 px (icons with titles, the module rail); mixed — the module rail with its submenu
 * panel (pinned: 80 + 200 px). On mobile widths the same menu lives in a drawer (see ShellLayout).
 */
import { FontSizeOutlined } from '@ant-design/icons'
import { Button, Layout, theme } from 'antd'
import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import type { MenuEntry } from '../routes/route-table'
import { MenuSearch } from './MenuSearch'
import { MixedMenu, PANEL_WIDTH, RAIL_WIDTH } from './MixedMenu'
import { SideMenu } from './SideMenu'

export const SIDER_WIDTH = 210
export const SIDER_COLLAPSED_WIDTH = 48
/** Collapsed with the titles shown under the icons (PLAT-SHELL-06). */
export const SIDER_COLLAPSED_TITLE_WIDTH = RAIL_WIDTH

export type SideMenuStyle = 'inline' | 'mixed'

export interface ShellSiderProps {
  menu: MenuEntry[]
  pathname: string
  navigate(to: string): void
  style: SideMenuStyle
  collapsed: boolean
  collapsedTitles: boolean
  onCollapsedTitlesChange(on: boolean): void
  pinned: boolean
  onPinnedChange(pinned: boolean): void
  /** Sticky below the header (fixed sidebar, PLAT-SET-08). */
  fixedTop?: number
}

/** The width the side menu takes from the content (the footer toolbar uses it, X-14). */
export function siderWidth(p: Pick<ShellSiderProps, 'style' | 'collapsed' | 'collapsedTitles' | 'pinned'>) {
  if (p.style === 'mixed') return RAIL_WIDTH + (p.pinned ? PANEL_WIDTH : 0)
  if (!p.collapsed) return SIDER_WIDTH
  return p.collapsedTitles ? SIDER_COLLAPSED_TITLE_WIDTH : SIDER_COLLAPSED_WIDTH
}

export function ShellSider(props: ShellSiderProps) {
  const { menu, pathname, navigate, collapsed } = props
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const width = siderWidth(props)
  const rail = props.style === 'mixed' || (collapsed && props.collapsedTitles)
  const fixed: CSSProperties =
    props.fixedTop !== undefined
      ? { position: 'sticky', top: props.fixedTop, height: `calc(100vh - ${props.fixedTop}px)` }
      : {}
  return (
    <Layout.Sider
      width={width}
      collapsedWidth={width}
      collapsed={props.style === 'inline' && collapsed}
      theme="light"
      data-testid="side-menu"
      data-menu-style={props.style}
      style={{
        borderRight: `1px solid ${token.colorBorderSecondary}`,
        // The unpinned submenu panel floats out of the rail: the rail must not clip it.
        overflow: rail ? 'visible' : 'auto',
        zIndex: rail ? 15 : undefined,
        position: 'relative',
        ...fixed,
      }}
    >
      {rail ? (
        <MixedMenu
          menu={menu}
          pathname={pathname}
          navigate={navigate}
          pinned={props.style === 'mixed' && props.pinned}
          onPinnedChange={props.style === 'mixed' ? props.onPinnedChange : undefined}
        />
      ) : (
        <>
          {!collapsed && (
            <div style={{ padding: 8 }}>
              <MenuSearch menu={menu} navigate={navigate} />
            </div>
          )}
          <SideMenu menu={menu} pathname={pathname} collapsed={collapsed} navigate={navigate} />
        </>
      )}
      {props.style === 'inline' && collapsed && (
        <Button
          type="text"
          block
          aria-pressed={props.collapsedTitles}
          aria-label={t('shell.menuTitles')}
          title={t('shell.menuTitles')}
          icon={<FontSizeOutlined />}
          onClick={() => props.onCollapsedTitlesChange(!props.collapsedTitles)}
        />
      )}
    </Layout.Sider>
  )
}
