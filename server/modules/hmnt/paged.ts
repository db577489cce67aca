/** Paging shared by the read-only log lists (audit records, file edit log): `page` 0-based, `size`, `sort`. */
import { Type } from '@sinclair/typebox'
import { badRequest } from '../../errors.ts'

export const PagingQuery = {
  page: Type.Integer({ minimum: 0, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: 500, default: 20 }),
  sort: Type.Optional(Type.String({ maxLength: 80 })),
}

export { contains } from '../../like.ts'

/** `field,asc|desc` checked against the sortable fields; the default when absent. */
export function sortOf<F extends string>(sort: string | undefined, allowed: readonly F[], fallback: F) {
  if (!sort) return { field: fallback, direction: 'desc' as const }
  const [field, direction = 'asc'] = sort.split(',')
  if (!allowed.includes(field as F) || !['asc', 'desc'].includes(direction))
    throw badRequest(
      `sort '${sort}' is not allowed: use <field>,asc|desc with field one of ${allowed.join(', ')}.`,
      {
        sort: 'invalid',
      },
    )
  return { field: field as F, direction: direction as 'asc' | 'desc' }
}

/** A wire timestamp range bound ("YYYY-MM-DD" or "YYYY-MM-DD HH:mm:ss"), or 400 naming the parameter. */
export function timestampOf(name: string, value: string | undefined, endOfDay = false) {
  if (value === undefined || value === '') return undefined
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value} ${endOfDay ? '23:59:59' : '00:00:00'}`
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return value
  throw badRequest(`${name} '${value}' is not a time: use YYYY-MM-DD HH:mm:ss.`, { [name]: 'invalid' })
}

export { pageOf } from '../../paging.ts'
