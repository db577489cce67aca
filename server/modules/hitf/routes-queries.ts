/**
 * Read-only views the generic model lists cannot give: what changed in one version of a mapping (field by
 * field), the purchases of a charge set or group, the charge groups open for purchase, and the charge report.
 * All answer the wire Page shape so list pages can show them.
 */
import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import { sql } from 'kysely'
import { badRequest, notFound } from '../../errors.ts'
import { slicePage } from '../../paging.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { chargeReport } from './charges.ts'
import { contains } from '../../like.ts'

const Paging = {
  page: Type.Integer({ minimum: 0, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
  sort: Type.Optional(
    Type.Union([Type.String({ maxLength: 120 }), Type.Array(Type.String({ maxLength: 120 }))]),
  ),
}

const HIDDEN = new Set([
  'tenant_id',
  'created_by',
  'creation_date',
  'object_version_number',
  'last_update_date',
  'last_updated_by',
])

/** One row per changed column of each object changed in the version: before and after. */
export function diffRows(
  changes: Array<{
    historyId: number
    objectType: string
    changeType: string
    beforeValue: string | null
    afterValue: string | null
  }>,
) {
  const rows: Array<Record<string, unknown>> = []
  for (const change of changes) {
    const before = change.beforeValue ? (JSON.parse(change.beforeValue) as Record<string, unknown>) : {}
    const after = change.afterValue ? (JSON.parse(change.afterValue) as Record<string, unknown>) : {}
    const key = after.line_id ?? before.line_id
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (HIDDEN.has(field)) continue
      const was = before[field] ?? null
      const is = after[field] ?? null
      if (change.changeType === 'UPDATE' && JSON.stringify(was) === JSON.stringify(is)) continue
      rows.push({
        diffId: `${change.historyId}-${field}`,
        objectType: change.objectType,
        objectKey: change.objectType === 'LINE' ? `line ${String(key)}` : 'header',
        changeType: change.changeType,
        fieldName: field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
        beforeValue: was === null ? null : typeof was === 'string' ? was : JSON.stringify(was),
        afterValue: is === null ? null : typeof is === 'string' ? is : JSON.stringify(is),
      })
    }
  }
  return rows
}

export const hitfQueryRoutes: TypedPlugin = async (app) => {
  for (const [segment, type, table] of [
    ['field-mapping-versions', 'FIELD', 'hitf_field_mapping_history'],
    ['data-mapping-versions', 'DATA', 'hitf_data_mapping_history'],
  ] as const) {
    const Params = Type.Object({
      tenantId: Type.Integer({ minimum: 0 }),
      mappingId: Type.Integer({ minimum: 1 }),
      versionNumber: Type.Integer({ minimum: 1 }),
    })
    app.get(
      `/api/hitf/v1/:tenantId/${segment}/:mappingId/:versionNumber`,
      { schema: { params: Params, querystring: Type.Object(Paging) } },
      async (request) => {
        const { tenantId } = sessionOf(request)
        const { mappingId, versionNumber } = request.params
        const { page, size } = request.query
        const { rows } = await sql<{
          historyId: number
          objectType: string
          changeType: string
          beforeValue: string | null
          afterValue: string | null
        }>`
        select history_id, object_type, change_type, before_value, after_value from ${sql.table(table)}
        where tenant_id = ${tenantId} and mapping_id = ${mappingId} and version_number = ${versionNumber}
        order by history_id`.execute(app.db)
        if (!rows.length)
          throw notFound(
            `Version ${versionNumber} of ${type.toLowerCase()} mapping ${mappingId} does not exist: pick a version from the version list.`,
          )
        return slicePage(diffRows(rows), page, size)
      },
    )
  }

  const ListParams = Type.Object({
    tenantId: Type.Integer({ minimum: 0 }),
    typeCode: Type.Union([Type.Literal('SET'), Type.Literal('GROUP')]),
    id: Type.Integer({ minimum: 1 }),
  })
  app.get(
    '/api/hitf/v1/:tenantId/purchase-lists/:typeCode/:id',
    { schema: { params: ListParams, querystring: Type.Object(Paging) } },
    async (request) => {
      const { tenantId } = sessionOf(request)
      const { typeCode, id } = request.params
      const { page, size } = request.query
      let groupCodes: string[]
      if (typeCode === 'GROUP') {
        groupCodes = (
          await sql<{
            groupCode: string
          }>`select group_code from hitf_charge_group where tenant_id = ${tenantId} and group_header_id = ${id}`.execute(
            app.db,
          )
        ).rows.map((r) => r.groupCode)
        if (!groupCodes.length) throw notFound(`Charge group ${id} does not exist: reload the list.`)
      } else {
        const set = (
          await sql<{
            setCode: string
          }>`select set_code from hitf_charge_set where tenant_id = ${tenantId} and set_header_id = ${id}`.execute(
            app.db,
          )
        ).rows[0]
        if (!set) throw notFound(`Charge set ${id} does not exist: reload the list.`)
        groupCodes = (
          await sql<{
            groupCode: string
          }>`select distinct g.group_code from hitf_charge_group g where g.tenant_id = ${tenantId} and (g.default_set_code = ${set.setCode}
          or exists (select 1 from hitf_charge_group_line l where l.group_header_id = g.group_header_id and l.set_code = ${set.setCode})
          or exists (select 1 from hitf_charge_group_rule r where r.group_header_id = g.group_header_id and r.set_code = ${set.setCode}))`.execute(
            app.db,
          )
        ).rows.map((r) => r.groupCode)
      }
      const rows = groupCodes.length
        ? (
            await sql<
              Record<string, unknown>
            >`select purchase_id, purchase_num, application_code, group_code, start_date, end_date, status_code, call_count, charge_amount
          from hitf_user_purchase where tenant_id = ${tenantId} and group_code in (${sql.join(groupCodes)}) order by purchase_id desc`.execute(
              app.db,
            )
          ).rows
        : []
      return slicePage(rows, page, size)
    },
  )

  const AvailableQuery = Type.Object({
    ...Paging,
    groupCode: Type.Optional(Type.String({ maxLength: 60 })),
    groupName: Type.Optional(Type.String({ maxLength: 120 })),
  })
  app.get(
    '/api/hitf/v1/:tenantId/available-purchases',
    {
      schema: {
        params: Type.Object({ tenantId: Type.Integer({ minimum: 0 }) }),
        querystring: AvailableQuery,
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request)
      const { page, size, groupCode, groupName } = request.query
      const like = (text: string | undefined) => contains(text ?? '')
      const { rows } = await sql<Record<string, unknown>>`
      select g.group_header_id, g.group_code, g.group_name, g.default_set_code, g.description,
        (select count(*) from hitf_charge_group_server s where s.group_header_id = g.group_header_id)::int as server_count,
        (select count(*) from hitf_charge_group_rule r where r.group_header_id = g.group_header_id)::int as rule_count
      from hitf_charge_group g
      where g.tenant_id = ${tenantId} and g.status_code = 'PUBLISHED'
        and g.group_code ilike ${like(groupCode)} and g.group_name ilike ${like(groupName)}
      order by g.group_code`.execute(app.db)
      return slicePage(rows, page ?? 0, size ?? 10)
    },
  )

  const ReportQuery = Type.Object({
    ...Paging,
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
  })
  app.get(
    '/api/hitf/v1/:tenantId/charge-report',
    { schema: { params: Type.Object({ tenantId: Type.Integer({ minimum: 0 }) }), querystring: ReportQuery } },
    async (request) => {
      const { tenantId } = sessionOf(request)
      const { from, to, page, size } = request.query
      if (from > to) throw badRequest('from must not be after to: swap the two dates.', { from: 'after to' })
      return slicePage(await chargeReport(app.db, tenantId, from, to), page, size)
    },
  )
}
