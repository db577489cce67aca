/**
 * The Lov view format of server/seed/data/lov-views.json (documented in schemas/README.md): one entry per view,
 * site-wide (tenantId 0, the default) or a tenant's override of the same viewCode. Checked before it is stored:
 * an SQL view's text may only use the session placeholders below and must be scoped by one of them, so a view
 * can never list another tenant's rows.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { LOV_RESERVED_PARAMS } from '../../../renderer/contract/lov-view.ts'

const TextsOf = (description: string) =>
  Type.Object(
    {
      zh_CN: Type.String({ minLength: 1 }),
      en_US: Type.String({ minLength: 1 }),
      zh_TW: Type.String({ minLength: 1 }),
    },
    { additionalProperties: false, description },
  )
const FieldName = Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', maxLength: 60 })
const DataType = Type.Union([
  Type.Literal('STRING'),
  Type.Literal('SELECT'),
  Type.Literal('LOV_CODE'),
  Type.Literal('DATE'),
  Type.Literal('DATETIME'),
  Type.Literal('INT'),
  Type.Literal('NUMBER'),
  Type.Literal('IMAGE'),
])
const Code = Type.String({ pattern: '^[A-Z][A-Z0-9_]*(\\.[A-Z0-9_]+)*$', maxLength: 120 })

export const LovViewDefinition = Type.Object(
  {
    tenantId: Type.Optional(
      Type.Integer({ minimum: 0, description: '0 (default): site-wide; else an override.' }),
    ),
    viewCode: Code,
    viewName: TextsOf('Name of the view.'),
    lovCode: Type.Optional(Code),
    lovName: Type.Optional(TextsOf('Name of the value list (default: viewName).')),
    lovTypeCode: Type.Union([Type.Literal('IDP'), Type.Literal('SQL'), Type.Literal('URL')]),
    sql: Type.Optional(Type.String({ minLength: 10 })),
    sortField: Type.Optional(FieldName),
    queryUrl: Type.Optional(Type.String({ pattern: '^/[a-z]+/v1/[A-Za-z0-9{}_./-]+$' })),
    requestMethod: Type.Optional(Type.Union([Type.Literal('GET'), Type.Literal('POST')])),
    valueField: FieldName,
    displayField: FieldName,
    title: TextsOf('Title of the popup.'),
    width: Type.Optional(Type.Integer({ minimum: 320, maximum: 1600 })),
    height: Type.Optional(Type.Integer({ minimum: 200, maximum: 1200 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    delayLoad: Type.Optional(Type.Boolean()),
    childrenFieldName: Type.Optional(FieldName),
    queryFields: Type.Array(
      Type.Object(
        {
          field: FieldName,
          label: TextsOf('Label in the search form.'),
          dataType: Type.Optional(DataType),
          sourceCode: Type.Optional(Code),
          match: Type.Optional(Type.Union([Type.Literal('like'), Type.Literal('exact')])),
        },
        { additionalProperties: false },
      ),
    ),
    tableFields: Type.Array(
      Type.Object(
        {
          dataIndex: FieldName,
          title: TextsOf('Column title.'),
          width: Type.Optional(Type.Integer({ minimum: 40, maximum: 800 })),
          dataType: Type.Optional(DataType),
        },
        { additionalProperties: false },
      ),
      { minItems: 1 },
    ),
  },
  { additionalProperties: false },
)
export type LovViewDefinition = Static<typeof LovViewDefinition>

/** Placeholders an SQL view may use; each is bound as a parameter from the caller's session. */
export const SQL_PLACEHOLDERS = [
  'tenantId',
  'organizationId',
  'userId',
  'language',
  // Data permissions: the ids granted to the user (bigint[]), null for a role with unrestricted data access,
  // used as `({grantedWarehouses} is null or w.warehouse_id = any({grantedWarehouses}))`.
  'grantedWarehouses',
  'grantedOwners',
  'grantedCustomers',
  'grantedVendors',
  'grantedInvOrganizations',
] as const
export type SqlPlaceholder = (typeof SQL_PLACEHOLDERS)[number]
const SCOPES = ['tenantId', 'organizationId', 'userId']

export const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '')

/** Every problem of one definition, as "<viewCode>: what is wrong — how to fix it". */
export function lovViewProblems(input: unknown): string[] {
  if (!Value.Check(LovViewDefinition, input)) {
    const code = (input as { viewCode?: unknown })?.viewCode
    return [...Value.Errors(LovViewDefinition, input)].map(
      (e) => `${String(code ?? '?')}${e.path}: ${e.message}`,
    )
  }
  const view = input
  const problems: string[] = []
  const say = (message: string) => problems.push(`${view.viewCode}: ${message}`)
  if (view.lovTypeCode === 'SQL') {
    if (!view.sql) say('an SQL view needs "sql" (a select over server tables)')
    else {
      if (!/^\s*(select|with)\s/i.test(view.sql) || view.sql.includes(';'))
        say('"sql" must be one select statement (no ";")')
      const used = placeholdersOf(view.sql)
      const unknown = used.filter((p) => !(SQL_PLACEHOLDERS as readonly string[]).includes(p))
      if (unknown.length)
        say(`"sql" uses {${unknown.join('}, {')}}: only {${SQL_PLACEHOLDERS.join('}, {')}} are filled`)
      if (!used.some((p) => SCOPES.includes(p)))
        say(
          '"sql" must be limited by {tenantId}, {organizationId} or {userId} so no other tenant\'s rows are listed',
        )
    }
  }
  if (view.lovTypeCode === 'URL') {
    if (!view.queryUrl) say('a URL view needs "queryUrl", e.g. "/wms/v1/{organizationId}/warehouses"')
    else if (view.queryUrl.includes('/lovs/data'))
      say('"queryUrl" of a URL view must not point back to lovs/data')
  }
  if (view.lovTypeCode !== 'URL' && view.queryUrl) say('"queryUrl" belongs to URL views only')
  if (view.lovTypeCode !== 'SQL' && (view.sql || view.sortField))
    say('"sql" and "sortField" belong to SQL views only')
  const reserved = view.queryFields.filter((q) =>
    (LOV_RESERVED_PARAMS as readonly string[]).includes(q.field),
  )
  if (reserved.length) say(`query field '${reserved[0]?.field}' clashes with a reserved parameter`)
  for (const q of view.queryFields)
    if (q.dataType === 'SELECT' && !q.sourceCode)
      say(`query field '${q.field}' is SELECT but has no sourceCode`)
  return problems
}

/** Checks a whole file: each definition, and no (tenantId, viewCode) twice. Throws listing every problem. */
export function checkLovViewFile(input: unknown): LovViewDefinition[] {
  if (!Array.isArray(input)) throw new Error('lov-views.json must hold an array of Lov view definitions')
  const problems = input.flatMap(lovViewProblems)
  const seen = new Set<string>()
  for (const view of input as LovViewDefinition[]) {
    const key = `${view.tenantId ?? 0}|${view.viewCode}`
    if (seen.has(key)) problems.push(`${view.viewCode}: defined twice for tenant ${view.tenantId ?? 0}`)
    seen.add(key)
  }
  if (problems.length)
    throw new Error(`lov-views.json has ${problems.length} problem(s):\n${problems.join('\n')}`)
  return input as LovViewDefinition[]
}
