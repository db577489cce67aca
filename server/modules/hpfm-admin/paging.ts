import { Paging } from '../../schemas.ts'

/** page (0-based) and size of the wire paging convention. */
export const PagingQuery = Paging

export { slicePage } from '../../paging.ts'

/** Case-insensitive "contains" of a search box (empty: everything). */
export const contains = (text: string | null | undefined, search: string | undefined) =>
  !search || (text ?? '').toLowerCase().includes(search.trim().toLowerCase())
