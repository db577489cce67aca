import { inflateRawSync } from 'node:zlib'
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx'
import { describe, expect, it } from 'vitest'
import { docxToHtml, zipEntries } from './docx-to-html.ts'
import { decodeEntities, htmlToDocx, parseHtml } from './html-to-docx.ts'
import { deflateRepeated, zip } from '../../../tests/server/support/xlsx-files.ts'

/** The editor's HTML → .docx → mammoth's HTML (sanitised), as the editor sees the saved version again. */
const roundTrip = async (html: string) => (await docxToHtml(await htmlToDocx(html, 't.docx'), 't.docx')).html

/** One part of the package, unpacked with the central directory (stored or deflated entries). */
function partOf(bytes: Buffer, name: string): string {
  const count = bytes.readUInt16LE(bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) + 10)
  let at = bytes.readUInt32LE(bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) + 16)
  for (let index = 0; index < count; index++) {
    const nameLength = bytes.readUInt16LE(at + 28)
    const entryName = bytes.toString('utf8', at + 46, at + 46 + nameLength)
    if (entryName === name) {
      const method = bytes.readUInt16LE(at + 10)
      const size = bytes.readUInt32LE(at + 20)
      const local = bytes.readUInt32LE(at + 42)
      const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28)
      const data = bytes.subarray(start, start + size)
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8')
    }
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32)
  }
  throw new Error(`no part ${name}`)
}

describe('parseHtml (the sanitised HTML as a tree)', () => {
  it('nests elements, decodes the references innerHTML writes, and closes what is left open', () => {
    expect(parseHtml('<p>a &amp; b&nbsp;&lt;c&gt; &#x4e2d;<b>x<i>y</b>z')).toEqual([
      {
        tag: 'p',
        children: ['a & b\u00a0<c> 中', { tag: 'b', children: ['x', { tag: 'i', children: ['y'] }] }, 'z'],
      },
    ])
    expect(
      parseHtml('</p>x<br>y<a href="https://e.org/?a=1&amp;b=2" rel="noopener noreferrer">l</a>'),
    ).toEqual([
      'x',
      { tag: 'br', children: [] },
      'y',
      { tag: 'a', href: 'https://e.org/?a=1&b=2', children: ['l'] },
    ])
    expect(decodeEntities('&unknown; &#0; &#65;')).toBe('&unknown;  A')
  })
})

