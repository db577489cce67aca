/**
 * Menu search (PLAT-SHELL-07). The searching box (antd AutoComplete) weighs more than the rest of the side
 * menu, so the first paint shows a plain input of the same look; the box loads when the user first focuses
 * or types in it, keeping what was typed. While it loads the plain input stays (a transition), and the box
 * takes the focus over only if the input still has it: a keyboard user who tabbed on into the menu keeps
 * the focus there, however late the box arrives.
 */
import { SearchOutlined } from '@ant-design/icons'
import { Input } from 'antd'
import { lazy, startTransition, Suspense, useState } from 'react'
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
  const [focused, setFocused] = useState(false)
  const [text, setText] = useState('')
  const activate = () => startTransition(() => setActive(true))
  const placeholder = (
    <Input
      role="combobox"
      aria-expanded={false}
      value={text}
      onFocus={() => {
        setFocused(true)
        activate()
      }}
      onBlur={() => setFocused(false)}
      onChange={(event) => {
        setText(event.target.value)
        activate()
      }}
      prefix={<SearchOutlined />}
      placeholder={t('shell.menuSearch')}
      aria-label={t('shell.menuSearch')}
    />
  )
  // One boundary from the first paint: a transition then keeps the plain input while the box loads.
  return (
    <Suspense fallback={placeholder}>
      {active ? (
        <MenuSearchBox menu={menu} navigate={navigate} initialText={text} autoFocus={focused} />
      ) : (
        placeholder
      )}
    </Suspense>
  )
}
