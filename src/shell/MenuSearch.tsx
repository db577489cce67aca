/**
 * Menu search (PLAT-SHELL-07). The searching box (antd AutoComplete) weighs more than the rest of the side
 * menu, so the first paint shows a plain input of the same look; the box loads when the user first focuses
 * or types in it, keeping what was typed.
 */
import { SearchOutlined } from '@ant-design/icons'
import { Input } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { MenuEntry } from '../routes/route-table'

const MenuSearchBox = lazy(() => import('./MenuSearchBox'))

export interface MenuSearchProps {
  menu: MenuEntry[]
  navigate(to: string): void
}

export function MenuSearch({ menu, navigate }: MenuSearchProps) {
  const { t } = useTranslation()
  const [active, setActive] = useState(false)
  const [text, setText] = useState('')
  const placeholder = (
    <Input
      role="combobox"
      aria-expanded={false}
      value={text}
      onFocus={() => setActive(true)}
      onChange={(event) => {
        setText(event.target.value)
        setActive(true)
      }}
      prefix={<SearchOutlined />}
      placeholder={t('shell.menuSearch')}
      aria-label={t('shell.menuSearch')}
    />
  )
  if (!active) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <MenuSearchBox menu={menu} navigate={navigate} initialText={text} />
    </Suspense>
  )
}
