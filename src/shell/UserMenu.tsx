/**
 * The user dropdown (PLAT-HDR-07/08): name and avatar, a current-role submenu listing the user's roles
 * (the current one marked), the personal centre and logout.
 */
import { CheckOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons'
import { Avatar, Button, Dropdown, type MenuProps } from 'antd'
import { useTranslation } from 'react-i18next'
import type { CurrentUser, SelfRole } from '../../renderer/contract/wire'
import { PERSONAL_CENTRE_PATH } from '../routes/shell-pages'

export interface UserMenuProps {
  user: CurrentUser
  roles: SelfRole[]
  onSwitchRole(roleId: number): void
  onOpen(path: string): void
  onLogout(): void
  /** A handheld's header: the avatar only, the name as the button's accessible name. */
  compact?: boolean
}

export function UserMenu({ user, roles, onSwitchRole, onOpen, onLogout, compact }: UserMenuProps) {
  const { t } = useTranslation()
  const items: MenuProps['items'] = [
    {
      key: 'roles',
      label: `${t('shell.currentRole')}: ${user.currentRoleName}`,
      children: roles.map((role) => ({
        key: `role:${role.id}`,
        label: role.tenantName ? `${role.name} (${role.tenantName})` : role.name,
        icon: role.id === user.currentRoleId ? <CheckOutlined /> : <span style={{ width: 14 }} />,
        disabled: role.id === user.currentRoleId,
      })),
    },
    { key: 'personal', icon: <UserOutlined />, label: t('shell.personalCenter') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout') },
  ]
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('role:')) onSwitchRole(Number(key.slice('role:'.length)))
    else if (key === 'personal') onOpen(PERSONAL_CENTRE_PATH)
    else if (key === 'logout') onLogout()
  }
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick, triggerSubMenuAction: 'click' }}>
      <Button type="text" style={{ height: 40 }} aria-label={compact ? user.realName : undefined}>
        <Avatar size="small" src={user.imageUrl} icon={<UserOutlined />} />
        {compact ? null : <span>{user.realName}</span>}
      </Button>
    </Dropdown>
  )
}
