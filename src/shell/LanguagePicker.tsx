/** Header language picker (PLAT-HDR-03, X-06): Simplified Chinese and English; saves, then reloads. */
import { GlobalOutlined } from '@ant-design/icons'
import { Button, Dropdown } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../renderer/contract/wire'

const PICKER_LANGUAGES: Language[] = ['zh_CN', 'en_US']

export interface LanguagePickerProps {
  current: Language
  onChange(language: Language): void
}

export function LanguagePicker({ current, onChange }: LanguagePickerProps) {
  const { t } = useTranslation()
  // zh_TW is honoured when it is the user's language, so it stays visible (and marked) then.
  const offered = PICKER_LANGUAGES.includes(current) ? PICKER_LANGUAGES : [...PICKER_LANGUAGES, current]
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: offered.map((lang) => ({ key: lang, label: t(`lang.${lang}`) })),
        onClick: ({ key }) => key !== current && onChange(key as Language),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={`${t('shell.language')}: ${t(`lang.${current}`)}`}
      >
        {t(`lang.${current}`)}
      </Button>
    </Dropdown>
  )
}