describe('htmlToDocx (saving the editor HTML of a Word document)', () => {
  it('headings 1-6 become Word headings that read back as h1-h6', async () => {
    const html = [1, 2, 3, 4, 5, 6].map((level) => `<h${level}>Level ${level}</h${level}>`).join('')
    expect(await roundTrip(html)).toBe(html)
    const xml = partOf(await htmlToDocx('<h2>x</h2>', 't'), 'word/document.xml')
    expect(xml).toContain('<w:pStyle w:val="Heading2"/>')
  })

  it('bold, italic, underline and strike nest in any order', async () => {
    expect(
      await roundTrip(
        '<p>a <b>b <i>bi <u>biu <s>bius</s></u></i></b> <strong><em>x</em></strong> <del>d</del></p>',
      ),
    ).toBe(
      '<p>a <strong>b <em>bi <u>biu <s>bius</s></u></em></strong> <strong><em>x</em></strong> <s>d</s></p>',
    )
    const xml = partOf(await htmlToDocx('<p><u><s>us</s></u></p>', 't'), 'word/document.xml')
    expect(xml).toMatch(/<w:strike\/>/)
    expect(xml).toMatch(/<w:u w:val="single"\/>/)
  })

  it('bulleted and numbered lists, nested one level deeper; each ol numbers from 1 on its own', async () => {
    const html =
      '<ul><li>one<ul><li>deep</li></ul></li><li>two</li></ul><p>between</p><ol><li>first</li><li>second</li></ol>'
    expect(await roundTrip(html)).toBe(html)
    const xml = partOf(
      await htmlToDocx('<ol><li>a</li></ol><ol><li>b</li></ol><ul><li>c</li></ul>', 't'),
      'word/document.xml',
    )
    const numIds = [...xml.matchAll(/<w:numId w:val="(\d+)"\/>/g)].map((match) => match[1])
    expect(numIds).toHaveLength(3)
    expect(new Set(numIds).size).toBe(3)
    const numbering = partOf(await htmlToDocx('<ol><li>a</li></ol>', 't'), 'word/numbering.xml')
    expect(numbering).toContain('<w:numFmt w:val="decimal"/>')
    expect(numbering).toContain('<w:numFmt w:val="bullet"/>')
  })

  it('a list item with two paragraphs is numbered once; an empty item is still an item', async () => {
    const xml = partOf(
      await htmlToDocx('<ol><li><p>a</p><p>b</p></li><li></li></ol>', 't'),
      'word/document.xml',
    )
    expect(xml.match(/<w:numPr>/g)).toHaveLength(2)
    expect(await roundTrip('<ul><li>x</li><li></li></ul>')).toBe('<ul><li>x</li><li></li></ul>')
  })

  it('quotes use the Quote style and read back as blockquote', async () => {
    expect(await roundTrip('<blockquote><p>quoted</p><p>twice</p></blockquote><p>after</p>')).toBe(
      '<blockquote><p>quoted</p><p>twice</p></blockquote><p>after</p>',
    )
    expect(await roundTrip('<blockquote>bare</blockquote>')).toBe('<blockquote><p>bare</p></blockquote>')
  })

  it('links to http(s), mailto and this site are hyperlinks; an anchor keeps its text', async () => {
    expect(
      await roundTrip(
        '<p><a href="https://example.org/?a=1&amp;b=2">web <b>bold</b></a>, <a href="mailto:a@b.c">mail</a>, <a href="#top">anchor</a></p>',
      ),
    ).toBe(
      '<p><a href="https://example.org/?a=1&amp;b=2" rel="noopener noreferrer">web <strong>bold</strong></a>, ' +
        '<a href="mailto:a@b.c" rel="noopener noreferrer">mail</a>, anchor</p>',
    )
    expect(await roundTrip('<p><a href="/hfile/edit-log">log</a></p>')).toBe(
      '<p><a href="/hfile/edit-log" rel="noopener noreferrer">log</a></p>',
    )
  })

  it('empty paragraphs stay as empty lines; line breaks stay; a trailing break and loose whitespace do not', async () => {
    expect(await roundTrip('<p>a</p><p></p><p><br></p><p>b<br>c<br></p>')).toBe(
      '<p>a</p><p></p><p></p><p>b<br>c</p>',
    )
    expect(await roundTrip('\n<p>  spaced \n  out  <b> bold </b> end </p>\n<div>div text</div>')).toBe(
      '<p>spaced out <strong>bold </strong>end</p><p>div text</p>',
    )
    expect(await roundTrip('')).toBe('<p></p>')
    // Chrome's editor writes lines as divs, an empty line as <div><br></div>.
    expect(
      await roundTrip('<div>one</div><div><br></div><div>two</div><div>\n</div><div><p>in</p></div>'),
    ).toBe('<p>one</p><p></p><p>two</p><p>in</p>')
  })

  it('special characters come through; characters XML cannot hold are dropped', async () => {
    expect(
      await roundTrip('<p>&amp; &lt;tag&gt; "quotes" \'apos\' 中文 ü € 😀 a\u0001b\u000bc &nbsp;x</p>'),
    ).toBe('<p>&amp; &lt;tag&gt; "quotes" \'apos\' 中文 ü € 😀 abc \u00a0x</p>')
  })

  it('tables keep their cells (th bold), a caption above; pre and code in a monospace font', async () => {
    expect(
      await roundTrip(
        '<table><caption>Cap</caption><tr><th>H</th><td>c</td></tr><tr><td>only</td></tr></table>',
      ),
    ).toBe(
      '<p>Cap</p><table><tr><td><p><strong>H</strong></p></td><td><p>c</p></td></tr><tr><td><p>only</p></td><td><p></p></td></tr></table>',
    )
    const xml = partOf(
      await htmlToDocx('<pre>line 1\nline 2</pre><p><code>x</code></p><hr>', 't'),
      'word/document.xml',
    )
    expect(xml).toContain('w:ascii="Courier New"')
    expect(xml).toContain('<w:br/>')
    expect(xml).toContain('<w:pBdr>')
  })
})

