import { describe, expect, it } from 'vitest'
import { fileNameFromDisposition } from './content-disposition'

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name over the ASCII fallback', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="__.xlsx"; filename*=UTF-8''%E4%BB%93%E5%BA%93.xlsx`),
    ).toBe('仓库.xlsx')
  })
  it('reads an HZERO url-encoded plain name, quoted or not', () => {
    expect(fileNameFromDisposition('attachment; filename=%E8%AE%A2%E5%8D%95.csv')).toBe('订单.csv')
    expect(fileNameFromDisposition('attachment; filename="orders 2026.xlsx"')).toBe('orders 2026.xlsx')
  })
  it('answers undefined without a header or a name', () => {
    expect(fileNameFromDisposition(undefined)).toBeUndefined()
    expect(fileNameFromDisposition('inline')).toBeUndefined()
  })
  it('keeps a name that is not valid percent-encoding as sent', () => {
    expect(fileNameFromDisposition('attachment; filename=100%.csv')).toBe('100%.csv')
  })
})
