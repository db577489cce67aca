/** The elements of a label template (hrpt_label_template.elements_json), positions and sizes in millimetres. */
export interface LabelElement {
  type: 'text' | 'field' | 'barcode'
  x: number
  y: number
  width: number
  height: number
  fontSize?: number
  /** A text element's fixed text. */
  text?: string
  /** The data-set column a field or barcode element shows. */
  field?: string
}

/** The elements stored on a template, keeping only well-formed ones. */
export function readElements(value: unknown): LabelElement[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (e): e is LabelElement =>
      typeof e === 'object' && e !== null && ['text', 'field', 'barcode'].includes((e as LabelElement).type),
  )
}

/** What an element shows for one data row. */
export const elementValue = (element: LabelElement, row: Record<string, unknown>) =>
  element.type === 'text' ? (element.text ?? '') : String(row[element.field ?? ''] ?? '')
