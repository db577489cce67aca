/**
 * The file name a `Content-Disposition` header gives: RFC 5987 `filename*=UTF-8''…` wins over `filename=`,
 * which HZERO sends URL-encoded (wire "Export"), quoted or not.
 * @example fileNameFromDisposition(`attachment; filename*=UTF-8''%E4%BB%93%E5%BA%93.xlsx`) → '仓库.xlsx'
 */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1]
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header)
  const raw = extended ?? plain?.[2] ?? plain?.[1]
  if (!raw) return undefined
  try {
    return decodeURIComponent(raw.trim())
  } catch {
    return raw.trim()
  }
}
