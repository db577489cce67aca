/**
 * Error pages (/exception/403|404|500|501, /404) and the public session pages (/public/unauthorized,
 * /public/kickoff, /public/self-error): each says what happened and offers the way on (CORE-SES-11).
 */
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { homeAddress, redirectToLogin } from '../session/login'
import { useServices } from '../stores/contexts'

export type ExceptionCode = '403' | '404' | '500' | '501'
const RESULT_STATUS = { '403': '403', '404': '404', '500': '500', '501': 'warning' } as const

/** An error page; "back to home" is a full load of `/`, so it also works for someone not signed in. */
export function ExceptionPage({ code }: { code: ExceptionCode }) {
  const { t } = useTranslation()
  return (
    <Result
      status={RESULT_STATUS[code]}
      title={t(`exception.${code}.title`)}
      subTitle={t(`exception.${code}.desc`)}
      extra={
        <Button type="primary" href="/">
          {t('exception.backHome')}
        </Button>
      }
    />
  )
}

export type PublicStatus = 'unauthorized' | 'kickoff' | 'selfError'
const PUBLIC_RESULT = { unauthorized: 'warning', kickoff: 'info', selfError: 'error' } as const

/** A page shown after the session ended or broke: sign in again (returning home) or go home. */
export function PublicStatusPage({ status }: { status: PublicStatus }) {
  const { t } = useTranslation()
  const { browser } = useServices()
  return (
    <Result
      status={PUBLIC_RESULT[status]}
      title={t(`public.${status}.title`)}
      subTitle={t(`public.${status}.desc`)}
      extra={[
        <Button key="login" type="primary" onClick={() => redirectToLogin(browser, homeAddress(browser))}>
          {t('public.signIn')}
        </Button>,
        <Button key="home" href="/">
          {t('public.home')}
        </Button>,
      ]}
    />
  )
}
