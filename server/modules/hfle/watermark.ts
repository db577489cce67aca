/**
 * Watermarked image previews without native libraries: the image is embedded (data URI) in an SVG of its size
 * and the configured text is tiled over it at the configured angle, colour and opacity. An SVG source is
 * embedded the same way (as an <image>, so its scripts never run). Other types are not drawn on.
 */
import { extensionOf } from './file-names.ts'

export const WATERMARKABLE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg'])

export interface Watermark {
  text: string
  fontSize: number
  color: string
  opacity: number
  rotate: number
}

const xml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  )

/** Pixel size of a PNG, GIF, JPEG or SVG (undefined when it cannot be read). */
export function imageSize(bytes: Buffer, ext: string): { width: number; height: number } | undefined {
  if (ext === 'png' && bytes.length > 24)
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
  if (ext === 'gif' && bytes.length > 10)
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) }
  if (ext === 'jpg' || ext === 'jpeg') {
    let offset = 2
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return undefined
      const marker = bytes[offset + 1] ?? 0
      const length = bytes.readUInt16BE(offset + 2)
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) }
      offset += 2 + length
    }
    return undefined
  }
  if (ext === 'svg') {
    const head = bytes.subarray(0, 4000).toString('utf8')
    const width = /<svg[^>]*\swidth="(\d+(?:\.\d+)?)(?:px)?"/.exec(head)?.[1]
    const height = /<svg[^>]*\sheight="(\d+(?:\.\d+)?)(?:px)?"/.exec(head)?.[1]
    if (width && height) return { width: Number(width), height: Number(height) }
    const box = /<svg[^>]*\sviewBox="[-\d.]+[ ,]+[-\d.]+[ ,]+([\d.]+)[ ,]+([\d.]+)"/.exec(head)
    if (box) return { width: Number(box[1]), height: Number(box[2]) }
  }
  return undefined
}

/** The SVG document: the image, then the tiled watermark text over it. */
export function watermarkedSvg(
  bytes: Buffer,
  fileName: string,
  contentType: string,
  mark: Watermark,
): string {
  const ext = extensionOf(fileName)
  const size = imageSize(bytes, ext) ?? { width: 1024, height: 768 }
  const tileWidth = Math.max(160, mark.text.length * mark.fontSize * 0.7 + 60)
  const tileHeight = mark.fontSize * 6
  const href = `data:${contentType};base64,${bytes.toString('base64')}`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">`,
    `<defs><pattern id="wm" width="${tileWidth}" height="${tileHeight}" patternUnits="userSpaceOnUse" patternTransform="rotate(${mark.rotate})">`,
    `<text x="10" y="${tileHeight / 2}" font-family="sans-serif" font-size="${mark.fontSize}" fill="${xml(mark.color)}" fill-opacity="${mark.opacity}">${xml(mark.text)}</text>`,
    '</pattern></defs>',
    `<image href="${href}" width="${size.width}" height="${size.height}" preserveAspectRatio="xMidYMid meet"/>`,
    `<rect width="100%" height="100%" fill="url(#wm)"/>`,
    '</svg>',
  ].join('')
}
