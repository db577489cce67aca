/**
 * The header (PLAT-HDR; 48 px): menu toggle (side menu layout), logo and title, the top menu (top menu
 * layout), tenant chooser (not for jxs), data hierarchy switcher (dataHierarchyFlag 1), full-screen toggle, language picker, the user dropdown and the layout settings button.
 */
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons'
import { Button, Flex, theme } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { JXS_ROLE_CODE } from '../routes/home'
import { useSession } from '../stores/contexts'
import { useIsHandheld } from './breakpoints'
import { DataHierarchySwitcher } from './DataHierarchySwitcher'
import { FullscreenToggle } from './FullscreenToggle'
import { LanguagePicker } from './LanguagePicker'
import { useOfferedLanguages } from './offered-languages'
import type { SessionActions } from './session-actions'
import { TenantSwitcher } from './TenantSwitcher'
import { UserMenu } from './UserMenu'

export const HEADER_HEIGHT = 48

export interface HeaderBarProps {
  /** `collapse`: the inline side menu's collapse toggle; `drawer`: opens the mobile menu drawer. */
  menuButton?: 'collapse' | 'drawer'
  /** The notice bell (PLAT-HDR-13), shown before the full-screen toggle. */
  notices?: ReactNode
  /** Top menu layout: the menu shown across the header. */
  topMenu?: ReactNode
  onOpenSettings(): void
  collapsed: boolean
  onToggle(): void
  actions: SessionActions
  navigate(to: string): void
  onLogout(): void
}

export function HeaderBar(props: HeaderBarProps) {
  const { collapsed, onToggle, actions, navigate, onLogout } = props
  const { t } = useTranslation()
  const { user, roles, tenants, language } = useSession()
  const languages = useOfferedLanguages()
  const { token } = theme.useToken()
  // a handheld (≤ 575 px): the title, the full-screen toggle and the tenant and user names give way to icons
  const handheld = useIsHandheld()
  return (
    <Flex align="center" gap={8} style={{ height: HEADER_HEIGHT, paddingInline: 8 }}>
      {props.menuButton === 'collapse' && (
        <Button
          type="text"
          aria-label={collapsed ? t('shell.expand') : t('shell.collapse')}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
        />
      )}
      {props.menuButton === 'drawer' && (
        <Button type="text" aria-label={t('shell.openMenu')} icon={<MenuOutlined />} onClick={onToggle} />
      )}
      <a
        href="/"
        aria-label={handheld ? user.title || t('app.title') : undefined}
        style={{ display: 'flex', alignItems: 'center', gap: 8, color: token.colorText }}
      >
        {user.logo ? <img src={user.logo} alt="" height={28} /> : <Logo color={token.colorPrimary} />}
        {handheld ? null : <strong style={{ fontSize: 18 }}>{user.title || t('app.title')}</strong>}
      </a>
      {props.topMenu}
      <Flex align="center" gap={4} style={{ marginLeft: 'auto', minWidth: 0 }}>
        {user.currentRoleCode !== JXS_ROLE_CODE && (
          <TenantSwitcher user={user} tenants={tenants} actions={actions} compact={handheld} />
        )}
        {user.dataHierarchyFlag === 1 && <DataHierarchySwitcher user={user} />}
        {props.notices}
        {handheld ? null : <FullscreenToggle />}
        <LanguagePicker
          current={language}
          languages={languages}
          onChange={(lang) => void actions.changeLanguage(lang)}
        />
        <UserMenu
          user={user}
          roles={roles}
          onSwitchRole={(id) => void actions.switchRole(id)}
          onOpen={navigate}
          onLogout={onLogout}
          compact={handheld}
        />
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('settings.title')}
          onClick={props.onOpenSettings}
        />
      </Flex>
    </Flex>
  )
}

// A plain mark in the theme colour, so the header does not depend on an image file.
function Logo({ color }: { color: string }) {
  return (
    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
      <rect width="28" height="28" rx="6" fill={color} />
      <path d="M6 9l3 10 3-7 2 0 3 7 3-10" stroke="#fff" strokeWidth="2" fill="none" strokeLinejoin="round" />
    </svg>
  )
}
