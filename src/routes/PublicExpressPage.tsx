/**
 * /public/express (CORE-SES-04): the express query without signing in. It calls the public endpoint
 * GET /api/ets/v1/public/express/track with no cookies and shows each parcel's status and timeline (the server
 * never sends receiver details or order numbers here). Texts come from the widgets' ets bundle in the shell's
 * language; `?q=` fills and runs the query, `?tenantId=` names the tenant a printed link belongs to.
 */
import { Card, Typography } from 'antd'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import type { Language } from '../../renderer/contract/wire'
import etsTexts from '../../renderer/i18n/ets.texts.json'
import { interpolate } from '../../renderer/i18n/texts'
import {
  checkNumbers,
  ExpressSearch,
  type LabelOf,
  type SearchState,
  type Translate,
  type TrackResult,
} from '../../widgets/express-tracker/ExpressView'
import { toLanguage } from '../locales/i18n'

const texts = etsTexts as Record<string, Record<Language, string>>

/** Calls the public express query; rejects with the server's message (a 400 names what is wrong). */
export async function trackPublic(q: string, tenantId?: string | null): Promise<TrackResult> {
  const query = new URLSearchParams({ q })
  if (tenantId && /^\d+$/.test(tenantId)) query.set('tenantId', tenantId)
  const response = await fetch(`/api/ets/v1/public/express/track?${query.toString()}`, {
    credentials: 'omit',
    headers: { Accept: 'application/json' },
  })
  const body = (await response.json().catch(() => undefined)) as
    (TrackResult & { failed?: boolean; message?: string }) | undefined
  if (!response.ok || !body || body.failed) throw new Error(body?.message ?? `HTTP ${response.status}`)
  return body
}

export function PublicExpressPage() {
  const { i18n } = useTranslation()
  const language = toLanguage(i18n.language)
  const [searchParams] = useSearchParams()
  const initial = searchParams.get('q') ?? ''
  const tenantId = searchParams.get('tenantId')
  const [state, setState] = useState<SearchState>({ phase: 'idle' })
  const seq = useRef(0)
  const t: Translate = useMemo(
    () => (key, vars) => interpolate(texts[key]?.[language] ?? texts[key]?.zh_CN ?? key, vars),
    [language],
  )
  const labelOf: LabelOf = (code, value) => {
    if (!value) return ''
    const key = code === 'ETS.CARRIER' ? `ets.express.carrierName.${value}` : `ets.express.state.${value}`
    return texts[key] ? t(key) : value
  }
  const run = useCallback(
    (text: string) => {
      const problem = checkNumbers(text, t)
      if (problem) return setState({ phase: 'error', message: problem })
      const mine = ++seq.current
      setState({ phase: 'loading' })
      trackPublic(text.trim(), tenantId).then(
        (result) => mine === seq.current && setState({ phase: 'done', result }),
        (error: unknown) =>
          mine === seq.current &&
          setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) }),
      )
    },
    [t, tenantId],
  )
  useEffect(() => {
    if (initial.trim()) run(initial)
    // Only the query the page opened with runs by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial])
  return (
    <div style={{ minHeight: '100vh', background: '#f5f5f5', padding: '48px 16px' }}>
      <Card style={{ maxWidth: 880, margin: '0 auto' }}>
        <Typography.Title level={3}>{t('ets.express.publicTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('ets.express.publicHint')}</Typography.Paragraph>
        <ExpressSearch key={initial} initial={initial} state={state} onSearch={run} t={t} labelOf={labelOf} />
      </Card>
    </div>
  )
}

export default PublicExpressPage
