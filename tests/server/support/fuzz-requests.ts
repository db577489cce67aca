import fc, { type Arbitrary } from 'fast-check'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { RouteEntry } from '../../../server/plugins/route-table.ts'
import { fillPath, isMutating, TENANT_A, TENANT_B } from './security.ts'

/** One generated request of the fuzzer. */
export interface FuzzRequest {
  /** The route needs no token (the fuzzer then sends none, so logout cannot end its own session). */
  public: boolean
  method: string
  /** The route's path with its `:param` placeholders (failures are grouped by it). */
  route: string
  url: string
  headers: Record<string, string>
  payload?: string | object
}

const SQL = [
  "' OR '1'='1",
  '1; DROP TABLE wmdm_warehouse; --',
  "' UNION SELECT password_hash FROM iam_user --",
  '1) OR (1=1',
  "'; UPDATE iam_user SET enabled_flag=0; --",
  '%',
  '_',
  '\\',
  'warehouseCode,asc; DELETE FROM wmdm_warehouse',
  'tenant_id',
]
const SCRIPT = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '${7*7}',
  '__proto__',
  'constructor',
]
const ODD = [
  '',
  ' ',
  '\u0000',
  '\uFFFF',
  '𝕏😀',
  '../../etc/passwd',
  '%00',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
]
const NUMBERS = [
  0,
  -1,
  1,
  2,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  1e20,
  -1e20,
  0.5,
  1e-9,
  123456789012345,
  // Out of every column's range: beyond int4, beyond the safe integers, beyond bigint, near Number.MAX_VALUE.
  2 ** 53 + 2,
  1e23,
  -1e23,
  1e308,
  -1e308,
]
/** The same as text, as a path or query parameter carries them (the digits beyond a double's precision too). */
const HUGE_TEXT = [
  '99999999999999999999999',
  '-99999999999999999999999',
  '1e308',
  '2147483648',
  '9007199254740993',
]

const fragment = fc.constantFrom(...SQL, ...SCRIPT, ...ODD)
const hugeString = fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n))
/** A string a hostile caller might send: random, fragments, or huge. */
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 4, arbitrary: fragment },
  { weight: 1, arbitrary: hugeString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...NUMBERS.map(String), ...HUGE_TEXT, '2026-13-45', '2026-01-01', 'COLD'),
  },
)
/** Deep nesting: {a:{a:…}} or [[[…]]]. */
const deepJson = fc
  .integer({ min: 50, max: 5_000 })
  .chain((depth) =>
    fc.constantFrom(
      JSON.parse('{"a":'.repeat(Math.min(depth, 900)) + '1' + '}'.repeat(Math.min(depth, 900))) as unknown,
      '['.repeat(depth) + ']'.repeat(depth),
    ),
  )
/** A value of any JSON type, biased to hostile ones. */
const hostileValue: Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fragment, fc.integer()), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fragment, { maxKeys: 4 }) },
  { weight: 1, arbitrary: deepJson },
)

/** Field names the routes know (every model field, system keys, and some that exist nowhere). */
function knownKeys(models: ModelSchema[]): string[] {
  const fields = models.flatMap((model) => [
    model.primaryKey,
    ...model.fields.flatMap((field) => [field.name, `${field.name}From`, `${field.name}To`]),
  ])
  const system = [
    'objectVersionNumber',
    'tenantId',
    'createdBy',
    'lastUpdatedBy',
    '_status',
    '_tls',
    '_token',
  ]
  const query = [
    'page',
    'size',
    'sort',
    'lovCode',
    'lovCodes',
    'access_token',
    'roleId',
    'lang',
    'language',
    'promptKey',
  ]
  return [...new Set([...fields, ...system, ...query, '__proto__', 'constructor', 'unknownField'])]
}

/** A row-like object: known keys with hostile values (sometimes a plausible _status). */
const hostileRow = (keys: string[]) =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: 10 }),
      fc.option(fc.constantFrom('create', 'update', 'delete', 'DROP'), { nil: undefined }),
    )
    .map(([row, status]) => (status ? { ...row, _status: status } : row))

