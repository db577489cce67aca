/**
 * The one reader of uploaded zip packages (.docx for the online editor, .xlsx for imports). A zip's central
 * directory says what each entry is and how large it unpacks to; a hostile file can lie in it or declare
 * gigabytes in a few bytes (a "zip bomb"). So the directory is read and checked first without unpacking
 * anything, and an entry is only ever unpacked as a stream that stops the moment it passes its limit or the
 * size it declared: nothing of a package is held unpacked in memory beyond one chunk, and entries a reader does
 * not need (images, drawings…) are never unpacked at all.
 */
import { createInflateRaw } from 'node:zlib'

export interface ZipEntry {
  name: string
  /** 0 stored, 8 deflated; anything else is refused when the entry is read. */
  method: number
  compressedSize: number
  /** The size the directory declares the entry unpacks to. */
  size: number
  localOffset: number
}

/** Why a package was refused; each caller words it for its own kind of file. */
export class ZipProblem extends Error {
  constructor(
    readonly kind: 'not-zip' | 'damaged' | 'too-large' | 'size-lies' | 'unsupported',
    readonly entry?: string,
    readonly limit?: number,
  ) {
    super(`zip package: ${kind}${entry ? ` (${entry})` : ''}`)
  }
}

export interface ZipLimits {
  /** The most any single entry may declare or unpack to. */
  entryBytes: number
  /** The most all entries together may declare. */
  totalBytes: number
}

/**
 * The central directory's entries, checked against the limits on their DECLARED sizes (every entry, needed or
 * not). Throws a `ZipProblem` when the bytes are not a zip, the directory is broken, or a size is too large.
 */
export function zipDirectory(bytes: Buffer, limits: ZipLimits): ZipEntry[] {
  // The end-of-central-directory record: its signature within the last 64 KB + 22 bytes.
  let end = -1
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--)
    if (bytes.readUInt32LE(at) === 0x06054b50) {
      end = at
      break
    }
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== 0x04034b50 || end < 0) throw new ZipProblem('not-zip')
  const count = bytes.readUInt16LE(end + 10)
  let at = bytes.readUInt32LE(end + 16)
  const entries: ZipEntry[] = []
  let total = 0
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw new ZipProblem('damaged')
    const nameLength = bytes.readUInt16LE(at + 28)
    const extra = bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32)
    const entry: ZipEntry = {
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    }
    total += entry.size
    // 0xffffffff: a ZIP64 entry of 4 GB or more; either way far beyond any limit.
    if (entry.size === 0xffffffff || entry.size > limits.entryBytes)
      throw new ZipProblem('too-large', entry.name, limits.entryBytes)
    if (total > limits.totalBytes) throw new ZipProblem('too-large', undefined, limits.totalBytes)
    entries.push(entry)
    at += 46 + nameLength + extra
  }
  return entries
}

/**
 * One entry unpacked as a stream of chunks. Stops with a `ZipProblem` as soon as the unpacked bytes pass the
 * size the directory declared (a lying entry) or `limit`, and when they end short of the declared size, so a
 * reader can rely on the declared size being the real one. The deflate stream is read with back-pressure: at
 * most one chunk is unpacked ahead of the reader.
 */
export async function* unpackEntry(bytes: Buffer, entry: ZipEntry, limit: number): AsyncGenerator<Buffer> {
  const at = entry.localOffset
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50)
    throw new ZipProblem('damaged', entry.name)
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28)
  if (start + entry.compressedSize > bytes.length) throw new ZipProblem('damaged', entry.name)
  const data = bytes.subarray(start, start + entry.compressedSize)
  const most = Math.min(entry.size, limit)
  let seen = 0
  if (entry.method === 0) {
    if (data.length !== entry.size) throw new ZipProblem('size-lies', entry.name, most)
    if (data.length > limit) throw new ZipProblem('too-large', entry.name, limit)
    if (data.length) yield data
    return
  }
  if (entry.method !== 8) throw new ZipProblem('unsupported', entry.name)
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 })
  inflate.end(data)
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      seen += chunk.length
      if (seen > most) throw new ZipProblem(seen > entry.size ? 'size-lies' : 'too-large', entry.name, most)
      yield chunk
    }
  } catch (error) {
    if (error instanceof ZipProblem) throw error
    throw new ZipProblem('damaged', entry.name)
  } finally {
    inflate.destroy()
  }
  if (seen !== entry.size) throw new ZipProblem('size-lies', entry.name, most)
}
