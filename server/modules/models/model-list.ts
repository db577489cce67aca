import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Page } from '../../../renderer/contract/wire.ts'
import { cacheWatchOf, readCache, type ReadCache } from '../../db/write-watch.ts'
import { badRequest } from '../../errors.ts'
import { applyPermissionRules, ruleFreeNow } from '../hpfm-admin/data-permission.ts'
import type { Session } from '../../types.ts'
import { checkDates } from './field-values.ts'
import { applyConditions } from './model-conditions.ts'
import { inScope, type ModelDb, type Row } from './model-scope.ts'
import { pageOf } from '../../paging.ts'
import { escapeLike } from '../../like.ts'

/** `sort=a,asc&sort=b,desc` → whitelisted [field, direction] pairs; the primary key keeps paging stable. */
export function parseSort(
  model: ModelSchema,
  sort: string | string[] | undefined,
): Array<[string, 'asc' | 'desc']> {
  const allowed = [
    ...model.fields.filter((field) => field.sortable).map((field) => field.name),
    model.primaryKey,
  ]
  const requested = (
    Array.isArray(sort) ? sort : sort ? [sort] : [model.defaultSort ?? `${model.primaryKey},desc`]
  )
    .map((item) => item.trim())
    .filter(Boolean)
  const pairs: Array<[string, 'asc' | 'desc']> = requested.map((item) => {
    const [field = '', direction = 'asc'] = item.split(',').map((part) => part.trim())
    const dir = direction.toLowerCase()
    if (!allowed.includes(field) || (dir !== 'asc' && dir !== 'desc')) {
      throw badRequest(`Cannot sort by '${item}': use <field>,asc|desc with one of: ${allowed.join(', ')}.`, {
        sort: `unknown sort '${item}'`,
      })
    }
    return [field, dir]
  })
  if (!pairs.some(([field]) => field === model.primaryKey)) pairs.push([model.primaryKey, 'desc'])
  return pairs
}

/**
 * The rows of `model` the session may see that match the request's filters (searchable fields) and filter
 * conditions (model-conditions.ts), unsorted and
 * unpaged: the list endpoint pages it, the export streams it. Values are bound, never spliced into SQL.
 */
export function filteredRows(
  db: ModelDb,
  model: ModelSchema,
  session: Session,
  query: Record<string, unknown>,
  /** `ruleFreeNow`'s answer, when the caller asked it: no data permission rule names the model. */
  ruleFree = false,
) {
  checkDates(model, query)
  let base = db.selectFrom(model.table)
  base = inScope(base, model, session)
  base = applyPermissionRules(base, model, session, db, ruleFree) // data permission rules (/hpfm/permission)
  const present = (value: unknown) => value !== undefined && value !== null && value !== ''
  for (const field of model.fields) {
    const value = query[field.name]
    switch (field.searchable) {
      case 'like':
        if (present(value)) base = base.where(field.name, 'ilike', `%${escapeLike(String(value))}%`)
        break
      case 'exact':
        if (present(value)) base = base.where(field.name, '=', value)
        break
      case 'in':
        if (present(value))
          base = base.where(
            field.name,
            'in',
            String(value)
              .split(',')
              .map((v) => v.trim()),
          )
        break
      case 'range': {
        const from = query[`${field.name}From`]
        const to = query[`${field.name}To`]
        if (present(from)) base = base.where(field.name, '>=', from)
        if (present(to)) base = base.where(field.name, '<=', to)
        break
      }
    }
  }
  return applyConditions(base, model, query.conditions)
}

/** `filteredRows` with every column, in the request's whitelisted sort order. */
export function sortedRows(
  db: ModelDb,
  model: ModelSchema,
  session: Session,
  query: Record<string, unknown>,
  ruleFree = false,
) {
  let rows = filteredRows(db, model, session, query, ruleFree).selectAll()
  for (const [field, direction] of parseSort(model, query.sort as string | string[] | undefined)) {
    rows = rows.orderBy(field, direction)
  }
  return rows
}

const countCaches = new WeakMap<object, ReadCache<number>>()
const COUNT_CACHE_MS = 5000

function countCache(db: object): ReadCache<number> | undefined {
  const watch = cacheWatchOf(db)
  if (!watch) return undefined
  let cache = countCaches.get(db)
  if (!cache) countCaches.set(db, (cache = readCache<number>(watch, COUNT_CACHE_MS)))
  return cache
}

/** A page of rows matching the model's searchable filters, sorted by whitelisted fields; values are bound. */
export async function listRows(
  db: ModelDb,
  model: ModelSchema,
  session: Session,
  query: Record<string, unknown>,
): Promise<Page<Row>> {
  const page = Number(query.page ?? 0)
  const size = Number(query.size ?? 10)
  // a model no data permission rule names lists without the clause (an index-only count, no anti-join)
  // one settle for both caches: every write committed before this list began is counted (notify-watch.ts)
  const settled = cacheWatchOf(db)?.settle()
  const ruleFree = await ruleFreeNow(db, model, session, settled)
  const countQuery = filteredRows(db, model, session, query, ruleFree).select((eb) =>
    eb.fn.countAll<number>().as('total'),
  )
  const count = async () => Number((await countQuery.executeTakeFirst())?.total ?? 0)
  // The count is the costly half of a page (it reads every matching row). Paging through a list, reloading
  // it or many users opening it ask the same count again: it is kept while nothing is written (write-watch.ts;
  // on PostgreSQL a write by any process is heard through NOTIFY, notify-watch.ts), so the total stays exact.
  const cache = countCache(db)
  const compiled = countQuery.compile()
  const totalElements = cache
    ? await cache.get(`${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`, count, settled)
    : await count()
  const content = await sortedRows(db, model, session, query, ruleFree)
    .limit(size)
    .offset(page * size)
    .execute()
  return pageOf(content, totalElements, page, size)
}
