import { SettingOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { usePageContext, useRendererEnv, type ColumnSetting } from '../../renderer/index'

// The panel (a dialog with drag and drop, @dnd-kit) loads when it is first opened, not with every list page.
const ColumnSettingsPanel = lazy(() => import('./ColumnSettingsPanel'))
export const preloadColumnSettingsPanel = () => import('./ColumnSettingsPanel')

export interface ColumnSettingsProps {
  /** Every column of the table in the user's order (hidden ones too). */
  settings: ColumnSetting[]
  /** Column titles by field. */
  titles: Record<string, string>
  onConfirm(settings: ColumnSetting[]): Promise<void>
  onRestore(): Promise<void>
  /** Open the panel at once (stories). */
  defaultOpen?: boolean
}

/**
 * The column settings panel (CORE-COL-01…05): show or hide, drag to reorder (mouse or keyboard: Space, arrows,
 * Space), pin left or right; Confirm applies and saves, Restore returns to the page's columns.
 */
export function ColumnSettings({ settings, titles, onConfirm, onRestore, defaultOpen }: ColumnSettingsProps) {
  const { t } = usePageContext()
  const env = useRendererEnv()
  const [draft, setDraft] = useState<ColumnSetting[]>()
  // Mounted from the first opening on, so that closing animates as antd's Modal does.
  const [shown, setShown] = useState(false)
  if (draft && !shown) setShown(true)
  const [busy, setBusy] = useState(false)
  const open = (list = settings) => setDraft(list.map((s) => ({ ...s })))
  const [opened, setOpened] = useState(false)
  if (defaultOpen && !opened && !draft) {
    setOpened(true)
    open()
  }
  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
      setDraft(undefined)
    } catch {
      // the request already told the user what went wrong; the panel stays open with their changes
    } finally {
      setBusy(false)
    }
  }
  const confirm = () => {
    if (!draft?.some((s) => s.visible)) return env.notify.warning(t('columns.atLeastOne'))
    void run(() => onConfirm(draft))
  }
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => open()}>
        {t('columns.button')}
      </Button>
      {shown ? (
        <Suspense fallback={null}>
          <ColumnSettingsPanel
            draft={draft}
            setDraft={setDraft}
            titles={titles}
            busy={busy}
            onRestore={() => void run(onRestore)}
            onConfirm={confirm}
          />
        </Suspense>
      ) : null}
    </>
  )
}
