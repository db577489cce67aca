/**
 * Reads a paged answer: the Spring shape {content, totalElements, number, size} or the older
 * {content/rows, total, start|number, size}; a bare array is one page holding everything (CORE-TBL-02).
 */
export interface PageResult<T> {
  rows: T[]
  total: number
  /** 0-based page number. */
  page: number
  size: number
}

export function readPage<T>(body: unknown, requested: { page: number; size: number }): PageResult<T> {
  if (Array.isArray(body)) return { rows: body as T[], total: body.length, page: 0, size: body.length }
  const b = (body ?? {}) as Record<string, unknown>
  const rows = (Array.isArray(b.content) ? b.content : Array.isArray(b.rows) ? b.rows : []) as T[]
  const total = Number(b.totalElements ?? b.total ?? rows.length)
  const size = Number(b.size ?? requested.size)
  const page =
    typeof b.number === 'number' ? b.number : typeof b.start === 'number' ? Math.floor(b.start / size) : requested.page
  return { rows, total: Number.isFinite(total) ? total : rows.length, page, size }
}
