/** The side (or top) menu from the menu tree (PLAT-SHELL-04/06/10): icons, nested groups, the current page marked. */
import { Badge, Menu, type MenuProps } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import type { MenuEntry } from '../routes/route-table'
import { menuIcon } from './menu-icons'
import { activeMenuChain, openMenuEntry } from './menu-navigation'

type MenuItem = Required<MenuProps>['items'][number]

export interface SideMenuProps {
  menu: MenuEntry[]
  pathname: string
  collapsed: boolean
  navigate(to: string): void
  /** inline: the side menu; horizontal: the same entries across the header (top menu layout, PLAT-SET-05). */
  mode?: 'inline' | 'horizontal'
}

function toItem(entry: MenuEntry): MenuItem {
  const isGroup = !!entry.children
  const label =
    entry.tag?.dot || entry.tag?.content ? (
      <Badge dot={entry.tag.dot} count={entry.tag.content} offset={[8, 0]} size="small">
        {entry.name}
      </Badge>
    ) : (
      entry.name
    )
  return {
    key: String(entry.id),
    icon: menuIcon(entry.icon, isGroup),
    label,
    title: entry.name,
    children: entry.children?.map(toItem),
  }
}

export function SideMenu({ menu, pathname, collapsed, navigate, mode = 'inline' }: SideMenuProps) {
  const items = useMemo(() => menu.map(toItem), [menu])
  const chain = useMemo(() => activeMenuChain(menu, pathname), [menu, pathname])
  const byKey = useMemo(() => {
    const map = new Map<string, MenuEntry>()
    const walk = (entries: MenuEntry[]) =>
      entries.forEach((e) => {
        map.set(String(e.id), e)
        if (e.children) walk(e.children)
      })
    walk(menu)
    return map
  }, [menu])
  const [openKeys, setOpenKeys] = useState<string[]>([])
  useEffect(() => {
    const groups = chain.slice(0, -1).map((e) => String(e.id))
    setOpenKeys((open) => [...new Set([...open, ...groups])])
  }, [chain])

  const selected = chain[chain.length - 1]
  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={selected ? [String(selected.id)] : []}
      openKeys={collapsed || mode === 'horizontal' ? undefined : openKeys}
      onOpenChange={mode === 'horizontal' ? undefined : setOpenKeys}
      onClick={({ key }) => {
        const entry = byKey.get(key)
        if (entry) openMenuEntry(entry, navigate)
      }}
      style={
        mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }
      }
    />
  )
}
