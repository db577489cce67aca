/**
 * Header language picker (PLAT-HDR-03, X-06): the languages of HPFM.LANGUAGE (/hpfm/languages) in their order
 * and names, among those the app has texts for; saves, then reloads.
 */
import { GlobalOutlined } from '@ant-design/icons'
import { Button, Dropdown } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../renderer/contract/wire'
import type { OfferedLanguage } from './offered-languages'

export interface LanguagePickerProps {
  current: Language
  /** The languages to offer (useOfferedLanguages). */
  languages: OfferedLanguage[]
  onChange(language: Language): void
}

export function LanguagePicker({ current, languages, onChange }: LanguagePickerProps) {
  const { t } = useTranslation()
  const nameOf = (code: Language) => languages.find((l) => l.code === code)?.name ?? t(`lang.${code}`)
  // The user's language stays visible (and marked) even when the set no longer offers it.
  const offered = languages.some((l) => l.code === current) ? languages : [...languages, { code: current }]
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: offered.map(({ code }) => ({ key: code, label: nameOf(code) })),
        onClick: ({ key }) => key !== current && onChange(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={`${t('shell.language')}: ${nameOf(current)}`}>
        {nameOf(current)}
      </Button>
    </Dropdown>
  )
}
