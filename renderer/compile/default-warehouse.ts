/**
 * Default warehouse pre-fill (PLAT-WH, CORE-API-21): a create form starts with the user's default warehouse in
 * its warehouse picker — the field's value, the text it shows (lov.textField) and the fields it fills (lov.fill)
 * — so most documents need no choice. A field takes part when it is a single Lov of WMDM.WAREHOUSE, or says
 * `"defaultWarehouse": true`; `"defaultWarehouse": false`, a `defaultValue` or `readOnly` keeps it out.
 */
import type { DefaultWarehouse } from '../env'
import type { FieldSpec } from '../schema/page'
import type { CompilablePage } from './compile-page'

export const DEFAULT_WAREHOUSE_LOV = 'WMDM.WAREHOUSE'

/** Whether `spec` is pre-filled with the default warehouse on a create form. */
export function takesDefaultWarehouse(spec: FieldSpec): boolean {
  if (spec.widget !== 'Lov' || spec.defaultValue !== undefined || spec.readOnly) return false
  return spec.defaultWarehouse ?? spec.lovCode === DEFAULT_WAREHOUSE_LOV
}

/** The fields of the form: its sections' fields, or every page field without sections (compileEditForm's rule). */
const formFields = (page: CompilablePage) =>
  page.form?.sections ? page.form.sections.flatMap((section) => section.fields) : Object.keys(page.fields)

/**
 * The values a new record of `page` starts with for the default warehouse: page field → value. Empty when the
 * user has no default warehouse or the form has no such field. A row field the default warehouse does not
 * carry (only id, code and name) is left out of lov.fill.
 */
export function defaultWarehouseValues(
  page: CompilablePage,
  warehouse: DefaultWarehouse | undefined,
): Record<string, unknown> {
  if (!warehouse) return {}
  const row: Record<string, unknown> = { ...warehouse }
  const values: Record<string, unknown> = {}
  for (const name of formFields(page)) {
    const spec = page.fields[name]
    if (!spec || !takesDefaultWarehouse(spec)) continue
    const value = row[spec.lov?.valueField ?? 'warehouseId']
    if (value === undefined) continue
    values[name] = value
    const text = row[spec.lov?.displayField ?? 'warehouseName']
    if (spec.lov?.textField && text !== undefined) values[spec.lov.textField] = text
    const fill: Record<string, string> = spec.lov?.fill ?? {}
    for (const [pageField, rowField] of Object.entries(fill))
      if (row[rowField] !== undefined) values[pageField] = row[rowField]
  }
  return values
}
