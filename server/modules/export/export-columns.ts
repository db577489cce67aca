/**
 * The columns a model offers to export (CORE-EXP-02) and how each cell is written: lookup codes as their
 * meaning in the user's language, flags and booleans as yes/no, dates in the wire formats, numbers as numbers.
 */
import type { ExportColumnTree } from '../../../renderer/contract/export.ts'
import type { Language } from '../../../renderer/contract/wire.ts'
import type { ModelField, ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { lookupValues } from '../hpfm/lookups.ts'
import type { Row } from '../models/model-scope.ts'

/** Id of the tree's root; field columns are numbered from 2 in model order. */
export const ROOT_COLUMN_ID = 1

export interface ExportColumn {
  id: number
  field: ModelField
  title: string
}

/** Every exportable field of the model (json fields hold structures, not cell values). */
export function exportColumns(model: ModelSchema): ExportColumn[] {
  return model.fields
    .map((field, index) => ({ id: index + 2, field, title: field.label ?? field.name }))
    .filter((column) => column.field.type !== 'json')
}

/** The exportType=COLUMN answer: a root "Class" node with one checked child per column. */
export function columnTree(model: ModelSchema): ExportColumnTree {
  return {
    id: ROOT_COLUMN_ID,
    title: model.entity,
    name: model.entity,
    parentId: 0,
    order: 0,
    type: 'Class',
    checked: true,
    enableAsync: true,
    defaultRequestMode: null,
    allowFillType: ['single-sheet'],
    allowFileType: ['EXCEL2007', 'CSV'],
    children: exportColumns(model).map((column, order) => ({
      id: column.id,
      title: column.title,
      name: column.field.name,
      parentId: ROOT_COLUMN_ID,
      order: order + 1,
      type: 'Data',
      checked: true,
    })),
  }
}

export type CellValue = string | number | null

const YES_NO: Record<Language, [string, string]> = {
  zh_CN: ['是', '否'],
  zh_TW: ['是', '否'],
  en_US: ['Yes', 'No'],
}

/** One function per column turning a row value into what the cell shows. */
export async function cellFormatters(
  db: Db,
  columns: ExportColumn[],
  tenantId: number,
  language: Language,
): Promise<Array<(row: Row) => CellValue>> {
  const codes = [...new Set(columns.map((c) => c.field.lookupCode).filter((c): c is string => !!c))]
  const values = await lookupValues(db, codes, tenantId, language)
  const [yes, no] = YES_NO[language]
  return columns.map(({ field }) => {
    const name = field.name
    if (field.lookupCode) {
      const meanings = new Map((values.get(field.lookupCode) ?? []).map((v) => [v.value, v.meaning]))
      return (row) => (row[name] == null ? null : (meanings.get(String(row[name])) ?? String(row[name])))
    }
    switch (field.type) {
      case 'flag':
      case 'boolean':
        return (row) => (row[name] == null ? null : row[name] === 1 || row[name] === true ? yes : no)
      case 'integer':
      case 'decimal':
        return (row) => (row[name] == null ? null : Number(row[name]))
      default:
        return (row) => (row[name] == null ? null : String(row[name]))
    }
  })
}
