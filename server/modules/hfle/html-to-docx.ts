/**
 * The online editor's HTML as a Word .docx, for saving a .docx document: the sanitised HTML (html-sanitize.ts:
 * only formatting tags, no attribute but a link's href) is parsed into a small tree and walked, building the
 * docx library's Paragraph, TextRun, ExternalHyperlink and Table objects. No HTML-to-docx library: the tag
 * subset is small and every tag has one meaning here.
 *
 * - p, div → a paragraph (an empty one stays an empty line); h1…h6 → Heading 1…6 (mammoth reads them back as
 *   h1…h6); blockquote → the "Quote" paragraph style (read back as blockquote, see docx-to-html.ts); pre → a
 *   paragraph in a monospace font with its line breaks; hr → a paragraph with a bottom border.
 * - ul / ol → bulleted / numbered paragraphs, nested lists one level deeper (Word has 9 levels); every ol
 *   starts its own numbering at 1.
 * - b/strong bold, i/em italic, u/ins underline, s/strike/del strike, sub, sup, code (monospace), nested in any
 *   order; br a line break; a link to http(s) or mailto or a path of this site → a hyperlink; a page anchor
 *   (#…) keeps its text only, since the document has no bookmark of that name.
 * - table → a table (th bold), caption → a paragraph above it.
 * Whitespace collapses as a browser shows it (outside pre); characters XML cannot hold are dropped.
 */
import {
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx'

// ---- parsing the sanitised HTML ----

export interface Element {
  tag: string
  href?: string
  children: Node[]
}
export type Node = Element | string

const VOID = new Set(['br', 'hr'])

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
/** The character references a browser's innerHTML and mammoth write (others stay as written). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ''
  })
}

/**
 * A tree of the sanitised HTML. Closing tags close the nearest open element of that name (and what is open
 * inside it); a closing tag with no open element is ignored; what is still open at the end is closed.
 */
export function parseHtml(html: string): Node[] {
  const root: Element = { tag: '#root', children: [] }
  const stack: Element[] = [root]
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g
  let last = 0
  const text = (raw: string) => {
    if (raw) stack[stack.length - 1]!.children.push(decodeEntities(raw))
  }
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    text(html.slice(last, match.index))
    last = match.index + match[0].length
    const name = match[2]!.toLowerCase()
    if (match[1] === '/') {
      const at = stack.map((element) => element.tag).lastIndexOf(name)
      if (at > 0) stack.length = at
      continue
    }
    const element: Element = { tag: name, children: [] }
    if (name === 'a') {
      const href = /\shref\s*=\s*"([^"]*)"/i.exec(match[3] ?? '')
      if (href) element.href = decodeEntities(href[1]!)
    }
    stack[stack.length - 1]!.children.push(element)
    if (!VOID.has(name)) stack.push(element)
  }
  text(html.slice(last))
  return root.children
}

// ---- building the document ----

interface Format {
  bold?: boolean
  italics?: boolean
  underline?: boolean
  strike?: boolean
  subScript?: boolean
  superScript?: boolean
  mono?: boolean
}
const INLINE_FORMAT: Record<string, Format> = {
  b: { bold: true },
  strong: { bold: true },
  i: { italics: true },
  em: { italics: true },
  u: { underline: true },
  ins: { underline: true },
  s: { strike: true },
  strike: { strike: true },
  del: { strike: true },
  sub: { subScript: true },
  sup: { superScript: true },
  code: { mono: true },
}
const INLINE = new Set([...Object.keys(INLINE_FORMAT), 'span', 'a', 'br'])
const HEADINGS = {
  h1: HeadingLevel.HEADING_1,
  h2: HeadingLevel.HEADING_2,
  h3: HeadingLevel.HEADING_3,
  h4: HeadingLevel.HEADING_4,
  h5: HeadingLevel.HEADING_5,
  h6: HeadingLevel.HEADING_6,
} as const
const MONO = 'Courier New'
const MAX_LEVEL = 8
export const QUOTE_STYLE = 'Quote'

/** One piece of a paragraph before it becomes docx runs. */
interface Piece {
  text: string
  format: Format
  /** A line break before the text. */
  lineBreak?: boolean
  href?: string
}

interface Context {
  heading?: (typeof HEADINGS)[keyof typeof HEADINGS]
  quote?: boolean
  pre?: boolean
  format: Format
  href?: string
  list?: { reference: 'bullets' | 'numbers'; level: number; instance: number; item?: { numbered: boolean } }
}

// Characters XML 1.0 cannot hold (a document containing one would not open).
// eslint-disable-next-line no-control-regex -- removing them is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g

class Builder {
  blocks: Array<Paragraph | Table> = []
  private numbered = 0

