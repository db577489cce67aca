import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { ServedPage } from '../lowcode/load-pages.ts'
import { sql } from 'kysely'
import { conflict, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { cancelTask } from '../export/export-tasks.ts'
import { testConnection } from './connection-test.ts'
import { staticTextRoutes } from './static-texts.ts'
import { slicePage, PagingQuery } from './paging.ts'
import { codeRuleRoutes } from './routes-code-rules.ts'
import { dataHierarchyValueRoutes } from './routes-data-hierarchy-values.ts'
import { integrationRoutes } from './routes-integrations.ts'
import { lovViewAdminRoutes } from './routes-lov-views.ts'
import { onlineRoutes } from './routes-online.ts'
import { uiCustomizeRoutes } from './routes-ui-customize.ts'
import { valueListRoutes } from './routes-value-lists.ts'
import { effectiveProfiles } from './settings.ts'
import { SYS_TOOLS } from './sys-tools.ts'
import { tenantLogHook, tenantLogRoutes } from './tenant-log.ts'
import { NoBody, TenantParams } from '../../schemas.ts'

/**
 * Platform administration behind the /hpfm screens: value sets, code-rule counters, online sessions, effective
 * profiles, system tools, data-source tests and the tenant's operation log. Plain CRUD of the rest is the
 * models' (schemas/models/hpfm). Design: server/README.md "Platform administration".
 */
export const hpfmAdminModule =
  (models: ModelSchema[], pages: ServedPage[]): TypedPlugin =>
  async (app) => {
    await app.register(tenantLogHook)
    await app.register(tenantLogRoutes)
    await app.register(valueListRoutes)
    await app.register(staticTextRoutes)
    await app.register(codeRuleRoutes)
    await app.register(onlineRoutes)
    await app.register(integrationRoutes)
    await app.register(lovViewAdminRoutes)
    await app.register(dataHierarchyValueRoutes)
    await app.register(uiCustomizeRoutes(models, pages))

    app.get(
      '/api/hpfm/v1/:tenantId/effective-profile-values',
      { schema: { params: TenantParams, querystring: Type.Object(PagingQuery) } },
      async (request) => {
        const q = request.query
        return slicePage(await effectiveProfiles(app.db, sessionOf(request)), q.page, q.size ?? 100)
      },
    )

    app.get(
      '/api/hpfm/v1/:tenantId/sys-tools',
      {
        preHandler: requirePermission('hpfm.sysTools.button.run'),
        schema: { params: TenantParams, querystring: Type.Object(PagingQuery) },
      },
      async (request) => {
        const session = sessionOf(request)
        const q = request.query
        const rows = SYS_TOOLS.map((tool) => ({
          toolCode: tool.toolCode,
          toolName: tool.toolName[session.language] ?? tool.toolCode,
          description: tool.description[session.language] ?? '',
        }))
        return slicePage(rows, q.page, q.size)
      },
    )
    app.post(
      '/api/hpfm/v1/:tenantId/sys-tools/:toolCode/run',
      {
        preHandler: requirePermission('hpfm.sysTools.button.run'),
        schema: {
          body: NoBody,
          params: Type.Object({
            tenantId: Type.Integer(),
            toolCode: Type.String({ pattern: '^[A-Z_]{1,60}$' }),
          }),
        },
      },
      async (request) => {
        const { toolCode } = request.params
        const tool = SYS_TOOLS.find((candidate) => candidate.toolCode === toolCode)
        if (!tool)
          throw notFound(
            `Tool ${toolCode} does not exist: use one of ${SYS_TOOLS.map((t) => t.toolCode).join(', ')}.`,
          )
        const message = await tool.run(app.db, sessionOf(request), app.config.now())
        return { toolCode, message }
      },
    )

    // An administrator cancels any task of the tenant in progress (the owner's own cancel is PUT export-task/cancel).
    app.post(
      '/api/hpfm/v1/:tenantId/export-tasks/:taskCode/cancel',
      {
        preHandler: requirePermission('hpfm.excelAsyncExport.button.cancel'),
        schema: {
          body: NoBody,
          params: Type.Object({
            tenantId: Type.Integer(),
            taskCode: Type.String({ minLength: 1, maxLength: 60 }),
          }),
        },
      },
      async (request) => {
        const session = sessionOf(request)
        const { taskCode } = request.params
        const task = await app.db
          .selectFrom('hpfmExportTask')
          .select(['userId', 'state'])
          .where('tenantId', '=', session.tenantId)
          .where('taskCode', '=', taskCode)
          .executeTakeFirst()
        if (!task)
          throw notFound(`Export task ${taskCode} does not exist in this tenant: reload the task list.`)
        if (!(await cancelTask(app.db, { tenantId: session.tenantId, userId: task.userId }, taskCode)))
          throw conflict(
            'error.export.not_running',
            `Export task ${taskCode} is ${task.state}: only a task in progress (DOING) can be cancelled; reload the task list.`,
          )
        return { taskCode, state: 'CANCELLED' }
      },
    )

    app.post(
      '/api/hpfm/v1/:tenantId/data-source-tests/:datasourceId',
      {
        preHandler: requirePermission('hpfm.dataSource.button.test'),
        schema: {
          body: NoBody,
          params: Type.Object({ tenantId: Type.Integer(), datasourceId: Type.Integer() }),
        },
      },
      async (request) => {
        const session = sessionOf(request)
        const { datasourceId } = request.params
        const found = await sql<{
          dsType: string
          url: string
          username: string | null
          passwordEnv: string | null
        }>`
        select ds_type, url, username, password_env from hpfm_datasource
        where datasource_id = ${datasourceId} and tenant_id = ${session.tenantId}`.execute(app.db)
        const target = found.rows[0]
        if (!target)
          throw notFound(`Data source ${datasourceId} does not exist in this tenant: reload the list.`)
        const result = await testConnection(target)
        await sql`update hpfm_datasource set connection_status = ${result.ok ? 'OK' : 'FAILED'},
        last_test_message = ${result.message}, last_test_date = localtimestamp(0)
        where datasource_id = ${datasourceId} and tenant_id = ${session.tenantId}`.execute(app.db)
        return { datasourceId, connectionStatus: result.ok ? 'OK' : 'FAILED', message: result.message }
      },
    )
  }
