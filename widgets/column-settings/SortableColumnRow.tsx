import { HolderOutlined, VerticalLeftOutlined, VerticalRightOutlined, MinusOutlined } from '@ant-design/icons'
import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Button, Checkbox, Radio } from 'antd'
import { usePageContext, type ColumnSetting } from '../../renderer/index'

export interface SortableColumnRowProps {
  setting: ColumnSetting
  title: string
  onChange(change: Partial<ColumnSetting>): void
}

/** One column in the settings list: drag handle, show/hide, pin left / none / right. */
export function SortableColumnRow({ setting, title, onChange }: SortableColumnRowProps) {
  const { t } = usePageContext()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: setting.field })
  return (
    <li
      ref={setNodeRef}
      aria-label={title}
      data-field={setting.field}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '4px 0',
        background: isDragging ? 'rgba(47, 84, 235, 0.06)' : undefined,
        transform: CSS.Transform.toString(transform),
        transition,
      }}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        icon={<HolderOutlined />}
        aria-label={`${t('columns.drag')}: ${title}`}
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      />
      <Checkbox checked={setting.visible} onChange={(event) => onChange({ visible: event.target.checked })}>
        {title}
      </Checkbox>
      <Radio.Group
        size="small"
        optionType="button"
        style={{ marginLeft: 'auto' }}
        value={setting.fixed ?? 'none'}
        onChange={(event) => {
          const value = event.target.value as string
          onChange({ fixed: value === 'left' || value === 'right' ? value : null })
        }}
        options={[
          {
            value: 'left',
            label: <VerticalRightOutlined aria-label={`${t('columns.pinLeft')}: ${title}`} />,
            title: t('columns.pinLeft'),
          },
          {
            value: 'none',
            label: <MinusOutlined aria-label={`${t('columns.unpin')}: ${title}`} />,
            title: t('columns.unpin'),
          },
          {
            value: 'right',
            label: <VerticalLeftOutlined aria-label={`${t('columns.pinRight')}: ${title}`} />,
            title: t('columns.pinRight'),
          },
        ]}
      />
    </li>
  )
}