  /** The block-level walk: inline content gathers into pieces, a block element ends the paragraph before it. */
  walk(nodes: Node[], context: Context) {
    let pieces: Piece[] = []
    const flush = (always: boolean) => {
      const paragraph = this.paragraph(pieces, context, always)
      if (paragraph) this.blocks.push(paragraph)
      pieces = []
    }
    for (const node of nodes) {
      if (typeof node === 'string' || INLINE.has(node.tag)) {
        this.inline(node, context, pieces)
        continue
      }
      flush(false)
      this.block(node, context)
    }
    return { flush }
  }

  private block(node: Element, context: Context) {
    const tag = node.tag
    if (tag in HEADINGS) this.container(node, { ...context, heading: HEADINGS[tag as keyof typeof HEADINGS] })
    else if (tag === 'blockquote') this.walk(node.children, { ...context, quote: true }).flush(false)
    else if (tag === 'pre') this.container(node, { ...context, pre: true })
    else if (tag === 'hr')
      this.blocks.push(
        new Paragraph({
          border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'auto', space: 1 } },
        }),
      )
    else if (tag === 'ul' || tag === 'ol') this.list(node, context)
    else if (tag === 'li')
      // An item outside a list (or one whose list was dropped) is a bulleted item.
      this.item(node, { ...context, list: context.list ?? { reference: 'bullets', level: 0, instance: 0 } })
    else if (tag === 'table') this.table(node, context)
    else if (tag === 'p') this.container(node, context)
    // A div of inline content is a line (the browser's editor writes an empty line as <div><br></div>).
    else if (
      tag === 'div' &&
      node.children.every((child) => typeof child === 'string' || INLINE.has(child.tag)) &&
      node.children.some((child) => typeof child !== 'string' || child.trim())
    )
      this.container(node, context)
    // A div of blocks, and parts of a table out of their table (thead, tr, td …): their content in the flow.
    else this.walk(node.children, context).flush(false)
  }

  /** A paragraph-like element: its content, ending in a paragraph even when empty (an empty line). */
  private container(node: Element, context: Context) {
    this.walk(node.children, context).flush(true)
  }

  private list(node: Element, context: Context) {
    const ordered = node.tag === 'ol'
    const level = context.list ? Math.min(context.list.level + 1, MAX_LEVEL) : 0
    const list = {
      reference: ordered ? ('numbers' as const) : ('bullets' as const),
      level,
      instance: ordered ? ++this.numbered : 0,
    }
    for (const child of node.children) {
      if (typeof child !== 'string' && child.tag === 'li') this.item(child, { ...context, list })
      else if (typeof child !== 'string' && (child.tag === 'ul' || child.tag === 'ol'))
        this.list(child, { ...context, list })
      else if (typeof child !== 'string' || child.trim())
        this.item({ tag: 'li', children: [child] }, { ...context, list })
    }
  }

  private item(node: Element, context: Context) {
    const list = { ...context.list!, item: { numbered: false } }
    this.walk(node.children, { ...context, list }).flush(!list.item.numbered)
  }

  private table(node: Element, context: Context) {
    const rows: Element[] = []
    const captions: Element[] = []
    const collect = (element: Element) => {
      for (const child of element.children) {
        if (typeof child === 'string') continue
        if (child.tag === 'tr') rows.push(child)
        else if (child.tag === 'caption') captions.push(child)
        else if (['thead', 'tbody', 'tfoot'].includes(child.tag)) collect(child)
      }
    }
    collect(node)
    for (const caption of captions) this.container(caption, context)
    const cellsOf = (row: Element) =>
      row.children.filter((cell): cell is Element => typeof cell !== 'string' && /^t[dh]$/.test(cell.tag))
    const width = Math.max(1, ...rows.map((row) => cellsOf(row).length))
    const tableRows = rows.map(
      (row) =>
        new TableRow({
          children: Array.from({ length: width }, (_, index) => {
            const cell = cellsOf(row)[index]
            const inner = new Builder()
            inner.numbered = this.numbered
            if (cell) {
              const format = cell.tag === 'th' ? { ...context.format, bold: true } : context.format
              inner.walk(cell.children, { format }).flush(false)
            }
            this.numbered = inner.numbered
            // A cell holds at least one paragraph (Word refuses an empty cell).
            return new TableCell({
              children: inner.blocks.length ? inner.blocks : [new Paragraph({})],
            })
          }),
        }),
    )
    if (tableRows.length)
      this.blocks.push(new Table({ rows: tableRows, width: { size: 100, type: WidthType.PERCENTAGE } }))
  }

  private inline(node: Node, context: Context, pieces: Piece[]) {
    if (typeof node === 'string') {
      const text = context.pre ? node : node.replace(/[ \t\n\r\f]+/g, ' ')
      if (!context.pre) {
        pieces.push({ text, format: context.format, href: context.href })
        return
      }
      text
        .split(/\r?\n/)
        .forEach((line, index) =>
          pieces.push({ text: line, format: context.format, href: context.href, lineBreak: index > 0 }),
        )
      return
    }
    if (node.tag === 'br') {
      pieces.push({ text: '', format: context.format, href: context.href, lineBreak: true })
      return
    }
    let inner = context
    if (node.tag in INLINE_FORMAT)
      inner = { ...context, format: { ...context.format, ...INLINE_FORMAT[node.tag] } }
    if (node.tag === 'a' && node.href && !node.href.startsWith('#')) inner = { ...context, href: node.href }
    for (const child of node.children) this.inline(child, inner, pieces)
  }

  /** The pieces as one paragraph in the context's style; null when there is nothing to show and not `always`. */
  private paragraph(pieces: Piece[], context: Context, always: boolean): Paragraph | null {
    const kept = pieces.map((piece) => ({ ...piece, text: piece.text.replace(NOT_XML, '') }))
    if (!context.pre) {
      // As a browser shows it: no space at the start or end of a line, no two spaces in a row.
      let previousEndsInSpace = true
      for (const piece of kept) {
        if (piece.lineBreak) previousEndsInSpace = true
        if (previousEndsInSpace) piece.text = piece.text.replace(/^ /, '')
        if (piece.text) previousEndsInSpace = piece.text.endsWith(' ')
      }
      for (let index = kept.length - 1; index >= 0; index--) {
        const piece = kept[index]!
        piece.text = piece.text.replace(/ $/, '')
        if (piece.text || piece.lineBreak) break
      }
      // A line break at the very end shows nothing in a browser (the editor writes <p>text<br></p>).
      while (kept.length && kept[kept.length - 1]!.lineBreak && !kept[kept.length - 1]!.text) kept.pop()
    }
    const content = kept.filter((piece) => piece.text || piece.lineBreak)
    if (!content.length && !always) return null
    const list = context.list
    const numbering =
      list && list.item && !list.item.numbered
        ? { reference: list.reference, level: list.level, instance: list.instance }
        : undefined
    if (list?.item) list.item.numbered = true
    return new Paragraph({
      children: runsOf(content),
      heading: context.heading,
      style: context.quote && !context.heading ? QUOTE_STYLE : undefined,
      numbering,
      // A further paragraph of a list item lines up with the item's text.
      indent: list && !numbering ? { left: 720 * (list.level + 1) } : undefined,
    })
  }
}

