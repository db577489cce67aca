/** Menu search (PLAT-SHELL-07): type a name or a quick index, pick an entry, go there. Loaded on first focus. */
import { SearchOutlined } from '@ant-design/icons'
import { AutoComplete, Input } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { leafEntries, type MenuEntry } from '../routes/route-table'
import { openMenuEntry, searchMenu } from './menu-navigation'

export interface MenuSearchBoxProps {
  menu: MenuEntry[]
  navigate(to: string): void
  /** What was typed before the box loaded. */
  initialText?: string
  /** Takes the focus on mount (the plain input it replaces had it). */
  autoFocus?: boolean
}

export default function MenuSearchBox({
  menu,
  navigate,
  initialText = '',
  autoFocus = false,
}: MenuSearchBoxProps) {
  const { t } = useTranslation()
  const [text, setText] = useState(initialText)
  // Open at once when text was typed before the box loaded; afterwards antd opens and closes it.
  const [open, setOpen] = useState(initialText.trim() !== '')
  const leaves = useMemo(() => leafEntries(menu), [menu])
  const matches = searchMenu(leaves, text)
  return (
    <AutoComplete
      autoFocus={autoFocus}
      open={open}
      onOpenChange={setOpen}
      value={text}
      onChange={(value) => {
        setText(value)
        setOpen(true)
      }}
      style={{ width: '100%' }}
      options={matches.map((entry) => ({
        value: String(entry.id),
        label: (
          <span>
            {entry.name}
            {entry.quickIndex ? (
              <span style={{ opacity: 0.5, marginLeft: 8 }}>{entry.quickIndex}</span>
            ) : null}
          </span>
        ),
      }))}
      notFoundContent={text.trim() ? t('shell.noMenuMatch') : null}
      onSelect={(id: string) => {
        const entry = leaves.find((e) => String(e.id) === id)
        setText('')
        setOpen(false)
        if (entry) openMenuEntry(entry, navigate)
      }}
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('shell.menuSearch')}
        aria-label={t('shell.menuSearch')}
      />
    </AutoComplete>
  )
}
