/**
 * A page with only the `Cron` field (the product's component) for tests/e2e/cron.e2e.ts: the expression to
 * open comes from `?value=`, the language from `?lang=`; the field's value after OK is shown in the text box.
 * No page of the product needs a cron yet (the scheduler screens come later), so the e2e test drives this.
 */
import { ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import type { Language } from '../../../renderer/contract/wire'
import { createRegistry, RendererProvider } from '../../../renderer/index'
import { createFakeEnv } from '../../../stories/support/fake-env'
import { CronInput } from '../../../widgets/cron-editor/Cron'
import { cronWidget } from '../../../widgets/cron-editor/cron.widget'

const query = new URLSearchParams(window.location.search)
const language = (query.get('lang') ?? 'en_US') as Language
// The scheduler fires in Asia/Shanghai and the user's zone is the same: the runs show with that zone named.
const env = createFakeEnv({
  handlers: {
    'GET hsdr /v1/1/scheduler/time-zone': () => ({
      timeZone: 'Asia/Shanghai',
      serverTimeZone: 'Asia/Shanghai',
    }),
  },
  user: { language, timeZone: 'Asia/Shanghai' },
})
const registry = createRegistry([cronWidget])

function Harness() {
  const [value, setValue] = useState<string | null>(query.get('value'))
  return (
    <div style={{ padding: 24, maxWidth: 480 }}>
      <CronInput value={value} onChange={setValue} />
    </div>
  )
}

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={language === 'en_US' ? enUS : zhCN}>
    <RendererProvider env={env} registry={registry}>
      <Harness />
    </RendererProvider>
  </ConfigProvider>,
)
