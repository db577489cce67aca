import { Type } from '@sinclair/typebox'

/** page (0-based) and size of the wire paging convention. */
export const PagingQuery = {
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 10 })),
}

export { slicePage } from '../../paging.ts'

/** Case-insensitive "contains" of a search box (empty: everything). */
export const contains = (text: string | null | undefined, search: string | undefined) =>
  !search || (text ?? '').toLowerCase().includes(search.trim().toLowerCase())
