import { describe, expect, it } from 'vitest'
import { bodyOf, htmlDocument, safeHref, sanitizeHtml } from './html-sanitize.ts'

describe('sanitizeHtml (the document editor on the server)', () => {
  it('keeps formatting: headings, bold, italic, underline, lists, quotes, code, tables, line breaks', () => {
    const html =
      '<h1>Title</h1><h2>Part</h2><p><b>bold</b> <strong>strong</strong> <i>it</i> <em>em</em> <u>u</u> <s>s</s><br></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>x</code></pre>' +
      '<table><tbody><tr><th>h</th><td>d</td></tr></tbody></table><hr>'
    expect(sanitizeHtml(html)).toEqual({ html, changed: false })
  })

  it('keeps a safe link with rel added and drops unsafe targets', () => {
    expect(sanitizeHtml('<a href="https://example.org/a?b=1&amp;c=2">x</a>').html).toBe(
      '<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer">x</a>',
    )
    expect(sanitizeHtml("<a href='mailto:a@b.c'>m</a>").html).toContain('href="mailto:a@b.c"')
    expect(sanitizeHtml('<a href="/hfile/edit-log">l</a>').html).toContain('href="/hfile/edit-log"')
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java&#115;cript:alert(1)',
      'java\tscript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
    ]) {
      expect(safeHref(bad), bad).toBeNull()
      expect(sanitizeHtml(`<a href="${bad.replace(/"/g, '&quot;')}">x</a>`).html, bad).toBe('<a>x</a>')
    }
  })

  it('removes scripts, styles, frames and every attribute (event handlers, styles, sources)', () => {
    const attack =
      '<p onclick="alert(1)" style="color:red" class="x">hi</p><script>alert(1)</script>' +
      '<style>p{}</style><iframe src="https://evil"></iframe><img src=x onerror=alert(1)>' +
      '<svg onload=alert(1)><circle/></svg><SCRIPT type="module">import("x")</SCRIPT>' +
      '<a href="https://ok.example" onmouseover="alert(1)">ok</a><form action="/x"><input name="a"></form>' +
      '<!-- <script>alert(1)</script> --><math><mi>x</mi></math><div title="a>b" data-x=1>t</div>'
    const { html, changed } = sanitizeHtml(attack)
    expect(changed).toBe(true)
    expect(html).toBe('<p>hi</p><a href="https://ok.example" rel="noopener noreferrer">ok</a><div>t</div>')
    expect(html).not.toMatch(/script|onerror|onclick|style|iframe|svg|alert/i)
  })

  it('escapes text, including a broken tag, and drops an unterminated script to the end', () => {
    expect(sanitizeHtml('a < b > c').html).toBe('a &lt; b &gt; c')
    expect(sanitizeHtml('x<img src=x onerror=alert(1)').html).toBe('x&lt;img src=x onerror=alert(1)')
    expect(sanitizeHtml('ok<script>alert(1)').html).toBe('ok')
    expect(sanitizeHtml('&lt;script&gt;').html).toBe('&lt;script&gt;')
  })

  it('reads the body of a whole document and writes one back', () => {
    const page =
      '<!DOCTYPE html><html><head><title>t</title><script>x()</script></head><body class="b"><p>in</p></body></html>'
    expect(sanitizeHtml(bodyOf(page)).html).toBe('<p>in</p>')
    expect(bodyOf('<p>fragment</p>')).toBe('<p>fragment</p>')
    const document = htmlDocument('<p>in</p>', 'a"<b>.html')
    expect(document).toContain('<title>a&quot;&lt;b&gt;.html</title>')
    expect(sanitizeHtml(bodyOf(document)).html.trim()).toBe('<p>in</p>')
  })
})
