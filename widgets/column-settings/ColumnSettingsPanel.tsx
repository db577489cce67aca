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
import type { Dispatch, SetStateAction } from 'react'
import { usePageContext, type ColumnSetting } from '../../renderer/index'
import { moveSetting } from './column-prefs'
import { SortableColumnRow } from './SortableColumnRow'

export interface ColumnSettingsPanelProps {
  /** The columns being edited; undefined while the panel is closed. */
  draft: ColumnSetting[] | undefined
  setDraft: Dispatch<SetStateAction<ColumnSetting[] | undefined>>
  titles: Record<string, string>
  busy: boolean
  onRestore(): void
  onConfirm(): void
}

/** The dialog of the column settings (ColumnSettings.tsx opens it): show or hide, drag to reorder, pin. */
export default function ColumnSettingsPanel({
  draft,
  setDraft,
  titles,
  busy,
  onRestore,
  onConfirm,
}: ColumnSettingsPanelProps) {
  const { t } = usePageContext()
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
  return (
    <Modal
      open={!!draft}
      title={t('columns.title')}
      width={480}
      onCancel={() => setDraft(undefined)}
      footer={[
        <Button key="restore" disabled={busy} onClick={onRestore}>
          {t('columns.restore')}
        </Button>,
        <Button key="confirm" type="primary" loading={busy} onClick={onConfirm}>
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
  )
}
