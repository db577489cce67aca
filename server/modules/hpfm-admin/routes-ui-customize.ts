import { TenantParams } from '../../schemas.ts'
import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import { modelKey, type ModelSchema } from '../../../renderer/schema/model.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { checkColumnSettings } from '../cusz/column-settings.ts'
import type { ServedPage } from '../lowcode/load-pages.ts'
import { contains, slicePage, PagingQuery } from './paging.ts'

/** The column-settings code of a list page's table (widgets/list-page/ListPage.tsx tableCuszCode). */
export const unitCodeOf = (route: string) =>
  `${route.replace(/[{}]/g, '').split('/').filter(Boolean).join('.')}.table`
/** Tenant defaults of column settings are kept as the settings of user 0 of the tenant. */
export const TENANT_DEFAULT_USER = 0

const CuszCode = Type.String({ minLength: 1, maxLength: 240, pattern: '^[A-Za-z0-9_./:-]+$' })

/**
 * /hpfm/ui-customize/*: the models and customisable units (list pages) of the app, the tenant's default
 * column settings per unit (shown to every user who has not arranged the columns for themself), and the
 * filter templates users of the tenant saved.
 */
export function uiCustomizeRoutes(models: ModelSchema[], pages: ServedPage[]): TypedPlugin {
  return async (app) => {
    const base = '/api/hpfm/v1/:tenantId/ui-customize'
    app.get(
      `${base}/models`,
      {
        schema: {
          params: TenantParams,
          querystring: Type.Object({
            modelKey: Type.Optional(Type.String({ maxLength: 120 })),
            ...PagingQuery,
          }),
        },
      },
      async (request) => {
        const q = request.query
        const rows = models
          .map((m) => ({
            modelKey: modelKey(m),
            service: m.service,
            entity: m.entity,
            resource: m.resource,
            tableName: m.table,
            fieldCount: m.fields.length,
            fields: m.fields.map((f) => f.name).join(', '),
            description: m.description ?? '',
          }))
          .filter((row) => contains(row.modelKey, q.modelKey))
          .sort((a, b) => a.modelKey.localeCompare(b.modelKey))
        return slicePage(rows, q.page, q.size)
      },
    )

    const units = () =>
      pages
        .filter((page) => page.kind === 'list' && page.route)
        .map((page) => {
          let model = ''
          try {
            model = (JSON.parse(page.source) as { dataSource?: { model?: string } }).dataSource?.model ?? ''
          } catch {
            // a page that cannot be read has no model
          }
          return { unitCode: unitCodeOf(page.route), route: page.route, file: page.file, model }
        })
        .sort((a, b) => a.route.localeCompare(b.route))

    app.get(
      `${base}/units`,
      {
        schema: {
          params: TenantParams,
          querystring: Type.Object({ route: Type.Optional(Type.String({ maxLength: 240 })), ...PagingQuery }),
        },
      },
      async (request) => {
        const session = sessionOf(request)
        const q = request.query
        const defaults = await app.db
          .selectFrom('cuszInfo')
          .select('cuszCode')
          .where('tenantId', '=', session.tenantId)
          .where('userId', '=', TENANT_DEFAULT_USER)
          .execute()
        const configured = new Set(defaults.map((d) => d.cuszCode))
        const rows = units()
          .filter((unit) => contains(unit.route, q.route))
          .map((unit) => ({ ...unit, configuredFlag: configured.has(unit.unitCode) ? 1 : 0 }))
        return slicePage(rows, q.page, q.size)
      },
    )

    // Tenant default column settings per unit.
    const configs = `${base}/configs`
    const ConfigBody = Type.Object({
      id: Type.Optional(Type.Integer()),
      objectVersionNumber: Type.Optional(Type.Integer()),
      cuszCode: Type.Optional(CuszCode),
      cuszInfo: Type.String({ minLength: 2, maxLength: 100_000 }),
    })
    const ownDefault = (tenantId: number, id: number) =>
      app.db
        .selectFrom('cuszInfo')
        .select(['id', 'cuszCode', 'cuszInfo', 'objectVersionNumber'])
        .where('tenantId', '=', tenantId)
        .where('userId', '=', TENANT_DEFAULT_USER)
        .where('id', '=', id)
        .executeTakeFirst()
    app.get(
      configs,
      {
        schema: {
          params: TenantParams,
          querystring: Type.Object({
            cuszCode: Type.Optional(Type.String({ maxLength: 240 })),
            ...PagingQuery,
          }),
        },
      },
      async (request) => {
        const session = sessionOf(request)
        const q = request.query
        const rows = await app.db
          .selectFrom('cuszInfo')
          .select(['id', 'cuszCode', 'cuszInfo', 'objectVersionNumber', 'lastUpdateDate'])
          .where('tenantId', '=', session.tenantId)
          .where('userId', '=', TENANT_DEFAULT_USER)
          .orderBy('cuszCode')
          .execute()
        const byCode = new Map(units().map((unit) => [unit.unitCode, unit.route]))
        return slicePage(
          rows
            .filter((row) => contains(row.cuszCode, q.cuszCode))
            .map((row) => ({ ...row, route: byCode.get(row.cuszCode) ?? '' })),
          q.page,
          q.size,
        )
      },
    )
    app.post(
      configs,
      {
        preHandler: requirePermission('hpfm.uiCustomizeCustConfig.button.create'),
        schema: { params: TenantParams, body: ConfigBody },
      },
      async (request, reply) => {
        const session = sessionOf(request)
        const body = request.body
        if (!body.cuszCode)
          throw badRequest('Choose the unit (table code) the columns are for.', {
            cuszCode: 'Please enter the unit',
          })
        if (!units().some((unit) => unit.unitCode === body.cuszCode))
          throw badRequest(
            `${body.cuszCode} is not the table code of a list page: copy it from Customisation units.`,
            { cuszCode: 'unknown unit' },
          )
        checkColumnSettings(body.cuszInfo)
        const taken = await app.db
          .selectFrom('cuszInfo')
          .select('id')
          .where('tenantId', '=', session.tenantId)
          .where('userId', '=', TENANT_DEFAULT_USER)
          .where('cuszCode', '=', body.cuszCode)
          .executeTakeFirst()
        if (taken)
          throw conflict(
            'error.duplicate',
            `The tenant already has default columns for ${body.cuszCode}: edit them instead.`,
          )
        const row = await app.db
          .insertInto('cuszInfo')
          .values({
            tenantId: session.tenantId,
            userId: TENANT_DEFAULT_USER,
            menuId: null,
            cuszCode: body.cuszCode,
            cuszInfo: body.cuszInfo,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        return reply.status(201).send(await ownDefault(session.tenantId, Number(row.id)))
      },
    )
    app.put(
      configs,
      {
        preHandler: requirePermission('hpfm.uiCustomizeCustConfig.button.edit'),
        schema: { params: TenantParams, body: ConfigBody },
      },
      async (request) => {
        const session = sessionOf(request)
        const body = request.body
        const row = body.id ? await ownDefault(session.tenantId, body.id) : undefined
        if (!row) throw notFound(`Default columns ${body.id} do not exist: reload.`)
        if (body.objectVersionNumber !== undefined && body.objectVersionNumber !== row.objectVersionNumber)
          throw conflict(
            'error.optimistic_lock',
            'Someone else changed these columns meanwhile: reload and try again.',
          )
        checkColumnSettings(body.cuszInfo)
        await app.db
          .updateTable('cuszInfo')
          .set((eb) => ({ cuszInfo: body.cuszInfo, objectVersionNumber: eb('objectVersionNumber', '+', 1) }))
          .where('id', '=', row.id)
          .execute()
        return ownDefault(session.tenantId, row.id)
      },
    )
    app.delete(
      configs,
      {
        preHandler: requirePermission('hpfm.uiCustomizeCustConfig.button.delete'),
        schema: {
          params: TenantParams,
          body: Type.Object({ id: Type.Integer() }, { additionalProperties: true }),
        },
      },
      async (request, reply) => {
        const session = sessionOf(request)
        const { id } = request.body
        if (!(await ownDefault(session.tenantId, id)))
          throw notFound(`Default columns ${id} do not exist: reload.`)
        await app.db.deleteFrom('cuszInfo').where('id', '=', id).execute()
        return reply.status(204).send()
      },
    )

    // Filter templates of the tenant's users.
    const templates = `${base}/query-templates`
    app.get(
      templates,
      {
        preHandler: requirePermission('hpfm.uiCustomizeAdvancedQuery.button.query'),
        schema: {
          params: TenantParams,
          querystring: Type.Object({
            loginName: Type.Optional(Type.String({ maxLength: 60 })),
            templateName: Type.Optional(Type.String({ maxLength: 120 })),
            ...PagingQuery,
          }),
        },
      },
      async (request) => {
        const session = sessionOf(request)
        const q = request.query
        const rows = await app.db
          .selectFrom('cuszQueryUserTemplate as t')
          .leftJoin('iamUser as u', 'u.id', 't.userId')
          .leftJoin('iamMenu as m', 'm.id', 't.menuId')
          .select([
            't.id',
            't.templateName',
            't.isDefault',
            't.templateContent',
            't.menuId',
            't.lastUpdateDate',
            'u.loginName',
            'u.realName',
            'm.route',
          ])
          .where('t.tenantId', '=', session.tenantId)
          .orderBy('t.id', 'desc')
          .execute()
        return slicePage(
          rows
            .filter(
              (row) => contains(row.loginName, q.loginName) && contains(row.templateName, q.templateName),
            )
            .map(({ templateContent, ...row }) => ({
              ...row,
              conditionCount: Array.isArray(templateContent)
                ? templateContent.length
                : Array.isArray((templateContent as { conditions?: unknown[] })?.conditions)
                  ? (templateContent as { conditions: unknown[] }).conditions.length
                  : 0,
            })),
          q.page,
          q.size,
        )
      },
    )
    app.delete(
      templates,
      {
        preHandler: requirePermission('hpfm.uiCustomizeAdvancedQuery.button.delete'),
        schema: {
          params: TenantParams,
          body: Type.Object({ id: Type.Integer() }, { additionalProperties: true }),
        },
      },
      async (request, reply) => {
        const session = sessionOf(request)
        const { id } = request.body
        const result = await app.db
          .deleteFrom('cuszQueryUserTemplate')
          .where('tenantId', '=', session.tenantId)
          .where('id', '=', id)
          .executeTakeFirst()
        if (!Number(result.numDeletedRows))
          throw notFound(`Filter template ${id} does not exist in this tenant: reload.`)
        return reply.status(204).send()
      },
    )
  }
}
