/**
 * The `Cron` field of page forms: the expression in a text box with a button that opens the cron modal; OK
 * writes the modal's expression into the field. Read-pretty shows the expression and its meaning.
 */
import { ScheduleOutlined } from '@ant-design/icons'
import { connect, mapReadPretty } from '@formily/react'
import { Button, Input, Space } from 'antd'
import { useState } from 'react'
import { describeCron } from './cron-reading'
import { CronEditor } from './CronEditor'
import { useCronTexts } from './use-cron-texts'

export interface CronInputProps {
  value?: string | null
  onChange?(value: string | null): void
  disabled?: boolean
}

export function CronInput({ value, onChange, disabled }: CronInputProps) {
  const { t } = useCronTexts()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={value ?? ''}
          placeholder={t('cron.placeholder')}
          disabled={disabled}
          onChange={(event) => onChange?.(event.target.value.trim() ? event.target.value : null)}
        />
        <Button
          icon={<ScheduleOutlined />}
          aria-label={t('cron.open')}
          disabled={disabled}
          onClick={() => setOpen(true)}
        />
      </Space.Compact>
      <CronEditor
        open={open}
        value={value ?? undefined}
        onCancel={() => setOpen(false)}
        onOk={(expression) => {
          onChange?.(expression)
          setOpen(false)
        }}
      />
    </>
  )
}

/** Read-only: the expression and, where cronstrue can read it, its meaning in the user's language. */
export function CronPretty({ value }: { value?: unknown }) {
  const { language } = useCronTexts()
  const expression = typeof value === 'string' ? value : ''
  const meaning = expression ? describeCron(expression, language) : undefined
  return (
    <span className="wms-read-pretty">
      <code>{expression}</code>
      {meaning && <span style={{ marginInlineStart: 8 }}>{meaning}</span>}
    </span>
  )
}

export const Cron = connect(CronInput, mapReadPretty(CronPretty))
