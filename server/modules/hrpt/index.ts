/**
 * Reports (hrpt): data-set preview, report definitions with their parameters, report runs (table / chart /
 * filled template) and xlsx exports, each recorded as a report request, and label data for printing. The data
 * sets' SQL is checked on save (a hook on the data-set model writes) and run read-only (safe-sql.ts).
 */
import type ExcelJS from 'exceljs'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { AppError, badRequest, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import type { Session } from '../../types.ts'
import { wireDateTime } from '../hsdr/clock.ts'
import { modelSaveCheck, type RowCheck } from '../hsdr/save-checks.ts'
import { modelDb, type Row } from '../models/model-scope.ts'
import { dataSetByCode, fillTemplate, reportBy, runDataSet } from './data-sets.ts'
import { checkDataSetSql } from './safe-sql.ts'
import { NoQuery, Tenant } from '../../schemas.ts'

// exceljs is loaded when a workbook is first needed, not at server start (bench measure 8).
const loadExcel = async () => (await import('exceljs')).default

const Code = (name: string) =>
  Type.Object({ ...Tenant, [name]: Type.String({ minLength: 1, maxLength: 60 }) })
const ParamsBody = Type.Object({ params: Type.Optional(Type.Record(Type.String(), Type.Unknown())) })
/** A data set's SQL must be one read-only SELECT of the tenant (checked again on every run). */
const checkDataSetRow: RowCheck = (row, at) => {
  if (typeof row.sqlText !== 'string') return {}
  try {
    checkDataSetSql(row.sqlText)
    return {}
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return { [at('sqlText')]: error.message }
  }
}

async function record(
  db: Db,
  session: Session,
  report: Row,
  type: 'RUN' | 'EXPORT',
  params: unknown,
  work: () => Promise<number>,
) {
  const started = Date.now()
  let status = 'SUCCESS'
  let errorMessage: string | null = null
  let rowCount = 0
  try {
    rowCount = await work()
  } catch (error) {
    status = 'FAILED'
    errorMessage = (error as Error).message
    throw error
  } finally {
    await modelDb(db)
      .insertInto('hrpt_report_request')
      .values({
        tenantId: session.tenantId,
        reportCode: report.reportCode,
        reportName: report.reportName,
        requestType: type,
        status,
        paramsJson: JSON.stringify(params ?? {}),
        rowCount,
        durationMs: Date.now() - started,
        requestTime: wireDateTime(new Date()),
        errorMessage,
        createdBy: session.userId,
        lastUpdatedBy: session.userId,
        objectVersionNumber: 1,
      })
      .execute()
  }
}

async function definition(db: Db, session: Session, report: Row) {
  const { params } = await dataSetByCode(db, session.tenantId, String(report.datasetCode))
  let template: Row | undefined
  if (report.reportType === 'TEMPLATE' && report.templateCode)
    template = await modelDb(db)
      .selectFrom('hrpt_report_template')
      .select(['templateCode', 'templateName', 'templateType'])
      .where('tenantId', '=', session.tenantId)
      .where('templateCode', '=', report.templateCode as string)
      .executeTakeFirst()
  return { ...report, params, template: template ?? null }
}

export function hrptModule(models: ModelSchema[]): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (app) => {
    if (!models.some((m) => m.service === 'hrpt' && m.entity === 'dataSet'))
      throw new Error('hrpt: schemas/models/hrpt/data-set.model.json is missing')
    // Checked on every save of a data set, the live models' routes' too (plugins/model-save-checks.ts).
    app.modelSaveChecks.push(modelSaveCheck(models, 'hrpt/data-set', checkDataSetRow))
    await app.register(async (routes) => {
      const prefix = '/api/hrpt/v1/:tenantId'
      routes.post(
        `${prefix}/data-set-preview/:datasetCode`,
        {
          preHandler: requirePermission('hrpt.dataSet.button.preview'),
          schema: { params: Code('datasetCode'), body: ParamsBody },
        },
        async (request) => {
          const { datasetCode } = request.params as { datasetCode: string }
          return runDataSet(
            app.db,
            sessionOf(request),
            datasetCode,
            (request.body as typeof ParamsBody.static).params ?? {},
          )
        },
      )
      routes.get(
        `${prefix}/reports/by-id/:reportId/definition`,
        { schema: { querystring: NoQuery, params: Type.Object({ ...Tenant, reportId: Type.Integer() }) } },
        async (request) => {
          const session = sessionOf(request)
          const { reportId } = request.params as { reportId: number }
          return definition(app.db, session, await reportBy(app.db, session.tenantId, { reportId }))
        },
      )
      routes.get(
        `${prefix}/reports/:reportCode/definition`,
        { schema: { querystring: NoQuery, params: Code('reportCode') } },
        async (request) => {
          const session = sessionOf(request)
          const { reportCode } = request.params as { reportCode: string }
          return definition(app.db, session, await reportBy(app.db, session.tenantId, { reportCode }))
        },
      )
      routes.post(
        `${prefix}/reports/:reportCode/run`,
        {
          preHandler: requirePermission('hrpt.reportQuery.button.run'),
          schema: { params: Code('reportCode'), body: ParamsBody },
        },
        async (request) => {
          const session = sessionOf(request)
          const { reportCode } = request.params as { reportCode: string }
          const given = (request.body as typeof ParamsBody.static).params ?? {}
          const report = await reportBy(app.db, session.tenantId, { reportCode })
          if (Number(report.enabledFlag) !== 1)
            throw badRequest(`Report ${reportCode} is disabled: enable it first.`)
          let answer: Record<string, unknown> = {}
          await record(app.db, session, report, 'RUN', given, async () => {
            const result = await runDataSet(app.db, session, String(report.datasetCode), given)
            let rendered: string | null = null
            if (report.reportType === 'TEMPLATE') {
              const template = await modelDb(app.db)
                .selectFrom('hrpt_report_template')
                .select('content')
                .where('tenantId', '=', session.tenantId)
                .where('templateCode', '=', String(report.templateCode ?? ''))
                .executeTakeFirst()
              if (!template)
                throw notFound(
                  `Template ${String(report.templateCode)} of report ${reportCode} does not exist: pick a template.`,
                )
              rendered = fillTemplate(String(template.content ?? ''), result.rows)
            }
            answer = { ...result, rendered }
            return result.rows.length
          })
          return answer
        },
      )
      routes.post(
        `${prefix}/reports/:reportCode/export`,
        {
          preHandler: requirePermission('hrpt.reportQuery.button.export'),
          schema: { params: Code('reportCode'), body: ParamsBody },
        },
        async (request, reply) => {
          const session = sessionOf(request)
          const { reportCode } = request.params as { reportCode: string }
          const given = (request.body as typeof ParamsBody.static).params ?? {}
          const report = await reportBy(app.db, session.tenantId, { reportCode })
          let bytes: Buffer = Buffer.alloc(0)
          await record(app.db, session, report, 'EXPORT', given, async () => {
            const result = await runDataSet(app.db, session, String(report.datasetCode), given)
            const workbook = new (await loadExcel()).Workbook()
            const sheet = workbook.addWorksheet(
              String(report.reportName)
                .slice(0, 31)
                .replace(/[*?:\\/[\]]/g, '_') || 'Report',
            )
            sheet.addRow(result.columns).font = { bold: true }
            for (const row of result.rows)
              sheet.addRow(result.columns.map((c) => row[c] as ExcelJS.CellValue))
            sheet.views = [{ state: 'frozen', ySplit: 1 }]
            bytes = Buffer.from(await workbook.xlsx.writeBuffer())
            return result.rows.length
          })
          const name = `${reportCode}.xlsx`
          return reply
            .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .header(
              'Content-Disposition',
              `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
            )
            .send(bytes)
        },
      )
      routes.get(
        `${prefix}/labels/:templateCode`,
        { schema: { querystring: NoQuery, params: Code('templateCode') } },
        async (request) => {
          const session = sessionOf(request)
          const { templateCode } = request.params as { templateCode: string }
          const label = await modelDb(app.db)
            .selectFrom('hrpt_label_template')
            .selectAll()
            .where('tenantId', '=', session.tenantId)
            .where('templateCode', '=', templateCode)
            .executeTakeFirst()
          if (!label)
            throw notFound(`Label template ${templateCode} does not exist in this tenant: check the code.`)
          const params = label.datasetCode
            ? (await dataSetByCode(app.db, session.tenantId, String(label.datasetCode))).params
            : []
          return { ...label, params }
        },
      )
      routes.post(
        `${prefix}/labels/:templateCode/data`,
        {
          preHandler: requirePermission('hrpt.labelTemplate.button.print'),
          schema: { params: Code('templateCode'), body: ParamsBody },
        },
        async (request) => {
          const session = sessionOf(request)
          const { templateCode } = request.params as { templateCode: string }
          const label = await modelDb(app.db)
            .selectFrom('hrpt_label_template')
            .select(['datasetCode'])
            .where('tenantId', '=', session.tenantId)
            .where('templateCode', '=', templateCode)
            .executeTakeFirst()
          if (!label)
            throw notFound(`Label template ${templateCode} does not exist in this tenant: check the code.`)
          if (!label.datasetCode) return { columns: [], rows: [{}], truncated: false }
          return runDataSet(
            app.db,
            session,
            String(label.datasetCode),
            (request.body as typeof ParamsBody.static).params ?? {},
          )
        },
      )
    })
  }
  Object.assign(plugin, { [Symbol.for('skip-override')]: true })
  return plugin
}
