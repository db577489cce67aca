/**
 * A `responseType: 'download'` answer (wire "Export"): a body with a file name in Content-Disposition is the
 * file; a body without one is read as JSON (an async export's `{uuid}`). Error envelopes never get here: the
 * response interceptor has already turned them into an ApiError.
 */
import type { DownloadResult } from '../../renderer/env'
import { fileNameFromDisposition } from '../../renderer/data/content-disposition'

type Headers = Record<string, unknown> & { get?: (name: string) => unknown }

function header(headers: Headers, name: string): string | undefined {
  const value = typeof headers.get === 'function' ? headers.get(name) : headers[name]
  return value === undefined || value === null ? undefined : String(value)
}

export async function toDownloadResult(body: unknown, headers: Headers): Promise<DownloadResult> {
  const blob =
    body instanceof Blob ? body : new Blob([typeof body === 'string' ? body : JSON.stringify(body)])
  const fileName = fileNameFromDisposition(header(headers, 'content-disposition'))
  if (fileName) return { kind: 'file', blob, fileName }
  const text = await blob.text()
  try {
    return { kind: 'json', body: JSON.parse(text) as unknown }
  } catch {
    throw new Error(`cannot get fileName! The server sent a file without a name: ${text.slice(0, 120)}`)
  }
}
