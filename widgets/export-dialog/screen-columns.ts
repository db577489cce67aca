/**
 * The screen's columns as an export sends them (issue 19): the visible columns in the user's order, titled as
 * shown, each saying how its cell is drawn (a Lov names the referenced record, a value set the code's meaning),
 * so the file is what the screen shows, in the screen's language.
 */
import { widgetDefinition, type ColumnModel, type ExportScreenColumn } from '../../renderer/index'

export function exportScreenColumns(columns: ColumnModel[]): ExportScreenColumn[] {
  return columns.map(({ field, title, widget, spec }) => {
    const picks = widgetDefinition(widget)?.lov // a Lov widget: one row or several
    const lov = picks && spec.lovCode ? spec.lovCode : undefined
    const textField = lov ? spec.lov?.textField : undefined
    return {
      field,
      title,
      ...(lov ? { lovCode: lov } : {}),
      ...(textField ? { textField } : {}),
      ...(spec.lookupCode ? { lookupCode: spec.lookupCode } : {}),
      ...(lov && picks === 'many' ? { multiple: true } : {}),
    }
  })
}

/** The query parameters carrying them (none when the caller gives no columns: the model's own then). */
export const screenColumnsParams = (columns: ExportScreenColumn[] | undefined) =>
  columns?.length ? { exportColumns: JSON.stringify(columns) } : {}
