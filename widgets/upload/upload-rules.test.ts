import { describe, expect, it } from 'vitest'
import { acceptOf, checkFile, DEFAULT_FILE_SIZE } from './upload-rules'

const file = (name: string, size = 10, type = '') => ({ name, size, type })

describe('upload checks in the browser (CORE-UPL-02..04)', () => {
  it('CORE-UPL-04: the default limit is 31457280 bytes: that many pass, one more does not', () => {
    expect(DEFAULT_FILE_SIZE).toBe(31457280)
    expect(checkFile(file('a.bin', 31457280), {})).toBeUndefined()
    expect(checkFile(file('a.bin', 31457281), {})).toEqual({ kind: 'size', size: '30' })
  })

  it('CORE-UPL-03: names the configured limit in MB', () => {
    expect(checkFile(file('a.pdf', 6 * 1024 * 1024), { fileSize: 5 * 1024 * 1024 })).toEqual({
      kind: 'size',
      size: '5',
    })
  })

  it('CORE-UPL-02: accepts listed extensions and MIME types, names the allowed list otherwise', () => {
    const rules = { fileType: 'pdf, .PNG,image/jpeg' }
    expect(checkFile(file('report.PDF'), rules)).toBeUndefined()
    expect(checkFile(file('scan.png'), rules)).toBeUndefined()
    expect(checkFile(file('photo', 10, 'image/jpeg'), rules)).toBeUndefined()
    expect(checkFile(file('virus.exe'), rules)).toEqual({ kind: 'type', fileType: 'pdf,.PNG,image/jpeg' })
    expect(checkFile(file('x.gif', 10, 'image/gif'), { fileType: ['image/*'] })).toBeUndefined()
  })

  it('builds the accept attribute', () => {
    expect(acceptOf('pdf,image/*,.png')).toBe('.pdf,image/*,.png')
    expect(acceptOf(undefined)).toBeUndefined()
  })
})
