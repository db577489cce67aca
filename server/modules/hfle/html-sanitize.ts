/**
 * The HTML of the online document editor, made safe on the server: the output is rebuilt from scratch out of
 * a small allowlist of formatting tags (paragraphs, headings, bold, italic, underline, strike, lists, links,
 * quotes, code, tables, line breaks) with no attributes but a link's href (http, https, mailto, a page anchor
 * or a path of this site), so no script, style, event handler, frame or form can come through whatever the
 * input. Elements whose content is code or hidden (script, style, iframe, svg …) are dropped with their
 * content; other unknown tags are dropped and their text kept. Text is re-escaped.
 */

const KEPT = new Set([
  'p',
  'br',
  'hr',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'span',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'pre',
  'code',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
])
const VOID = new Set(['br', 'hr'])
/** Dropped with everything inside them. */
const DROPPED = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'head',
  'svg',
  'math',
  'select',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'frameset',
  'applet',
]

const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Character references decoded, as a browser would before reading a URL's scheme. */
function decodeReferences(text: string): string {
  const named: Record<string, string> = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    colon: ':',
    tab: '\t',
    newline: '\n',
  }
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ''
    }
    return named[ref.toLowerCase()] ?? whole
  })
}

/** A link target the editor keeps: http(s), mailto, #anchor or /path; anything else (javascript:, data:) is not. */
export function safeHref(raw: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters and spaces browsers ignore inside a scheme
  const url = decodeReferences(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  if (/^(https?:\/\/|mailto:)/i.test(url) || /^#/.test(url) || /^\/(?!\/)/.test(url)) return url
  return null
}

function hrefOf(attributes: string): string | null {
  const match = /(?:^|\s)href\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes)
  if (!match) return null
  return safeHref(match[2] ?? match[3] ?? match[4] ?? '')
}

/** The inside of <body> when the text is a whole document, else the text. */
export function bodyOf(html: string): string {
  const open = /<body\b(?:[^>"']|"[^"]*"|'[^']*')*>/i.exec(html)
  if (!open) return html
  const rest = html.slice(open.index + open[0].length)
  const close = /<\/body\s*>/i.exec(rest)
  return close ? rest.slice(0, close.index) : rest
}

export interface Sanitized {
  html: string
  /** Whether anything was removed or rewritten (beyond whitespace). */
  changed: boolean
}

export function sanitizeHtml(input: string): Sanitized {
  let html = input
    .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
    .replace(/<![^>]*>/g, '')
    .replace(/<\?[^>]*>/g, '')
  for (const name of DROPPED)
    html = html.replace(new RegExp(`<${name}\\b[\\s\\S]*?(?:<\\/${name}\\s*>|$)`, 'gi'), '')
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g
  let out = ''
  let last = 0
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    out += escapeText(html.slice(last, match.index))
    last = match.index + match[0].length
    const closing = match[1] === '/'
    const name = match[2]!.toLowerCase()
    if (!KEPT.has(name)) continue
    if (closing) {
      if (!VOID.has(name)) out += `</${name}>`
    } else if (name === 'a') {
      const href = hrefOf(match[3] ?? '')
      out += href ? `<a href="${escapeAttribute(href)}" rel="noopener noreferrer">` : '<a>'
    } else out += `<${name}>`
  }
  out += escapeText(html.slice(last))
  const squash = (text: string) => text.replace(/\s+/g, '')
  return { html: out, changed: squash(out) !== squash(input) }
}

/** A sanitised body as the whole HTML document stored in the file. */
export function htmlDocument(body: string, title: string): string {
  return `<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>${escapeAttribute(title)}</title>\n</head>\n<body>\n${body}\n</body>\n</html>\n`
}
