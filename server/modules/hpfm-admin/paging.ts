import { Type } from '@sinclair/typebox'
import type { Page } from '../../../renderer/contract/wire.ts'

/** page (0-based) and size of the wire paging convention. */
export const PagingQuery = {
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 10 })),
}

/** A page of rows already in memory (short lists: value sets, sessions, tools). */
export function pageOf<T>(rows: T[], page = 0, size = 10): Page<T> {
  const content = rows.slice(page * size, page * size + size)
  return {
    content,
    totalElements: rows.length,
    totalPages: Math.ceil(rows.length / size),
    number: page,
    size,
    numberOfElements: content.length,
  }
}

/** Case-insensitive "contains" of a search box (empty: everything). */
export const contains = (text: string | null | undefined, search: string | undefined) =>
  !search || (text ?? '').toLowerCase().includes(search.trim().toLowerCase())