describe('docxToHtml (opening a Word document)', () => {
  const build = (children: Paragraph[]) =>
    Packer.toBuffer(
      new Document({
        styles: { paragraphStyles: [{ id: 'Fancy', name: 'Fancy Box', run: { color: 'ff0000' } }] },
        sections: [{ children }],
      }),
    )

  it('lists what the editor does not keep: layout always, then unknown styles by name', async () => {
    const bytes = await build([
      new Paragraph({ text: 'Title', heading: HeadingLevel.HEADING_1 }),
      new Paragraph({ children: [new TextRun({ text: 'styled', bold: true })], style: 'Fancy' }),
      new Paragraph({ text: 'ghost', style: 'Ghost' }),
    ])
    const { html, dropped } = await docxToHtml(bytes, 'a.docx')
    expect(html).toBe('<h1>Title</h1><p><strong>styled</strong></p><p>ghost</p>')
    expect(dropped).toEqual([
      'fonts, colours, sizes, alignment, page layout, headers, footers and comments',
      "the look of the styles 'Fancy Box', 'Ghost'",
    ])
  })

  it('refuses what is not a .docx package with a 400 that says what to do', async () => {
    const refusal = async (bytes: Buffer) =>
      docxToHtml(bytes, 'x.docx').then(
        () => null,
        (error: { status: number; message: string }) => error,
      )
    const text = await refusal(Buffer.from('just some text renamed to .docx'))
    expect(text).toMatchObject({ status: 400 })
    expect(text?.message).toMatch(/is not a Word \.docx document .*: open it in Word/)
    const valid = await build([new Paragraph('x')])
    const cut = await refusal(valid.subarray(0, valid.length - 40))
    expect(cut?.message).toMatch(/not a Word \.docx document|damaged/)
    const ole = await refusal(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]))
    expect(ole?.message).toMatch(/old binary Word file \(\.doc\) or a password-protected document/)
    expect(() => zipEntries(Buffer.alloc(10), 'y.docx')).toThrow(/not a Word \.docx document/)
    // A package whose directory says an entry unpacks to ~4 GB (a zip bomb) is refused before unpacking.
    const bomb = Buffer.from(valid)
    const directory = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    bomb.writeUInt32LE(0xfffffff0, directory + 24)
    expect((await refusal(bomb))?.message).toMatch(
      /unpacks to more than 64 MB, too large to edit online: download it/,
    )
  })

  it('refuses a part that unpacks to more than its zip directory declares, stopping at that point', async () => {
    // word/document.xml declares 1 KB and really unpacks to 16 MB of the same line (a lying zip bomb).
    const body = '<w:p><w:r><w:t>x</w:t></w:r></w:p>'
    const document = await deflateRepeated(
      'word/document.xml',
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
      body,
      16 * 1024 * 1024,
      '</w:body></w:document>',
    )
    const bytes = zip([{ ...document, declaredSize: 1024 }])
    const refused = await docxToHtml(bytes, 'lie.docx').then(
      () => null,
      (error: { status: number; message: string }) => error,
    )
    expect(refused).toMatchObject({ status: 400 })
    expect(refused?.message).toMatch(
      /'lie\.docx' is a damaged or forged \.docx: its part word\/document\.xml unpacks to another size/,
    )
  })
})
