/**
 * Prints a JsonTree as prettier 3 prints a `.json` file with the repository's settings (printWidth 110, two
 * spaces, no trailing commas), so the designer writes what `prettier --check` accepts:
 * - an object stays on one line when it fits, unless it was written across lines (its first key on a new line);
 * - an array stays on one line when it fits, except one of several objects (each with more than one key) or of
 *   several arrays (each with more than one item), which puts one item per line; numbers fill the lines;
 * - a container that must break breaks every container around it; a value never moves below its key;
 * - widths count East Asian wide characters twice, as prettier does.
 * The round-trip test prints every page file of schemas/pages back byte for byte.
 */
import type { JsonTree } from './json-tree'

const PRINT_WIDTH = 110
const INDENT = '  '

/** Text width as prettier measures it: wide and full-width characters (CJK, emoji) count 2. */
export function textWidth(text: string): number {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(text)) return text.length
  let width = 0
  for (const character of text) {
    const code = character.codePointAt(0)!
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || (code >= 0x300 && code <= 0x36f)) continue
    width += isWide(code) ? 2 : 1
  }
  return width
}

const WIDE: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x23e9, 0x23ec],
  [0x25fd, 0x25fe],
  [0x2614, 0x2615],
  [0x2648, 0x2653],
  [0x26a1, 0x26a1],
  [0x26aa, 0x26ab],
  [0x26bd, 0x26be],
  [0x26c4, 0x26c5],
  [0x26d4, 0x26d4],
  [0x26ea, 0x26ea],
  [0x26f2, 0x26f5],
  [0x26fa, 0x26fd],
  [0x2705, 0x2705],
  [0x270a, 0x270b],
  [0x2728, 0x2728],
  [0x274c, 0x274c],
  [0x2753, 0x2755],
  [0x2757, 0x2757],
  [0x2795, 0x2797],
  [0x27b0, 0x27b0],
  [0x27bf, 0x27bf],
  [0x2b1b, 0x2b1c],
  [0x2b50, 0x2b50],
  [0x2b55, 0x2b55],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f004, 0x1f004],
  [0x1f0cf, 0x1f0cf],
  [0x1f18e, 0x1f18e],
  [0x1f191, 0x1f19a],
  [0x1f200, 0x1f251],
  [0x1f300, 0x1f64f],
  [0x1f680, 0x1f6ff],
  [0x1f7e0, 0x1f7eb],
  [0x1f90c, 0x1f9ff],
  [0x1fa70, 0x1faff],
  [0x20000, 0x3fffd],
]

function isWide(code: number): boolean {
  if (code < 0x1100) return false
  for (const [from, to] of WIDE) if (code >= from && code <= to) return true
  return false
}

/** The text of a whole file: the tree and a final newline. */
export function printJsonTree(tree: JsonTree): string {
  return `${printNode(tree, '', 0, 0)}\n`
}

/** One line, as the node prints when it fits. */
function flat(node: JsonTree): string {
  switch (node.type) {
    case 'object':
      return node.entries.length
        ? `{ ${node.entries.map((e) => `${e.rawKey}: ${flat(e.value)}`).join(', ')} }`
        : '{}'
    case 'array':
      return `[${node.items.map(flat).join(', ')}]`
    case 'literal':
      return String(node.value)
    default:
      return node.raw
  }
}

/** Arrays prettier always prints one item per line (more than one object or array, each of several entries). */
function breaksItself(node: JsonTree): boolean {
  if (node.type === 'object') return node.expanded
  if (node.type !== 'array' || node.items.length < 2) return false
  return (
    node.items.every((i) => i.type === 'object' && i.entries.length > 1) ||
    node.items.every((i) => i.type === 'array' && i.items.length > 1)
  )
}

/** A container with a forced break anywhere inside breaks too (prettier's propagated breakParent). */
function mustBreak(node: JsonTree): boolean {
  if (breaksItself(node)) return true
  if (node.type === 'object') return node.entries.some((e) => mustBreak(e.value))
  if (node.type === 'array') return node.items.some(mustBreak)
  return false
}

/**
 * `column`: where the node starts on its line; `trailing`: width of what follows it on that line (a comma).
 */
function printNode(node: JsonTree, indent: string, column: number, trailing: number): string {
  if (node.type !== 'object' && node.type !== 'array') return flat(node)
  const oneLine = flat(node)
  if (!mustBreak(node) && column + textWidth(oneLine) + trailing <= PRINT_WIDTH) return oneLine
  const inner = indent + INDENT
  if (node.type === 'object') {
    const lines = node.entries.map((entry, i) => {
      const start = `${inner}${entry.rawKey}: `
      const last = i === node.entries.length - 1
      return start + printNode(entry.value, inner, textWidth(start), last ? 0 : 1)
    })
    return `{\n${lines.join(',\n')}\n${indent}}`
  }
  if (node.items.length && node.items.every((i) => i.type === 'number')) {
    return `[\n${inner}${fillNumbers(node.items.map(flat), inner.length)}\n${indent}]`
  }
  const lines = node.items.map(
    (item, i) => inner + printNode(item, inner, inner.length, i === node.items.length - 1 ? 0 : 1),
  )
  return `[\n${lines.join(',\n')}\n${indent}]`
}

/** prettier's fill: the next number stays on the line when it and the one before fit from the one before. */
function fillNumbers(items: string[], start: number): string {
  let out = ''
  let column = start
  items.forEach((item, i) => {
    out += item
    const next = items[i + 1]
    if (next === undefined) return
    if (column + item.length + 2 + next.length <= PRINT_WIDTH) {
      out += ', '
      column += item.length + 2
    } else {
      out += `,\n${' '.repeat(start)}`
      column = start
    }
  })
  return out
}
