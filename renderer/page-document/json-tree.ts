/**
 * A JSON text as a tree that remembers what a person (or prettier) wrote: key order, the raw text of strings and
 * numbers, and which objects were written across lines. printJsonTree prints it back the way prettier prints the
 * repository's JSON files (.prettierrc.json: printWidth 110, 2 spaces), so an unedited file prints byte for byte
 * and an edit changes only the lines it touches. Pure: no React, no Node.
 *
 * @example
 *   const tree = parseJsonTree(text)
 *   printJsonTree(tree) === text // for every prettier-formatted file
 */

export type JsonTree =
  | { type: 'object'; entries: JsonEntry[]; expanded: boolean }
  | { type: 'array'; items: JsonTree[] }
  | { type: 'string'; raw: string; value: string }
  | { type: 'number'; raw: string; value: number }
  | { type: 'literal'; value: boolean | null }

export interface JsonEntry {
  key: string
  rawKey: string
  value: JsonTree
}

/** Parses a JSON text (call after the page check found it valid JSON); throws on a syntax error. */
export function parseJsonTree(text: string): JsonTree {
  let at = 0
  const space = () => {
    while (at < text.length && ' \t\r\n'.includes(text[at]!)) at++
  }
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at offset ${at}`)
  }
  const string = (): { raw: string; value: string } => {
    const start = at
    at++
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1
    if (text[at] !== '"') fail('unterminated string')
    at++
    const raw = text.slice(start, at)
    return { raw, value: JSON.parse(raw) as string }
  }
  const value = (): JsonTree => {
    space()
    const c = text[at]
    if (c === '{') {
      const open = at
      at++
      space()
      const entries: JsonEntry[] = []
      // prettier keeps an object on several lines when its first key is on a line of its own
      const expanded = text.slice(open, at).includes('\n') && text[at] !== '}'
      while (text[at] !== '}') {
        if (text[at] !== '"') fail('expected a key')
        const key = string()
        space()
        if (text[at++] !== ':') fail('expected ":"')
        entries.push({ key: key.value, rawKey: key.raw, value: value() })
        space()
        if (text[at] === ',') {
          at++
          space()
        } else if (text[at] !== '}') fail('expected "," or "}"')
      }
      at++
      return { type: 'object', entries, expanded }
    }
    if (c === '[') {
      at++
      space()
      const items: JsonTree[] = []
      while (text[at] !== ']') {
        items.push(value())
        space()
        if (text[at] === ',') at++
        else if (text[at] !== ']') fail('expected "," or "]"')
        space()
      }
      at++
      return { type: 'array', items }
    }
    if (c === '"') return { type: 'string', ...string() }
    const word = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at, at + 40))?.[0]
    if (!word) return fail('unexpected character')
    at += word.length
    if (word === 'true' || word === 'false' || word === 'null')
      return { type: 'literal', value: word === 'null' ? null : word === 'true' }
    return { type: 'number', raw: word, value: Number(word) }
  }
  const tree = value()
  space()
  if (at < text.length) fail('text after the value')
  return tree
}

/** A plain JSON value as a tree; objects new to the file print on one line when they fit, as prettier does. */
export function toJsonTree(value: unknown): JsonTree {
  if (value === null || typeof value === 'boolean') return { type: 'literal', value }
  if (typeof value === 'number') return { type: 'number', raw: JSON.stringify(value), value }
  if (typeof value === 'string') return { type: 'string', raw: JSON.stringify(value), value }
  if (Array.isArray(value)) return { type: 'array', items: value.map(toJsonTree) }
  if (typeof value === 'object')
    return {
      type: 'object',
      expanded: false,
      entries: Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([key, v]) => ({ key, rawKey: JSON.stringify(key), value: toJsonTree(v) })),
    }
  throw new TypeError(`${typeof value} is not a JSON value`)
}

/** The plain value of a tree (key order kept, as JSON.parse keeps it for non-numeric keys). */
export function fromJsonTree(tree: JsonTree): unknown {
  switch (tree.type) {
    case 'object':
      return Object.fromEntries(tree.entries.map((e) => [e.key, fromJsonTree(e.value)]))
    case 'array':
      return tree.items.map(fromJsonTree)
    default:
      return tree.value
  }
}

/** The node at a JSON pointer ('' = the root), or undefined. */
export function nodeAt(tree: JsonTree, pointer: string): JsonTree | undefined {
  let node: JsonTree | undefined = tree
  for (const segment of pointerSegments(pointer)) {
    if (node?.type === 'object') node = node.entries.find((e) => e.key === segment)?.value
    else if (node?.type === 'array') node = /^\d+$/.test(segment) ? node.items[Number(segment)] : undefined
    else return undefined
  }
  return node
}

/** The unescaped segments of a JSON pointer (RFC 6901). */
export const pointerSegments = (pointer: string): string[] =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
