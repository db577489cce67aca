/**
 * Reading a schema file's text as JSON the way a person fixes it: a syntax error with its line, column and what
 * to do (not only "Unexpected token"), and duplicate keys, which `JSON.parse` silently resolves to the last one.
 * Shared by `npm run schemas:check`, the server's page loading and the playground.
 */
import { pointerSegment } from './issue'

export interface JsonSyntaxError {
  line: number
  column: number
  message: string
  suggestion: string
}

export interface DuplicateKey {
  /** Pointer of the duplicate member (the later one, which JSON.parse keeps). */
  pointer: string
  line: number
  column: number
  /** Line of the first occurrence. */
  firstLine: number
}

export type ParsedJson = { ok: true; data: unknown } | { ok: false; error: JsonSyntaxError }

/** 1-based line and column of a character offset. */
export function lineColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset).split('\n')
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 }
}

/** What to do about a syntax error at `offset`, from the characters around it. */
function fixFor(source: string, offset: number, message: string): string {
  if (offset >= source.length || /end of JSON/i.test(message))
    return 'the file ends too early: close every { and [ that is still open (and every string)'
  const at = source[offset]
  const previous = source.slice(0, offset).trimEnd().at(-1)
  if ((at === '}' || at === ']') && previous === ',') return `remove the comma before this '${at}'`
  if (at === "'") return 'JSON strings and keys take double quotes: write "…" instead of \'…\''
  if (
    at === '"' &&
    (previous === '"' || previous === '}' || previous === ']' || /[\d el]/.test(previous ?? ''))
  )
    return 'add a comma after the previous value'
  if (/property name/i.test(message)) return 'write the key in double quotes: "name": …'
  if (at === '/') return 'JSON has no comments: remove it (put notes in "description")'
  return 'correct the JSON syntax here'
}

/** Parses `source`; a syntax error comes with its line, column and a fix. */
export function parseJsonText(source: string): ParsedJson {
  try {
    return { ok: true, data: JSON.parse(source) as unknown }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const found = /position (\d+)/.exec(message)
    const offset = found ? Number(found[1]) : source.length
    return {
      ok: false,
      error: {
        ...lineColumn(source, offset),
        message: `not valid JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`,
        suggestion: fixFor(source, offset, message),
      },
    }
  }
}

/**
 * Keys that appear twice in one object of a VALID JSON text (call after JSON.parse succeeded). Each later
 * occurrence is reported with its pointer, line and column and the line of the first.
 */
export function duplicateKeys(source: string): DuplicateKey[] {
  const found: DuplicateKey[] = []
  // One frame per open container: its pointer, and for an object the keys seen (key → line) and the pending key.
  type Frame = { pointer: string; keys?: Map<string, number>; key?: string; index: number }
  const stack: Frame[] = []
  let line = 1
  let lineStart = 0
  const childPointer = (frame: Frame | undefined) =>
    !frame ? '' : `${frame.pointer}/${pointerSegment(frame.keys ? (frame.key ?? '') : frame.index)}`
  let expectKey = false
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (c === '\n') {
      line++
      lineStart = i + 1
    } else if (c === '"') {
      const start = i
      let text = ''
      for (i++; i < source.length && source[i] !== '"'; i++)
        text += source[i] === '\\' ? source.slice(i, ++i + 1) : source.charAt(i)
      const top = stack.at(-1)
      if (top?.keys && expectKey) {
        const key = JSON.parse(`"${text}"`) as string
        const first = top.keys.get(key)
        top.key = key
        if (first !== undefined)
          found.push({
            pointer: childPointer(top),
            line,
            column: start - lineStart + 1,
            firstLine: first,
          })
        else top.keys.set(key, line)
        expectKey = false
      }
    } else if (c === '{' || c === '[') {
      const pointer = childPointer(stack.at(-1))
      stack.push(c === '{' ? { pointer, keys: new Map(), index: 0 } : { pointer, index: 0 })
      expectKey = c === '{'
    } else if (c === '}' || c === ']') {
      stack.pop()
    } else if (c === ',') {
      const top = stack.at(-1)
      if (top?.keys) expectKey = true
      else if (top) top.index++
    }
  }
  return found
}
