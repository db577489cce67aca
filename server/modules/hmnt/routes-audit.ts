/**
 * The audit query endpoints (read-only): operation audits, data audits, document audit log and the per-document
 * summary, all of the caller's tenant. Guarded by hmnt.audit.button.query (audit data shows any model's values).
 */
import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { PagingQuery, contains, pageOf, sortOf, timestampOf } from './paged.ts'

export const AUDIT_QUERY_PERMISSION = 'hmnt.audit.button.query'

const Tenant = Type.Object({ tenantId: Type.Integer({ minimum: 0 }) })
const Filters = Type.Object({
  ...PagingQuery,
  modelCode: Type.Optional(Type.String({ maxLength: 120 })),
  recordId: Type.Optional(Type.Integer({ minimum: 1 })),
  userName: Type.Optional(Type.String({ maxLength: 120 })),
  action: Type.Optional(Type.Union([Type.Literal('CREATE'), Type.Literal('UPDATE'), Type.Literal('DELETE')])),
  documentNumber: Type.Optional(Type.String({ maxLength: 120 })),
  occurredAtFrom: Type.Optional(Type.String({ maxLength: 19 })),
  occurredAtTo: Type.Optional(Type.String({ maxLength: 19 })),
})
type Filters = typeof Filters.static

const SORTABLE = ['occurredAt', 'modelCode', 'recordId', 'auditRecordId'] as const

export const auditRoutes: TypedPlugin = async (app) => {
  const filtered = (tenantId: number, type: 'OPERATION' | 'DATA' | 'DOCUMENT', query: Filters) => {
    let select = app.db
      .selectFrom('hmntAuditRecord')
      .where('tenantId', '=', tenantId)
      .where('auditType', '=', type)
    if (query.modelCode) select = select.where('modelCode', 'ilike', contains(query.modelCode))
    if (query.recordId) select = select.where('recordId', '=', query.recordId)
    if (query.userName) select = select.where('userName', 'ilike', contains(query.userName))
    if (query.action) select = select.where('action', '=', query.action)
    if (query.documentNumber) select = select.where('documentNumber', 'ilike', contains(query.documentNumber))
    const from = timestampOf('occurredAtFrom', query.occurredAtFrom)
    const to = timestampOf('occurredAtTo', query.occurredAtTo, true)
    if (from) select = select.where('occurredAt', '>=', from)
    if (to) select = select.where('occurredAt', '<=', to)
    return select
  }
  const list = (path: string, type: 'OPERATION' | 'DATA' | 'DOCUMENT') =>
    app.get(
      `/api/hmnt/v1/:tenantId/${path}`,
      {
        schema: { params: Tenant, querystring: Filters },
        preHandler: requirePermission(AUDIT_QUERY_PERMISSION),
      },
      async (request) => {
        const query = request.query
        const { tenantId } = sessionOf(request)
        const sort = sortOf(query.sort, SORTABLE, 'occurredAt')
        const select = filtered(tenantId, type, query)
        const total = await select
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
        const rows = await select
          .selectAll()
          .orderBy(sort.field, sort.direction)
          .orderBy('auditRecordId', 'desc')
          .limit(query.size)
          .offset(query.page * query.size)
          .execute()
        const content = rows.map((row) => ({
          ...row,
          beforeData: row.beforeData === null ? null : JSON.stringify(row.beforeData, null, 2),
          afterData: row.afterData === null ? null : JSON.stringify(row.afterData, null, 2),
        }))
        return pageOf(content, Number(total.count), query.page, query.size)
      },
    )
  list('operation-audits', 'OPERATION')
  list('data-audits', 'DATA')
  list('document-audits', 'DOCUMENT')

  // One row per audited document: its number, how often it changed and the last change.
  app.get(
    '/api/hmnt/v1/:tenantId/document-audit-summaries',
    {
      schema: { params: Tenant, querystring: Filters },
      preHandler: requirePermission(AUDIT_QUERY_PERMISSION),
    },
    async (request) => {
      const query = request.query
      const { tenantId } = sessionOf(request)
      const grouped = filtered(tenantId, 'DOCUMENT', query)
        .select((eb) => [
          'modelCode',
          'recordId',
          eb.fn.max('documentNumber').as('documentNumber'),
          eb.fn.countAll<number>().as('changeCount'),
          eb.fn.max('auditRecordId').as('lastRecordId'),
        ])
        .groupBy(['modelCode', 'recordId'])
      const total = await app.db
        .selectFrom(grouped.as('g'))
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
      const rows = await app.db
        .selectFrom(grouped.as('g'))
        .innerJoin('hmntAuditRecord as r', 'r.auditRecordId', 'g.lastRecordId')
        .select([
          'g.modelCode',
          'g.recordId',
          'g.documentNumber',
          'g.changeCount',
          'r.action as lastAction',
          'r.userName as lastUserName',
          'r.occurredAt as lastOccurredAt',
        ])
        .orderBy('r.occurredAt', 'desc')
        .orderBy('g.lastRecordId', 'desc')
        .limit(query.size)
        .offset(query.page * query.size)
        .execute()
      const content = rows.map((row) => ({
        ...row,
        documentKey: `${row.modelCode}:${row.recordId ?? ''}`,
        changeCount: Number(row.changeCount),
      }))
      return pageOf(content, Number(total.count), query.page, query.size)
    },
  )
}
