import { FilterOutlined } from '@ant-design/icons'
import { Alert, Button, Collapse, Select, Space, Switch } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import {
  usePageContext,
  useRendererEnv,
  type FilterCondition,
  type FilterRow,
  type QueryTemplate,
} from '../../renderer/index'
import { buildConditions, emptyRow, rowsComplete, templateContent } from './filter-rows'
import { FilterRowsEditor } from './FilterRowsEditor'
import { SaveTemplateDialog } from './SaveTemplateDialog'
import { useFilterTemplates } from './use-filter-templates'

export interface FilterTemplatesProps {
  /** Menu id of the page: templates are kept per user and menu (CORE-FLT-05, CORE-FLT-31). */
  menuId: number
  /** The page's model, "<service>/<entity>": its filterable fields are offered (CORE-FLT-10). */
  model: string
  /** Display labels by field code (the page's field labels); the server's label otherwise. */
  labels?: Record<string, string>
  /** The conditions to filter the list by (called with [] when the filter is cleared). */
  onApply(conditions: FilterCondition[]): void
}

/**
 * The filter-template editor of a menu page (CORE-FLT-01…31): collapsed until opened, edit mode off by default;
 * with edit mode off templates are chosen and applied, rows are read-only; with it on rows can be changed and
 * templates saved or deleted (CORE-FLT-04 design). The default template fills in and applies on load.
 */
export function FilterTemplates({ menuId, model, labels, onApply }: FilterTemplatesProps) {
  const env = useRendererEnv()
  const { t } = usePageContext()
  const state = useFilterTemplates(menuId, model)
  const fields = useMemo(
    () => state.fields.map((f) => ({ ...f, fieldLabel: labels?.[f.fieldCode] ?? f.fieldLabel })),
    [state.fields, labels],
  )
  const [open, setOpen] = useState(false)
  const [editing, setEditing] = useState(false)
  const [selected, setSelected] = useState<QueryTemplate>()
  const [rows, setRows] = useState<FilterRow[]>([emptyRow()])
  const [saving, setSaving] = useState(false)
  const applyRef = useRef(onApply)
  applyRef.current = onApply

  const choose = (template: QueryTemplate | undefined, apply = true) => {
    setSelected(template)
    const next = template?.templateContent.length ? template.templateContent : [emptyRow()]
    setRows(next)
    if (apply) applyRef.current(buildConditions(next, fields))
  }

  // CORE-FLT-06: the default template loads once, when fields and templates are known.
  const defaultApplied = useRef(false)
  useEffect(() => {
    if (!state.ready || defaultApplied.current) return
    defaultApplied.current = true
    const preset = state.templates.find((template) => template.isDefault === 1)
    if (preset) choose(preset)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once when ready; choose reads current fields
  }, [state.ready])

  const startSave = () => {
    if (!rowsComplete(rows)) return env.notify.error(t('filter.invalid')) // CORE-FLT-23: nothing is saved
    setSaving(true)
  }
  const save = async (values: { templateName: string; isDefault: 0 | 1 }) => {
    const saved = await state.save({
      id: selected?.id,
      objectVersionNumber: selected?.objectVersionNumber,
      ...values,
      templateContent: templateContent(rows),
    })
    setSaving(false)
    setSelected(saved) // CORE-FLT-27: the saved template stays selected
    env.notify.success(t('filter.saved'))
  }
  const remove = async () => {
    if (!selected) return
    if (!(await env.confirm({ title: t('filter.confirmDelete'), danger: true }))) return
    await state.remove(selected)
    choose(undefined) // CORE-FLT-29: back to one empty row
    env.notify.success(t('filter.deleted'))
  }

  const header = (
    <Space>
      <FilterOutlined />
      <span>{t('filter.title')}</span>
      {selected ? <strong>{selected.templateName}</strong> : null}
    </Space>
  )
  const body = (
    <div style={{ display: 'grid', gap: 12 }}>
      {state.error ? (
        <Alert type="error" showIcon message={t('filter.loadFailed', { message: state.error })} />
      ) : null}
      <Space wrap>
        <Select
          aria-label={t('filter.template.placeholder')}
          placeholder={t('filter.template.placeholder')}
          allowClear
          style={{ minWidth: 220 }}
          value={selected?.id}
          options={state.templates.map((tpl) => ({ value: tpl.id, label: tpl.templateName }))}
          onChange={(id?: number) => choose(state.templates.find((tpl) => tpl.id === id))}
        />
        <Switch
          aria-label={t('filter.editMode')}
          checked={editing}
          onChange={setEditing}
          checkedChildren={t('filter.editMode')}
          unCheckedChildren={t('filter.editMode')}
        />
      </Space>
      <FilterRowsEditor rows={rows} fields={fields} editing={editing} onChange={setRows} />
      <Space>
        <Button type="primary" onClick={() => onApply(buildConditions(rows, fields))}>
          {t('filter.apply')}
        </Button>
        <Button disabled={!editing} onClick={startSave}>
          {t('filter.save')}
        </Button>
        <Button danger disabled={!editing || !selected} onClick={() => void remove().catch(() => undefined)}>
          {t('filter.delete')}
        </Button>
      </Space>
      <SaveTemplateDialog open={saving} current={selected} onCancel={() => setSaving(false)} onSave={save} />
    </div>
  )
  return (
    <Collapse
      className="wms-filter-templates"
      size="small"
      activeKey={open ? ['filters'] : []}
      onChange={(keys) => setOpen(keys.includes('filters'))}
      items={[{ key: 'filters', label: header, children: body }]}
    />
  )
}
