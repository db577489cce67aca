import type { Form } from '@formily/core'
import { observer } from '@formily/react'
import { toJS } from '@formily/reactive'
import { useMemo, useState } from 'react'
import {
  usePageContext,
  useRegistry,
  type DynamicFormDefinition,
  type DynamicFormItem,
  type MasterDetailPage,
  type Row,
} from '../../renderer/index'

export type PreviewSpec = NonNullable<MasterDetailPage['preview']>

export interface DetailPreviewProps {
  preview: PreviewSpec
  /** The header form being edited. */
  form: Form
  /** The lines of the preview's detail block as they are now (saved, new or changed; removed ones are gone). */
  rows: Row[]
}

const flag = (value: unknown, fallback: number) =>
  value === undefined || value === null || value === ''
    ? fallback
    : Number(value === true ? 1 : value === false ? 0 : value)

/** The header and lines being edited as a dynamic form definition (what the server will answer once saved). */
export function previewDefinition(header: Row, rows: Row[]): DynamicFormDefinition {
  return {
    formCode: String(header.formCode ?? ''),
    formName: String(header.formName ?? ''),
    enabledFlag: flag(header.enabledFlag, 1),
    lines: rows.map((row): DynamicFormItem => ({
      itemCode: String(row.itemCode ?? ''),
      itemName: String(row.itemName ?? row.itemCode ?? ''),
      itemType: String(row.itemType ?? ''),
      requiredFlag: flag(row.requiredFlag, 0),
      lookupCode: (row.lookupCode as string | null | undefined) ?? null,
      lovCode: (row.lovCode as string | null | undefined) ?? null,
      defaultValue:
        row.defaultValue === undefined || row.defaultValue === null ? null : String(row.defaultValue),
      helpText: (row.helpText as string | null | undefined) ?? null,
      orderSeq: Number(row.orderSeq ?? 0),
      enabledFlag: flag(row.enabledFlag, 1),
    })),
  }
}

/**
 * The live preview of a master-detail page (page `preview`): the widget draws the header being edited with the
 * current lines, re-drawn as either changes, so a configurator sees the form before saving it. Its own input
 * is kept in the preview only.
 */
export const DetailPreview = observer(function DetailPreview({ preview, form, rows }: DetailPreviewProps) {
  const { t } = usePageContext()
  const Widget = useRegistry().get(preview.widget).component
  const text = JSON.stringify(previewDefinition(toJS(form.values) as Row, rows))
  // One definition object per content, so the preview's own form is made again only when the form changes.
  const definition = useMemo(() => JSON.parse(text) as DynamicFormDefinition, [text])
  const [value, setValue] = useState<Record<string, unknown>>({})
  return (
    <section aria-label={t(preview.title)} className="wms-detail-preview" style={{ marginTop: 16 }}>
      <h3 style={{ fontSize: 16 }}>{t(preview.title)}</h3>
      <div style={{ border: '1px dashed #d9d9d9', borderRadius: 6, padding: 12 }}>
        <Widget definition={definition} value={value} onChange={setValue} />
      </div>
    </section>
  )
})
