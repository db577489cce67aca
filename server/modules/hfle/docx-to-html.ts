/**
 * A Word .docx document as the online editor's HTML: the package is checked first (a zip whose entries unpack
 * to a bounded size, so a small file cannot expand into gigabytes in memory), then mammoth converts it to
 * HTML, which goes through the same sanitiser as HTML documents. What the editor cannot keep is listed in
 * `dropped`, so the editor can say so before the user saves a new version.
 */
import mammoth from 'mammoth'
import { badRequest } from '../../errors.ts'
import { sanitizeHtml } from './html-sanitize.ts'
import { QUOTE_STYLE } from './html-to-docx.ts'
import { type ZipEntry, ZipProblem, unpackEntry, zipDirectory } from './zip-package.ts'

/** The most the entries of a .docx may unpack to. */
export const DOCX_MAX_UNPACKED_BYTES = 64 * 1024 * 1024

/** What a .docx always loses in the editor (mammoth reads structure, not looks). */
export const ALWAYS_DROPPED = 'fonts, colours, sizes, alignment, page layout, headers, footers and comments'

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

/**
 * Reads the zip's central directory (the shared check of `zip-package.ts`): the entry names and the size they
 * unpack to. Throws a 400 naming the problem when the bytes are not a zip package a .docx can be.
 */
export function zipEntries(bytes: Buffer, fileName: string): ZipEntry[] {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(OLE_MAGIC))
    throw badRequest(
      `'${fileName}' is an old binary Word file (.doc) or a password-protected document, not a .docx package: remove the password if it has one, open it in Word (or LibreOffice), save it as a Word document (.docx) and upload that.`,
      { fileId: 'not a .docx package' },
    )
  try {
    return zipDirectory(bytes, {
      entryBytes: DOCX_MAX_UNPACKED_BYTES,
      totalBytes: DOCX_MAX_UNPACKED_BYTES,
    })
  } catch (error) {
    throw docxProblem(error, fileName)
  }
}

/**
 * Unpacks every entry as a bounded stream, dropping the bytes, before mammoth reads the package: an entry that
 * unpacks to more than its directory declares (a lying zip bomb) or than the limit stops at that point and is
 * refused, so mammoth, which unpacks whole entries into memory, only ever sees sizes that were checked.
 */
async function checkUnpackedSizes(bytes: Buffer, entries: ZipEntry[], fileName: string): Promise<void> {
  try {
    for (const entry of entries)
      for await (const chunk of unpackEntry(bytes, entry, DOCX_MAX_UNPACKED_BYTES)) void chunk
  } catch (error) {
    throw docxProblem(error, fileName)
  }
}

/** The 400 for a package problem of a .docx (other errors pass through). */
function docxProblem(error: unknown, fileName: string): unknown {
  if (!(error instanceof ZipProblem)) return error
  if (error.kind === 'not-zip')
    return badRequest(
      `'${fileName}' is not a Word .docx document (a .docx is a zip package; this file is not one — perhaps a renamed text file, or a damaged or cut-off upload): open it in Word (or LibreOffice), save it as a Word document (.docx) and upload that.`,
      { fileId: 'not a .docx package' },
    )
  if (error.kind === 'size-lies')
    return badRequest(
      `'${fileName}' is a damaged or forged .docx: its part ${error.entry ?? ''} unpacks to another size than its zip directory says. Upload an undamaged copy, or open it in Word (or LibreOffice), save it as a Word document (.docx) and upload that.`,
      { fileId: 'damaged .docx package' },
    )
  if (error.kind === 'too-large')
    return badRequest(
      `'${fileName}' unpacks to more than ${DOCX_MAX_UNPACKED_BYTES / 1024 / 1024} MB, too large to edit online: download it, edit it in Word and upload the new version.`,
      { fileId: 'too large when unpacked' },
    )
  return badRequest(
    `'${fileName}' is a damaged .docx (its zip directory or data is broken): upload an undamaged copy, or open it in Word (or LibreOffice), save it as a Word document (.docx) and upload that.`,
    { fileId: 'damaged .docx package' },
  )
}

export interface DocxHtml {
  /** Sanitised HTML of the document's body. */
  html: string
  /** What the editor does not keep, in words, for the warning before saving. */
  dropped: string[]
}

const STYLE_MAP = [
  // Underline is not mapped by default (mammoth leaves it out because it looks like a link): the editor keeps it.
  'u => u',
  `p[style-name='${QUOTE_STYLE}'] => blockquote > p:fresh`,
  "p[style-name='Intense Quote'] => blockquote > p:fresh",
]

/** The .docx as sanitised HTML and the list of what was dropped; a 400 when it is not a readable .docx. */
export async function docxToHtml(bytes: Buffer, fileName: string): Promise<DocxHtml> {
  const entries = zipEntries(bytes, fileName)
  await checkUnpackedSizes(bytes, entries, fileName)
  if (!entries.some((entry) => entry.name === 'word/document.xml'))
    throw badRequest(
      `'${fileName}' is a zip package but not a Word document (it has no word/document.xml; perhaps an Excel or PowerPoint file renamed to .docx): choose the right file, or open it in Word, save it as .docx and upload that.`,
      { fileId: 'not a Word document' },
    )
  let images = 0
  const result = await mammoth
    .convertToHtml(
      { buffer: bytes },
      {
        styleMap: STYLE_MAP,
        externalFileAccess: false,
        // An empty paragraph is an empty line the user typed: kept, as the editor keeps <p></p>.
        ignoreEmptyParagraphs: false,
        convertImage: mammoth.images.imgElement(() => {
          images++
          return Promise.resolve({ src: '' })
        }),
      },
    )
    .catch((error: unknown) => {
      throw badRequest(
        `'${fileName}' could not be read as a Word document (${error instanceof Error ? error.message : String(error)}): open it in Word, save it again as .docx and upload that.`,
        { fileId: 'unreadable .docx' },
      )
    })
  const dropped = [ALWAYS_DROPPED]
  if (images) dropped.push(images === 1 ? '1 image' : `${images} images`)
  const styles = new Set<string>()
  for (const message of result.messages) {
    // "Unrecognised paragraph style: 'Fancy Box' (Style ID: Fancy)"; a style used but not defined has no name.
    const style = /^Unrecognised (?:paragraph|run|table) style: '(.*)' \(Style ID: (.*)\)$/.exec(
      message.message,
    )
    const undefinedStyle = /^(?:Paragraph|Run|Table) style with ID (.*) was referenced but not defined/.exec(
      message.message,
    )
    if (style) styles.add(style[1] && style[1] !== 'null' && style[1] !== 'undefined' ? style[1] : style[2]!)
    else if (undefinedStyle) styles.add(undefinedStyle[1]!)
    else if (message.type === 'error' || !/^Image of type .* is unlikely to display/.test(message.message))
      dropped.push(message.message)
  }
  if (styles.size)
    dropped.push(
      `the look of the styles ${[...styles]
        .sort()
        .map((name) => `'${name}'`)
        .join(', ')}`,
    )
  return { html: sanitizeHtml(result.value).html, dropped }
}
