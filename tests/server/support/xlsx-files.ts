/**
 * Hand-made .xlsx packages for the import's hostile-input tests: a minimal zip writer whose central directory
 * can declare any size for an entry (the lie a zip bomb tells), and the few XML parts a workbook of the
 * warehouse template needs. Large contents are deflated as a stream, so the test itself never holds them.
 */
import { createDeflateRaw, deflateRawSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(bytes: Buffer): number {
  let c = ~0 >>> 0
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return ~c >>> 0
}

export interface ZipPart {
  name: string
  /** The deflated bytes, the size and CRC of what they unpack to (CRC 0 from `deflateRepeated`). */
  deflated: Buffer
  size: number
  crc: number
  /** What the central directory says the entry unpacks to, when it should lie. */
  declaredSize?: number
}

export const part = (name: string, content: string | Buffer): ZipPart => {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8')
  return { name, deflated: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) }
}

/** `head`, then `filler` repeated to about `bytes`, then `tail`, deflated chunk by chunk (a zip bomb's body). */
export async function deflateRepeated(
  name: string,
  head: string,
  filler: string,
  bytes: number,
  tail: string,
): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9, chunkSize: 1024 * 1024 })
  const out: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => out.push(chunk))
  const done = new Promise((resolve) => deflate.on('end', resolve))
  const block = Buffer.from(filler.repeat(Math.ceil((1024 * 1024) / filler.length)))
  let size = 0
  const write = async (chunk: Buffer) => {
    size += chunk.length
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  await write(Buffer.from(head))
  while (size < bytes) await write(block)
  await write(Buffer.from(tail))
  deflate.end()
  await done
  // No CRC: no reader checks it (computing it over hundreds of MB in JavaScript takes longer than the test).
  return { name, deflated: Buffer.concat(out), size, crc: 0 }
}

/** A zip package of the parts, deflated, with each central-directory entry declaring `declaredSize ?? size`. */
export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8')
    const declared = p.declaredSize ?? p.size
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(p.crc, 14)
    local.writeUInt32LE(p.deflated.length, 18)
    local.writeUInt32LE(declared, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, p.deflated)
    const entry = Buffer.alloc(46)
    entry.writeUInt32LE(0x02014b50, 0)
    entry.writeUInt16LE(20, 4)
    entry.writeUInt16LE(20, 6)
    entry.writeUInt16LE(8, 10)
    entry.writeUInt32LE(p.crc, 16)
    entry.writeUInt32LE(p.deflated.length, 20)
    entry.writeUInt32LE(declared, 24)
    entry.writeUInt16LE(name.length, 28)
    entry.writeUInt32LE(offset, 42)
    central.push(entry, name)
    offset += 30 + name.length + p.deflated.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

export const WAREHOUSE_TITLES = [
  '仓库编码',
  '仓库名称',
  '仓库类型',
  '地址',
  '联系人',
  '联系电话',
  '面积',
  '启用',
]
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

/** The parts around one sheet 'Warehouses' whose XML is `sheet1` (shared strings: the titles, then 'X'). */
export function workbookParts(): ZipPart[] {
  const strings = [...WAREHOUSE_TITLES, 'X', 'NORMAL']
  return [
    part(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ),
    part(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Warehouses" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    part(
      'xl/sharedStrings.xml',
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`,
    ),
  ]
}

export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData><row r="1">${WAREHOUSE_TITLES.map((_, i) => `<c r="${String.fromCharCode(65 + i)}1" t="s"><v>${i}</v></c>`).join('')}</row>`
export const SHEET_TAIL = '</sheetData></worksheet>'
/** Row `r` of the sheet: a code and a name (inline, so each row differs), type NORMAL, enabled. */
export const sheetRow = (r: number, code: string) =>
  `<row r="${r}"><c r="A${r}" t="str"><v>${code}</v></c><c r="B${r}" t="str"><v>${code}</v></c><c r="C${r}" t="s"><v>9</v></c></row>`