const hostileBody = (keys: string[]): Arbitrary<{ payload?: string | object; type?: string }> =>
  fc.oneof(
    { weight: 4, arbitrary: hostileRow(keys).map((row) => ({ payload: row })) },
    { weight: 3, arbitrary: fc.array(hostileRow(keys), { maxLength: 4 }).map((rows) => ({ payload: rows })) },
    {
      weight: 1,
      arbitrary: hostileValue.map((value) => ({
        payload: JSON.stringify(value) ?? 'null',
        type: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{"a":', '[1,2', 'nul', '{"__proto__":{"x":1}}', '\u0000')
        .map((payload) => ({ payload, type: 'application/json' })),
    },
    { weight: 1, arbitrary: hostileString.map((payload) => ({ payload, type: 'text/plain' })) },
    {
      weight: 1,
      arbitrary: hostileString.map((payload) => ({ payload, type: 'application/x-www-form-urlencoded' })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  )

/** A path parameter: valid ids of both tenants, and invalid ones. */
const paramValue = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(String(TENANT_A), String(TENANT_B), '0', '3', '10', 'en_US', 'zh_CN'),
  },
  { weight: 2, arbitrary: fc.constantFrom('-1', '99999999999', '1.5', 'abc', '1e3', ' 1', '0x10') },
  { weight: 2, arbitrary: fc.constantFrom(...HUGE_TEXT, 'x'.repeat(101)) },
  { weight: 2, arbitrary: fc.oneof(fragment, fc.string({ maxLength: 20 })) },
)

/** The query string: known keys with hostile values, repeated keys as arrays. */
const hostileQuery = (keys: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 })),
        fc.oneof(
          hostileString,
          fc.constantFrom('warehouseCode,asc', 'warehouseName,desc', 'nope,sideways', 'orderNum'),
        ),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => {
      const params = new URLSearchParams()
      for (const [key, value] of pairs) params.append(key, value.slice(0, 4_000))
      const text = params.toString()
      return text ? `?${text}` : ''
    })

/** The property names a route's schema part declares (top level, or of its array items / anyOf branches). */
function declaredNames(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return []
  const node = schema as { properties?: object; items?: unknown; anyOf?: unknown[] }
  return [
    ...Object.keys(node.properties ?? {}),
    ...declaredNames(node.items),
    ...(node.anyOf ?? []).flatMap(declaredNames),
  ]
}

/** One hostile request to one route of the table: its own path, query and body names get hostile values. */
export function hostileRequest(routes: RouteEntry[], models: ModelSchema[]): Arbitrary<FuzzRequest> {
  const keys = knownKeys(models)
  return fc
    .constantFrom(...routes)
    .chain((route) => {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!)
      const schema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown }
      const own = [...new Set([...declaredNames(schema.querystring), ...declaredNames(schema.body)])]
      const routeKeys = own.length ? [...own, ...own, ...keys] : keys
      return fc.record({
        route: fc.constant(route),
        params: names.length
          ? fc.dictionary(fc.constantFrom(...names), paramValue, { maxKeys: names.length })
          : fc.constant({}),
        query: hostileQuery(routeKeys),
        body: hostileBody(routeKeys),
        wrongMethodBody: fc.boolean(),
      })
    })
    .map(({ route, params, query, body, wrongMethodBody }) => {
      const withBody = isMutating(route) || (wrongMethodBody && route.method !== 'GET')
      const headers: Record<string, string> = withBody && body.type ? { 'content-type': body.type } : {}
      return {
        public: route.public,
        method: route.method,
        route: route.url,
        url: fillPath(route.url, { tenantId: String(TENANT_A), ...params }) + query,
        headers,
        ...(withBody && body.payload !== undefined ? { payload: body.payload } : {}),
      }
    })
}
