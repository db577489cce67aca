import { TenantParams } from '../../schemas.ts'
import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { deleteCustomisation, listColumns, listViews, updateColumn, updateView } from './lov-view-admin.ts'
import { contains, slicePage, PagingQuery } from './paging.ts'

const ViewParams = Type.Object({ tenantId: Type.Integer(), lovViewId: Type.Integer() })
const Nullable = (schema: ReturnType<typeof Type.String>) => Type.Optional(Type.Union([schema, Type.Null()]))
const ViewBody = Type.Object({
  lovViewId: Type.Integer(),
  objectVersionNumber: Type.Optional(Type.Integer()),
  viewName: Type.Optional(Type.String({ minLength: 1, maxLength: 240 })),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 240 })),
  valueField: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  displayField: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  sortField: Nullable(Type.String({ maxLength: 60 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  width: Type.Optional(Type.Integer({ minimum: 300, maximum: 2000 })),
  enabledFlag: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  queryUrl: Nullable(Type.String({ maxLength: 480, pattern: '^(/\\S*)?$' })),
})
const ColumnBody = Type.Object({
  dataIndex: Type.String({ minLength: 1, maxLength: 60 }),
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 240 })),
  width: Type.Optional(Type.Union([Type.Integer({ minimum: 40, maximum: 1000 }), Type.Null()])),
  seq: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
})

/** /hpfm/lov-view: the views and their columns (lov-view-admin.ts); a change reaches every Lov of the tenant. */
export const lovViewAdminRoutes: TypedPlugin = async (app) => {
  const base = '/api/hpfm/v1/:tenantId/lov-views'
  app.get(
    base,
    {
      schema: {
        params: TenantParams,
        querystring: Type.Object({
          viewCode: Type.Optional(Type.String({ maxLength: 120 })),
          viewName: Type.Optional(Type.String({ maxLength: 240 })),
          lovTypeCode: Type.Optional(Type.String({ maxLength: 10 })),
          ...PagingQuery,
        }),
      },
    },
    async (request) => {
      const q = request.query
      const rows = (await listViews(app.db, sessionOf(request))).filter(
        (view) =>
          contains(view.viewCode, q.viewCode) &&
          contains(view.viewName, q.viewName) &&
          (!q.lovTypeCode || view.lovTypeCode === q.lovTypeCode),
      )
      return slicePage(rows, q.page, q.size)
    },
  )
  app.put(
    base,
    {
      preHandler: requirePermission('hpfm.lovView.button.edit'),
      schema: { params: TenantParams, body: ViewBody },
    },
    (request) => app.db.transaction().execute((trx) => updateView(trx, sessionOf(request), request.body)),
  )
  app.delete(
    base,
    {
      preHandler: requirePermission('hpfm.lovView.button.delete'),
      schema: {
        params: TenantParams,
        body: Type.Object({ lovViewId: Type.Integer() }, { additionalProperties: true }),
      },
    },
    async (request, reply) => {
      await deleteCustomisation(app.db, sessionOf(request), request.body.lovViewId)
      return reply.status(204).send()
    },
  )
  app.get(
    `${base}/:lovViewId/columns`,
    { schema: { params: ViewParams, querystring: Type.Object(PagingQuery) } },
    async (request) => {
      const { lovViewId } = request.params
      const q = request.query
      return slicePage(await listColumns(app.db, sessionOf(request), lovViewId), q.page, q.size ?? 50)
    },
  )
  app.put(
    `${base}/:lovViewId/columns`,
    {
      preHandler: requirePermission('hpfm.lovView.button.edit'),
      schema: { params: ViewParams, body: ColumnBody },
    },
    (request) => {
      const { lovViewId } = request.params
      return app.db
        .transaction()
        .execute((trx) => updateColumn(trx, sessionOf(request), lovViewId, request.body))
    },
  )
}
