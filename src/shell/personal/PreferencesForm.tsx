/**
 * Language, default tenant, time zone, date and time formats (CORE-I18N-06) and the side menu style
 * (PLAT-SHELL-02). Saving sends only what changed, then reloads so every page formats with the new choices.
 */
import { Button, Form, Select, Typography } from 'antd'
import dayjs from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  DATE_FORMATS,
  MENU_LAYOUTS,
  TIME_FORMATS,
  TIME_ZONES,
  type MenuLayout,
} from '../../../renderer/contract/user-preferences'
import type { Language } from '../../../renderer/contract/wire'
import { useOfferedLanguages } from '../offered-languages'
import { useServices, useSession } from '../../stores/contexts'
import type { SessionActions } from '../session-actions'
import type { PersonalApi } from './personal-api'

interface Preferences {
  language: Language
  defaultTenantId?: number
  timeZone: string
  dateFormat: string
  timeFormat: string
  menuLayout: MenuLayout
}

export function PreferencesForm({ api, actions }: { api: PersonalApi; actions: SessionActions }) {
  const { t } = useTranslation()
  const { user, tenants, language } = useSession()
  const services = useServices()
  const languages = useOfferedLanguages()
  const [form] = Form.useForm<Preferences>()
  const [saving, setSaving] = useState(false)
  const initial: Preferences = {
    language,
    defaultTenantId: tenants.find((tenant) => tenant.defaultTenantId !== undefined)?.tenantId,
    timeZone: user.timeZone,
    dateFormat: user.dateFormat,
    timeFormat: user.timeFormat,
    menuLayout: user.menuLayout === 'mixed' ? 'mixed' : 'inline',
  }
  const dateFormat = Form.useWatch('dateFormat', form) ?? initial.dateFormat
  const timeFormat = Form.useWatch('timeFormat', form) ?? initial.timeFormat

  const save = async (values: Preferences) => {
    setSaving(true)
    try {
      if (values.defaultTenantId !== undefined && values.defaultTenantId !== initial.defaultTenantId)
        if (!(await actions.setDefaultTenant(values.defaultTenantId))) return
      if (values.timeZone !== initial.timeZone) await api.saveTimeZone(values.timeZone)
      if (values.dateFormat !== initial.dateFormat || values.timeFormat !== initial.timeFormat)
        await api.saveFormats({ dateFormat: values.dateFormat, timeFormat: values.timeFormat })
      if (values.menuLayout !== initial.menuLayout) await api.saveMenuLayout(values.menuLayout)
      services.ui.notifier.success(t('personal.saved'))
      // A new language is saved and reloaded by the switch itself (PLAT-SW-06).
      if (values.language !== initial.language) await actions.changeLanguage(values.language)
      else services.browser.reload()
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false)
    }
  }
  const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }))
  return (
    <Form<Preferences>
      form={form}
      layout="vertical"
      style={{ maxWidth: 420 }}
      initialValues={initial}
      onFinish={(values) => void save(values)}
    >
      <Form.Item name="language" label={t('shell.language')}>
        <Select
          options={[
            ...languages,
            // The user's language stays listed even when the set no longer offers it.
            ...(languages.some((l) => l.code === initial.language) ? [] : [{ code: initial.language }]),
          ].map(({ code, name }: { code: Language; name?: string }) => ({
            value: code,
            label: name ?? t(`lang.${code}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="defaultTenantId" label={t('personal.defaultTenant')}>
        <Select
          placeholder={t('personal.noDefaultTenant')}
          options={tenants.map((tenant) => ({
            value: tenant.tenantId,
            label: `${tenant.tenantName} (${tenant.tenantNum})`,
          }))}
        />
      </Form.Item>
      <Form.Item name="timeZone" label={t('personal.timeZone')}>
        <Select showSearch options={options(TIME_ZONES)} />
      </Form.Item>
      <Form.Item name="dateFormat" label={t('personal.dateFormat')}>
        <Select options={options(DATE_FORMATS)} />
      </Form.Item>
      <Form.Item
        name="timeFormat"
        label={t('personal.timeFormat')}
        extra={t('personal.formatPreview', { value: dayjs().format(`${dateFormat} ${timeFormat}`) })}
      >
        <Select options={options(TIME_FORMATS)} />
      </Form.Item>
      <Form.Item name="menuLayout" label={t('personal.menuLayout')}>
        <Select
          options={MENU_LAYOUTS.map((value) => ({ value, label: t(`personal.menuLayout.${value}`) }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('personal.reloadNote')}</Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('personal.save')}
      </Button>
    </Form>
  )
}
