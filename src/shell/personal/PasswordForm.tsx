/**
 * Password change: the current password, the new one (checked against the password policy as the user
 * types, with every broken rule named) and its confirmation. The server checks the same policy.
 */
import { Button, Form, Input, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  PASSWORD_POLICY,
  passwordProblems,
  type PasswordPolicy,
} from '../../../renderer/contract/user-preferences'
import { useServices, useSession } from '../../stores/contexts'
import type { PersonalApi } from './personal-api'

interface PasswordValues {
  originalPassword: string
  password: string
  confirm: string
}

export function PasswordForm({ api }: { api: PersonalApi }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const services = useServices()
  const [form] = Form.useForm<PasswordValues>()
  const [saving, setSaving] = useState(false)
  // The tenant's own policy (hiam password-policy screen) once loaded; the defaults until then.
  const [p, setPolicy] = useState<PasswordPolicy>(PASSWORD_POLICY)
  useEffect(() => {
    let live = true
    api.passwordPolicy?.().then(
      (policy) => live && setPolicy({ ...PASSWORD_POLICY, ...policy }),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [api])
  const save = async ({ originalPassword, password }: PasswordValues) => {
    setSaving(true)
    try {
      await api.changePassword(originalPassword, password)
      services.ui.notifier.success(t('personal.passwordChanged'))
      form.resetFields()
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false)
    }
  }
  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 420 }}
      onFinish={(v) => void save(v)}
    >
      <Typography.Paragraph type="secondary">
        {t('personal.policy', { min: p.minLength, max: p.maxLength })}
      </Typography.Paragraph>
      <Form.Item
        name="originalPassword"
        label={t('personal.currentPassword')}
        rules={[{ required: true, message: t('personal.currentPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('personal.newPassword')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const problems = passwordProblems(value ?? '', user.loginName, p)
              if (problems.length)
                throw new Error(
                  t('personal.passwordNeeds', {
                    rules: problems
                      .map((x) => t(`personal.rule.${x.rule}`, { count: x.count }))
                      .join(t('personal.listSeparator')),
                  }),
                )
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('personal.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('personal.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value !== getFieldValue('password')) throw new Error(t('personal.confirmMismatch'))
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('personal.changePassword')}
      </Button>
    </Form>
  )
}
