/**
 * Request schemas shared by the routes (issue 20 "one module of shared schemas", issue 21 "Hostile input"):
 * the tenant path parameter, ids, object versions, paging, and "no query" / "no body". Every id column is a
 * bigint, read by JavaScript as a number: ids are whole numbers 1 … 2^53-1 (an id beyond that once reached
 * PostgreSQL and failed the query with a 500); int4 columns (objectVersionNumber, counts) stop at 2^31-1.
 */
import { Type, type TObject, type TSchema } from '@sinclair/typebox'

/** The largest id a bigint column holds that JSON numbers carry exactly. */
export const ID_MAX = Number.MAX_SAFE_INTEGER
/** The largest value of an int4 column (objectVersionNumber, counts, sequence numbers). */
export const INT4_MAX = 2 ** 31 - 1

/** A row id (bigint primary key). */
export const Id = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: ID_MAX, ...(description ? { description } : {}) })
/** A tenant id: 0 is the platform tenant. */
export const TenantId = Type.Integer({ minimum: 0, maximum: ID_MAX, description: 'Tenant id (0: platform)' })
/** objectVersionNumber (int4): the version the client last read. */
export const Version = Type.Integer({ minimum: 0, maximum: INT4_MAX })
/** A whole number of an int4 column. */
export const Int4 = (options: { minimum?: number; description?: string } = {}) =>
  Type.Integer({ minimum: -INT4_MAX - 1, maximum: INT4_MAX, ...options })

/** The tenant path parameter of `/api/<service>/v1/:tenantId/…`, to spread into a params object. */
export const Tenant = { tenantId: TenantId }
/** Params of a tenant route without other path parameters. */
export const TenantParams = Type.Object(Tenant)

/** Paging of every list: `page` 0-based, `size` rows (one default, one maximum, as the model lists). */
export const PAGE_SIZE_DEFAULT = 10
export const PAGE_SIZE_MAX = 1000
export const PAGE_MAX = 10_000_000
export const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: PAGE_MAX, default: 0 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT })),
}
export const PagingQuery = Type.Object(Paging)
/** `sort=<field>,asc|desc` of a hand-written list (the route checks the field against its own). */
export const Sort = Type.Optional(Type.String({ maxLength: 80, description: '<field>,asc|desc' }))

/** A GET that reads no query parameter: others (a cache-buster, HZERO extras) are allowed and ignored. */
export const NoQuery = Type.Object({}, { description: 'No query parameters' })
/**
 * A write that reads no body: whatever is sent is ignored (an empty JSON object or nothing). Declared so the
 * route table shows the route was considered, not forgotten.
 */
export const NoBody = Type.Unknown({ description: 'No body: anything sent is ignored' })

/**
 * Params of a path: `tenantId` is the tenant parameter, a `…Id`/`id` name a row id, others must be given in
 * `named` (a code, a uuid…). Throws at start for an undeclared name, so a new path parameter is never untyped.
 */
export function pathParams(url: string, named: Record<string, TSchema> = {}): TObject {
  const properties: Record<string, TSchema> = {}
  for (const [, name] of url.matchAll(/:(\w+)/g)) {
    if (!name) continue
    const schema =
      named[name] ?? (name === 'tenantId' ? TenantId : /(^id|Id)$/.test(name) ? Id(name) : undefined)
    if (!schema)
      throw new Error(`${url}: path parameter :${name} needs a schema (pathParams' named argument)`)
    properties[name] = schema
  }
  return Type.Object(properties)
}
