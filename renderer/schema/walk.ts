/** Visits every node of a parsed JSON document with its JSON pointer. */
import { pointerSegment } from './issue'

export type Visit = (value: unknown, pointer: string, key: string | undefined) => void | 'skip'

/** Depth-first walk; a visitor answering 'skip' does not descend into that node. */
export function walkJson(value: unknown, visit: Visit, pointer = '', key?: string): void {
  if (visit(value, pointer, key) === 'skip') return
  if (Array.isArray(value)) {
    value.forEach((item, index) => walkJson(item, visit, `${pointer}/${index}`, String(index)))
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) walkJson(v, visit, `${pointer}/${pointerSegment(k)}`, k)
  }
}
