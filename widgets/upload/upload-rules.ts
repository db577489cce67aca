/**
 * Checks made in the browser before a file is sent (CORE-UPL-02..04); the server checks the same again.
 */

/** CORE-UPL-04: 31457280 bytes (30 MB). */
export const DEFAULT_FILE_SIZE = 31_457_280

export interface FileRules {
  /** Allowed types: extensions ("pdf", ".png") or MIME types ("image/png", "image/*"); empty: any. */
  fileType?: string | string[]
  /** Largest file in bytes (default 30 MB). */
  fileSize?: number
}

export type FileProblem = { kind: 'type'; fileType: string } | { kind: 'size'; size: string }

export const typeList = (fileType: FileRules['fileType']) =>
  (Array.isArray(fileType) ? fileType : (fileType ?? '').split(','))
    .map((type) => type.trim())
    .filter(Boolean)

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

function typeAllowed(file: Pick<File, 'name' | 'type'>, allowed: string[]): boolean {
  const extension = extensionOf(file.name)
  const mime = file.type.toLowerCase()
  return allowed.some((entry) => {
    const type = entry.toLowerCase()
    if (type.includes('/')) return type.endsWith('/*') ? mime.startsWith(type.slice(0, -1)) : mime === type
    return type.replace(/^\./, '') === extension
  })
}

/** "N" of 'Uploaded file size cannot exceed: N MB'. */
export const megabytes = (bytes: number) => {
  const mb = bytes / 1024 / 1024
  return String(mb >= 1 ? Math.round(mb * 100) / 100 : Number(mb.toPrecision(3)))
}

/** What is wrong with `file` under `rules`, or undefined when it may be sent. */
export function checkFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  rules: FileRules,
): FileProblem | undefined {
  const allowed = typeList(rules.fileType)
  if (allowed.length && !typeAllowed(file, allowed)) return { kind: 'type', fileType: allowed.join(',') }
  const limit = rules.fileSize ?? DEFAULT_FILE_SIZE
  if (file.size > limit) return { kind: 'size', size: megabytes(limit) }
  return undefined
}

/** The `accept` attribute of the file input for the allowed types (helps the picker, proves nothing). */
export const acceptOf = (fileType: FileRules['fileType']) =>
  typeList(fileType)
    .map((type) => (type.includes('/') || type.startsWith('.') ? type : `.${type}`))
    .join(',') || undefined
