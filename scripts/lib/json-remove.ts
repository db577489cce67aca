/**
 * Removes properties from a JSON text in place, keeping everything else as written (key order, `$schema`,
 * one-line objects): a codemod's edit, not a re-serialisation. Prettier then tidies the whitespace left behind.
 *
 * @example removeProperties('{ "a": 1, "b": 2 }', ['/b']) // '{ "a": 1 }'
 */
import { parse } from 'json-source-map'

/** `source` without the properties at `pointers` (each must name an object member). */
export function removeProperties(source: string, pointers: readonly string[]): string {
  // one at a time, positions read again each time: two removals in one object may share a comma
  return pointers.reduce(removeProperty, source)
}

function removeProperty(source: string, pointer: string): string {
  const mapping = parse(source).pointers[pointer]
  if (!mapping?.key) throw new Error(`${pointer} is not a property of this JSON text`)
  let start = mapping.key.pos
  let end = mapping.valueEnd.pos
  // the comma after the property goes with it; the last property takes the comma before it instead
  const after = /^\s*,[ \t]*/.exec(source.slice(end))
  if (after) end += after[0].length
  else {
    const before = /,\s*$/.exec(source.slice(0, start))
    if (before) start -= before[0].length
  }
  // an emptied line goes with the property
  const lineStart = source.lastIndexOf('\n', start - 1) + 1
  if (/^\s*$/.test(source.slice(lineStart, start)) && /^[ \t]*\n/.test(source.slice(end)))
    return source.slice(0, lineStart) + source.slice(end).replace(/^[ \t]*\n/, '')
  return source.slice(0, start) + source.slice(end)
}

/** `source` with the property at `pointer` renamed to `name`, its value and place kept. */
export function renameProperty(source: string, pointer: string, name: string): string {
  const mapping = parse(source).pointers[pointer]
  if (!mapping?.key || !mapping.keyEnd) throw new Error(`${pointer} is not a property of this JSON text`)
  return source.slice(0, mapping.key.pos) + JSON.stringify(name) + source.slice(mapping.keyEnd.pos)
}
