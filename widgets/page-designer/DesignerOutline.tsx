import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons'
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Button, Select, Typography } from 'antd'
import { usePageContext } from '../../renderer/index'
import type { DesignerElement, DesignerGroup, DesignerItem, DesignerList } from './designer-elements'

export interface DesignerOutlineProps {
  lists: DesignerList[]
  /** The page's other elements (title, buttons, row actions, sections, tabs, cards): selected, not reordered. */
  groups?: DesignerGroup[]
  /** A text of the designed page (its `texts`) in the user's language, e.g. a section's title. */
  textOf?(key: string): string
  /** The name an element of a group shows. */
  nameOfElement?(element: DesignerElement): string
  onSelectElement?(element: DesignerElement): void
  /** The name an item shows (its label in the user's language, else the field name). */
  nameOf(field: string): string
  /** Model fields that can still be added to a list (not in it yet). */
  addable(list: DesignerList): string[]
  /** `${list.pointer}#${field}` of the selected item, or the pointer of the selected element of a group. */
  selected?: string
  onSelect(list: DesignerList, item: DesignerItem): void
  onMove(list: DesignerList, from: number, to: number): void
  onAdd(list: DesignerList, field: string): void
  /** "New model field…": opens the form that adds a field to the model file (absent: no such entry). */
  onNewField?(list: DesignerList): void
  onRemove(list: DesignerList, index: number): void
}

export const itemKey = (list: DesignerList, field: string) => `${list.pointer}#${field}`

/** The value of the "New model field…" entry (a model field name never starts with a space). */
export const NEW_FIELD = ' new'

/**
 * The page's search fields, columns and form sections as lists: select an item to edit it, drag it (or use the
 * move buttons, or the keyboard on the handle) to reorder, remove it, or add a field from the page's model.
 */
export function DesignerOutline(props: DesignerOutlineProps) {
  const { t } = usePageContext()
  const heading = (list: DesignerList) =>
    list.kind === 'search'
      ? t('hpfm.designer.search')
      : list.kind === 'column'
        ? t('hpfm.designer.columns')
        : t('hpfm.designer.section', {
            name: list.titleKey ? (props.textOf?.(list.titleKey) ?? t(list.titleKey)) : String(list.section),
          })
  const groupHeading = (group: DesignerGroup) => t(`hpfm.designer.${group.kind}`)
  const [page, ...others] = props.groups ?? []
  const pageGroup = page?.kind === 'page' ? page : undefined
  const rest = pageGroup ? others : (props.groups ?? [])
  return (
    <nav aria-label={t('hpfm.designer.elements')}>
      {pageGroup ? <OutlineGroup group={pageGroup} heading={groupHeading(pageGroup)} {...props} /> : null}
      {props.lists.map((list) => (
        <OutlineList key={list.pointer} list={list} heading={heading(list)} {...props} />
      ))}
      {rest.map((group) => (
        <OutlineGroup key={group.kind} group={group} heading={groupHeading(group)} {...props} />
      ))}
    </nav>
  )
}

/** A group of elements that are selected only (the page title, buttons, sections, tabs, cards). */
function OutlineGroup({
  group,
  heading,
  ...props
}: DesignerOutlineProps & { group: DesignerGroup; heading: string }) {
  const { t } = usePageContext()
  return (
    <section aria-label={heading} style={{ marginBottom: 16 }}>
      <Typography.Text strong>{heading}</Typography.Text>
      <ul style={{ listStyle: 'none', padding: 0, margin: '4px 0' }}>
        {group.items.map((element) => {
          const name = props.nameOfElement?.(element) ?? element.fallback
          const selected = props.selected === element.pointer
          return (
            <li
              key={element.pointer}
              style={{ borderRadius: 4, background: selected ? 'rgba(47, 84, 235, 0.12)' : undefined }}
            >
              <Button
                type="text"
                size="small"
                aria-pressed={selected}
                aria-label={`${t('hpfm.designer.select')}: ${name}`}
                onClick={() => props.onSelectElement?.(element)}
                style={{ width: '100%', textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {name}
              </Button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function OutlineList({
  list,
  heading,
  ...props
}: DesignerOutlineProps & { list: DesignerList; heading: string }) {
  const { t } = usePageContext()
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const ids = list.items.map((item) => itemKey(list, item.field))
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    props.onMove(list, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)))
  }
  const addable = props.addable(list)
  return (
    <section aria-label={heading} style={{ marginBottom: 16 }}>
      <Typography.Text strong>{heading}</Typography.Text>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul style={{ listStyle: 'none', padding: 0, margin: '4px 0' }}>
            {list.items.map((item, index) => (
              <OutlineItem
                key={ids[index]}
                id={ids[index]!}
                name={props.nameOf(item.field)}
                field={item.field}
                selected={props.selected === ids[index]}
                first={index === 0}
                last={index === list.items.length - 1}
                onSelect={() => props.onSelect(list, item)}
                onMove={(by) => props.onMove(list, index, index + by)}
                onRemove={() => props.onRemove(list, index)}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      {addable.length || props.onNewField ? (
        <Select
          size="small"
          style={{ width: '100%' }}
          aria-label={`${t('hpfm.designer.add')}: ${heading}`}
          placeholder={t('hpfm.designer.add')}
          value={null}
          showSearch
          options={[
            ...addable.map((field) => ({ value: field, label: `${props.nameOf(field)} (${field})` })),
            ...(props.onNewField ? [{ value: NEW_FIELD, label: t('hpfm.designer.newField') }] : []),
          ]}
          onChange={(field: string) =>
            field === NEW_FIELD ? props.onNewField?.(list) : props.onAdd(list, field)
          }
        />
      ) : null}
    </section>
  )
}

function OutlineItem(props: {
  id: string
  name: string
  field: string
  selected: boolean
  first: boolean
  last: boolean
  onSelect(): void
  onMove(by: -1 | 1): void
  onRemove(): void
}) {
  const { t } = usePageContext()
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: props.id })
  return (
    <li
      ref={setNodeRef}
      data-field={props.field}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        borderRadius: 4,
        background: props.selected
          ? 'rgba(47, 84, 235, 0.12)'
          : isDragging
            ? 'rgba(47, 84, 235, 0.06)'
            : undefined,
        transform: CSS.Transform.toString(transform),
        transition,
      }}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        icon={<HolderOutlined />}
        aria-label={`${t('hpfm.designer.drag')}: ${props.name}`}
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      />
      <Button
        type="text"
        size="small"
        aria-pressed={props.selected}
        aria-label={`${t('hpfm.designer.select')}: ${props.name}`}
        onClick={props.onSelect}
        style={{ flex: 1, textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {props.name}
      </Button>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        disabled={props.first}
        aria-label={`${t('hpfm.designer.moveUp')}: ${props.name}`}
        onClick={() => props.onMove(-1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        disabled={props.last}
        aria-label={`${t('hpfm.designer.moveDown')}: ${props.name}`}
        onClick={() => props.onMove(1)}
      />
      <Button
        type="text"
        size="small"
        icon={<DeleteOutlined />}
        aria-label={`${t('hpfm.designer.remove')}: ${props.name}`}
        onClick={props.onRemove}
      />
    </li>
  )
}
