/**
 * An export is the screen's columns, as shown (issue 19): the list page sends the columns the user sees, in
 * their order, with the titles they read (translated by the browser) and how each is drawn — a reference field
 * through a Lov (`lovCode`, the row's `textField`), a code through a value set (`lookupCode`). The server
 * checks every column against the model (an unknown or hidden field is refused, never exported by name) and
 * the file then carries those titles and the texts the cells show, not ids and model labels.
 *
 * Wire: `exportColumns=[{"field":"warehouseId","title":"Warehouse","lovCode":"WMDM.WAREHOUSE"},…]` (JSON) on
 * exportType=COLUMN and =DATA; the column ids are then 2, 3, … in this order. Without it, the model's fields.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest } from '../../errors.ts'
import type { ExportColumn } from './export-columns.ts'

const Code = Type.String({ pattern: '^[A-Z][A-Z0-9_]*(\\.[A-Z0-9_]+)*$', maxLength: 120 })
const FieldName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$', maxLength: 60 })
export const ScreenColumn = Type.Object(
  {
    field: FieldName,
    title: Type.String({ minLength: 1, maxLength: 120 }),
    lovCode: Type.Optional(Code),
    textField: Type.Optional(FieldName),
    lookupCode: Type.Optional(Code),
    multiple: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type ScreenColumn = Static<typeof ScreenColumn>
const ScreenColumns = Type.Array(ScreenColumn, { minItems: 1, maxItems: 100 })

export const SCREEN_COLUMNS_PARAM = 'exportColumns'

const refuse = (message: string) => badRequest(message, { [SCREEN_COLUMNS_PARAM]: message })

/** The request's screen columns, checked (undefined: the request sends none). */
export function readScreenColumns(raw: unknown): ScreenColumn[] | undefined {
  if (raw === undefined || raw === '') return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(String(raw))
  } catch {
    throw refuse(
      `${SCREEN_COLUMNS_PARAM} must be a JSON array of {field, title, lovCode?, textField?, lookupCode?}: it is not JSON.`,
    )
  }
  if (!Value.Check(ScreenColumns, parsed)) {
    const first = [...Value.Errors(ScreenColumns, parsed)][0]
    throw refuse(
      `${SCREEN_COLUMNS_PARAM}${first?.path ?? ''}: ${first?.message ?? 'invalid'}; send [{field, title, lovCode?, textField?, lookupCode?}, …] (1 to 100 columns).`,
    )
  }
  return parsed
}

/**
 * The export columns of the screen's columns, checked against the model (a field a field permission rule hides
 * from the session is left out by the caller, as for the model's own columns).
 */
export function screenExportColumns(model: ModelSchema, screen: ScreenColumn[]): ExportColumn[] {
  const fields = new Map(model.fields.filter((f) => f.type !== 'json').map((f) => [f.name, f]))
  const known = () => [...fields.keys()].join(', ')
  return screen.map((column, index) => {
    const field = fields.get(column.field)
    if (!field) throw refuse(`Column '${column.field}' is not a field of ${modelKey(model)}: use ${known()}.`)
    if (column.textField && !fields.has(column.textField))
      throw refuse(
        `The text field '${column.textField}' of column '${column.field}' is not a field of ${modelKey(model)}: use one of ${known()}.`,
      )
    return {
      id: index + 2,
      field,
      title: column.title,
      ...(column.lovCode ? { lovCode: column.lovCode } : {}),
      ...(column.textField ? { textField: column.textField } : {}),
      ...(column.lookupCode ? { lookupCode: column.lookupCode } : {}),
      ...(column.multiple ? { multiple: true } : {}),
    }
  })
}
