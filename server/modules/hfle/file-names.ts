/**
 * What a client-supplied file name may become: the name a file is downloaded as. It is never used as a path
 * (the store key is generated), but it ends up in Content-Disposition headers and on screens, so it is cleaned.
 */

/** Longest kept name in characters; the extension survives the cut. */
export const MAX_FILE_NAME_LENGTH = 120

// C0 and C1 control characters, DEL, and characters Windows refuses in names.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f<>:"|?*]/g

/**
 * A file name safe to store and send back: only its last path segment, no control characters or characters
 * file systems refuse, no leading dots (hidden files, '..'), at most MAX_FILE_NAME_LENGTH characters.
 * @example sanitizeFileName('../../etc/passwd') === 'passwd'; sanitizeFileName('a\u0000b.txt') === 'ab.txt'
 */
export function sanitizeFileName(raw: string): string {
  const lastSegment = raw.split(/[\\/]/).pop() ?? ''
  let name = lastSegment.replace(UNSAFE, '').replace(/\s+/g, ' ').trim()
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '')
  if ([...name].length > MAX_FILE_NAME_LENGTH) {
    const ext = extensionOf(name)
    const keep = ext && ext.length < 20 ? `.${ext}` : ''
    name =
      [...name]
        .slice(0, MAX_FILE_NAME_LENGTH - keep.length)
        .join('')
        .trimEnd() + keep
  }
  return name || 'file'
}

/** Lower-case extension without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

const CONTENT_TYPES: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
}

/**
 * The content type a file is served with, from its (sanitised) name — never the type the client declared, so
 * a file cannot claim to be something its name says it is not. Unknown extensions: application/octet-stream.
 */
export const contentTypeOf = (name: string) => CONTENT_TYPES[extensionOf(name)] ?? 'application/octet-stream'

/** "pdf, .PNG ,jpg" → ['pdf', 'png', 'jpg']: how allowed types are written in upload configs. */
export function parseTypes(text: string): string[] {
  return text
    .split(',')
    .map((type) => type.trim().replace(/^\./, '').toLowerCase())
    .filter(Boolean)
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback and the exact name in RFC 5987 form, so no
 * quote, semicolon or non-ASCII character of a name can break or extend the header.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;%]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}