function runOf(piece: Piece): TextRun {
  const format = piece.format
  return new TextRun({
    text: piece.text,
    break: piece.lineBreak ? 1 : undefined,
    bold: format.bold,
    italics: format.italics,
    underline: format.underline ? {} : undefined,
    strike: format.strike,
    subScript: format.subScript,
    superScript: format.superScript,
    font: format.mono ? MONO : undefined,
    style: piece.href ? 'Hyperlink' : undefined,
  })
}

/** Runs of the paragraph; consecutive pieces of the same link become one hyperlink. */
function runsOf(pieces: Piece[]): ParagraphChild[] {
  const out: ParagraphChild[] = []
  for (let index = 0; index < pieces.length;) {
    const href = pieces[index]!.href
    if (!href) {
      out.push(runOf(pieces[index]!))
      index++
      continue
    }
    const group: Piece[] = []
    while (index < pieces.length && pieces[index]!.href === href) group.push(pieces[index++]!)
    out.push(new ExternalHyperlink({ link: href, children: group.map(runOf) }))
  }
  return out
}

const levels = (format: (typeof LevelFormat)[keyof typeof LevelFormat], text: (level: number) => string) =>
  Array.from({ length: MAX_LEVEL + 1 }, (_, level) => ({
    level,
    format,
    text: text(level),
    style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
  }))
const BULLETS = ['\u2022', '\u25e6', '\u25aa']

/** The blocks (paragraphs and tables) of the HTML, in order. */
export function blocksOf(html: string): Array<Paragraph | Table> {
  const builder = new Builder()
  builder.walk(parseHtml(html), { format: {} }).flush(false)
  return builder.blocks
}

/** The sanitised HTML as the bytes of a .docx document. */
export async function htmlToDocx(html: string, title: string): Promise<Buffer> {
  const blocks = blocksOf(html)
  const document = new Document({
    title: title.replace(NOT_XML, ''),
    creator: 'WMS document editor',
    numbering: {
      config: [
        { reference: 'bullets', levels: levels(LevelFormat.BULLET, (level) => BULLETS[level % 3]!) },
        { reference: 'numbers', levels: levels(LevelFormat.DECIMAL, (level) => `%${level + 1}.`) },
      ],
    },
    styles: {
      paragraphStyles: [
        {
          id: QUOTE_STYLE,
          name: QUOTE_STYLE,
          basedOn: 'Normal',
          next: 'Normal',
          quickFormat: true,
          run: { italics: true, color: '595959' },
          paragraph: { indent: { left: 720, right: 720 } },
        },
      ],
    },
    // A document body holds at least one paragraph.
    sections: [{ children: blocks.length ? blocks : [new Paragraph({})] }],
  })
  return Packer.toBuffer(document)
}
