import { SettingOutlined } from '@ant-design/icons'
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { Button, Modal } from 'antd'
import { useState } from 'react'
import { usePageContext, useRendererEnv, type ColumnSetting } from '../../renderer/index'
import { moveSetting } from './column-prefs'
import { SortableColumnRow } from './SortableColumnRow'

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
  const [busy, setBusy] = useState(false)
  const open = (list = settings) => setDraft(list.map((s) => ({ ...s })))
  const [opened, setOpened] = useState(false)
  if (defaultOpen && !opened && !draft) {
    setOpened(true)
    open()
  }
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!draft || !over || active.id === over.id) return
    const from = draft.findIndex((s) => s.field === active.id)
    const to = draft.findIndex((s) => s.field === over.id)
    setDraft(moveSetting(draft, from, to))
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
      <Modal
        open={!!draft}
        title={t('columns.title')}
        width={480}
        onCancel={() => setDraft(undefined)}
        footer={[
          <Button key="restore" disabled={busy} onClick={() => void run(onRestore)}>
            {t('columns.restore')}
          </Button>,
          <Button key="confirm" type="primary" loading={busy} onClick={confirm}>
            {t('columns.confirm')}
          </Button>,
        ]}
      >
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={(draft ?? []).map((s) => s.field)} strategy={verticalListSortingStrategy}>
            <ul aria-label={t('columns.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {(draft ?? []).map((setting, index) => (
                <SortableColumnRow
                  key={setting.field}
                  setting={setting}
                  title={titles[setting.field] ?? setting.field}
                  onChange={(change) =>
                    setDraft((list) => list?.map((s, i) => (i === index ? { ...s, ...change } : s)))
                  }
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      </Modal>
    </>
  )
}
