/**
 * Line and column of a JSON pointer in the file's text (json-source-map). Without the text (a page parsed
 * elsewhere) positions come from a 2-space rendering of the data, which matches a pretty-printed file.
 */
import { parse, stringify, type Mapping } from 'json-source-map'

export type PositionOf = (pointer: string) => { line: number; column: number }

export function sourcePositions(source: string | undefined, data: unknown): PositionOf {
  // Parsed on the first question only: most pages have no issue, and parsing with positions is the costly
  // part of loading page files at server start (bench measure 8).
  let pointers: Record<string, Mapping> | undefined | null
  const load = () => {
    try {
      return source !== undefined ? parse(source).pointers : stringify(data, null, 2).pointers
    } catch {
      return null
    }
  }
  return (pointer) => {
    if (pointers === undefined) pointers = load()
    if (pointers === null) return { line: 0, column: 0 }
    // Walk up to the nearest node that exists (a missing property is reported on its parent object).
    let current = pointer
    for (;;) {
      const mapping: Mapping | undefined = pointers[current]
      if (mapping) {
        const at = mapping.key ?? mapping.value
        return { line: at.line + 1, column: at.column + 1 }
      }
      if (current === '') return { line: 0, column: 0 }
      current = current.slice(0, current.lastIndexOf('/'))
    }
  }
}
