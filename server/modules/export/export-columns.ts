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
import type { ReferenceNames } from './reference-names.ts'

/** Id of the tree's root; field columns are numbered from 2 in model order. */
export const ROOT_COLUMN_ID = 1

export interface ExportColumn {
  id: number
  field: ModelField
  title: string
  /** The screen draws the column through this Lov: the cell is the referenced record's name (screen-columns.ts). */
  lovCode?: string
  /** The row's field keeping the Lov's display text, used when filled. */
  textField?: string
  /** The screen shows the code's meaning in this value set (the model field's own lookupCode otherwise). */
  lookupCode?: string
  /** A MulLov column: comma-joined keys. */
  multiple?: boolean
}

/** Every exportable field of the model (json fields hold structures, not cell values). */
export function exportColumns(model: ModelSchema): ExportColumn[] {
  return model.fields
    .map((field, index) => ({ id: index + 2, field, title: field.label ?? field.name }))
    .filter((column) => column.field.type !== 'json')
}

/** The exportType=COLUMN answer: a root "Class" node with one checked child per column. */
export function columnTree(model: ModelSchema, columns = exportColumns(model)): ExportColumnTree {
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
    children: columns.map((column, order) => ({
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
  /** Names of referenced records (reference-names.ts), for the columns drawn through a Lov. */
  references?: Pick<ReferenceNames, 'cell'>,
): Promise<Array<(row: Row) => CellValue>> {
  const lookupOf = (column: ExportColumn) => column.lookupCode ?? column.field.lookupCode
  const codes = [...new Set(columns.map(lookupOf).filter((c): c is string => !!c))]
  const values = await lookupValues(db, codes, tenantId, language)
  const [yes, no] = YES_NO[language]
  return columns.map((column) => {
    const { field } = column
    const name = field.name
    if (column.lovCode && references) return (row) => references.cell(column, row)
    const lookupCode = lookupOf(column)
    if (lookupCode) {
      const meanings = new Map((values.get(lookupCode) ?? []).map((v) => [v.value, v.meaning]))
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
