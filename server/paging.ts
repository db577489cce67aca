/** The wire Page (renderer/contract/wire.ts) every list endpoint answers, built in one place. */
import type { Page } from '../renderer/contract/wire.ts'
import { PAGE_SIZE_DEFAULT } from './schemas.ts'

/** One page (`page` 0-based, of `size` rows) whose rows are `content`, out of `total` rows. */
export function pageOf<T>(content: T[], total: number, page: number, size: number): Page<T> {
  return {
    content,
    totalElements: total,
    totalPages: Math.ceil(total / size),
    number: page,
    size,
    numberOfElements: content.length,
  }
}

/** One page of rows already in memory (short lists: value sets, sessions, a role's authorities). */
export const slicePage = <T>(rows: T[], page = 0, size = 10): Page<T> =>
  pageOf(rows.slice(page * size, page * size + size), rows.length, page, size)

/**
 * `page` and `size` of a query that spreads `Paging` (server/schemas.ts). Fastify has filled in their defaults
 * when they were absent, but the schema's static type keeps them optional: this reads them without a cast.
 */
export const pageRequest = (query: { page?: number; size?: number }) => ({
  page: query.page ?? 0,
  size: query.size ?? PAGE_SIZE_DEFAULT,
})
