/** Name and e-mail of the signed-in user; saving reloads the app so the header shows the new name. */
import { Button, Form, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices, useSession } from '../../stores/contexts'
import type { PersonalApi } from './personal-api'

interface Profile {
  realName: string
  email?: string
}

export function ProfileForm({ api }: { api: PersonalApi }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const services = useServices()
  const [saving, setSaving] = useState(false)
  const save = async (values: Profile) => {
    setSaving(true)
    try {
      await api.saveProfile({ realName: values.realName.trim(), email: values.email?.trim() ?? '' })
      services.ui.notifier.success(t('personal.saved'))
      services.browser.reload()
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false)
    }
  }
  return (
    <Form<Profile>
      layout="vertical"
      style={{ maxWidth: 420 }}
      initialValues={{ realName: user.realName, email: user.email ?? '' }}
      onFinish={(values) => void save(values)}
    >
      <Form.Item label={t('personal.loginName')}>
        <Input value={user.loginName} disabled />
      </Form.Item>
      <Form.Item
        name="realName"
        label={t('personal.realName')}
        rules={[{ required: true, whitespace: true, message: t('personal.realNameRequired') }]}
      >
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('personal.email')}
        rules={[{ type: 'email', message: t('personal.emailInvalid') }]}
      >
        <Input maxLength={120} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('personal.save')}
      </Button>
    </Form>
  )
}
