/** Data sets and reports as the runner uses them: definitions with their parameters, and a run with values. */
import type { Db } from '../../db/schema.ts'
import { badRequest, notFound } from '../../errors.ts'
import type { Session } from '../../types.ts'
import { modelDb, type Row } from '../models/model-scope.ts'
import { runReadOnly, type SqlResult } from './safe-sql.ts'

export interface DataSetParam {
  paramName: string
  paramLabel: string
  paramType: string
  required: boolean
  defaultValue: string | null
}

export async function dataSetByCode(db: Db, tenantId: number, datasetCode: string) {
  const dataSet = await modelDb(db)
    .selectFrom('hrpt_data_set')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('datasetCode', '=', datasetCode)
    .executeTakeFirst()
  if (!dataSet) throw notFound(`Data set ${datasetCode} does not exist in this tenant: pick another.`)
  const params = await modelDb(db)
    .selectFrom('hrpt_data_set_param')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('datasetId', '=', dataSet.datasetId as number)
    .orderBy('seq')
    .execute()
  return {
    dataSet,
    params: params.map((p): DataSetParam => ({
      paramName: String(p.paramName),
      paramLabel: String(p.paramLabel),
      paramType: String(p.paramType),
      required: Number(p.requiredFlag) === 1,
      defaultValue: (p.defaultValue as string | null) ?? null,
    })),
  }
}

/** The values to bind, typed by the parameter definitions; 400 naming each bad or missing value. */
export function paramValues(params: DataSetParam[], given: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  const fields: Record<string, string> = {}
  for (const param of params) {
    let value = given[param.paramName]
    if (value === undefined || value === null || value === '') value = param.defaultValue ?? ''
    if (value === '' && param.required) {
      fields[param.paramName] = `${param.paramLabel} is required`
      continue
    }
    if (param.paramType === 'NUMBER' && value !== '') {
      const number = Number(value)
      if (!Number.isFinite(number)) fields[param.paramName] = `${param.paramLabel} must be a number`
      value = number
    } else if (param.paramType === 'DATE' && value !== '') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(String(value)))
        fields[param.paramName] = `${param.paramLabel} must be a date YYYY-MM-DD`
      value = String(value)
    } else value = String(value)
    values[param.paramName] = param.paramType !== 'STRING' && value === '' ? null : value
  }
  if (Object.keys(fields).length)
    throw badRequest(`Invalid parameters: ${Object.values(fields).join('; ')}.`, fields)
  return values
}

export async function runDataSet(
  db: Db,
  session: Session,
  datasetCode: string,
  given: Record<string, unknown>,
): Promise<SqlResult> {
  const { dataSet, params } = await dataSetByCode(db, session.tenantId, datasetCode)
  if (Number(dataSet.enabledFlag) !== 1)
    throw badRequest(`Data set ${datasetCode} is disabled: enable it first.`)
  return runReadOnly(db, String(dataSet.sqlText), {
    maxRows: Number(dataSet.maxRows ?? 1000),
    timeoutSeconds: Number(dataSet.timeoutSeconds ?? 10),
    tenantId: session.tenantId,
    values: paramValues(params, given),
  })
}

export async function reportBy(
  db: Db,
  tenantId: number,
  key: { reportId?: number; reportCode?: string },
): Promise<Row> {
  let query = modelDb(db).selectFrom('hrpt_report_definition').selectAll().where('tenantId', '=', tenantId)
  if (key.reportId !== undefined) query = query.where('reportId', '=', key.reportId)
  if (key.reportCode !== undefined) query = query.where('reportCode', '=', key.reportCode)
  const report = await query.executeTakeFirst()
  if (!report)
    throw notFound(
      `Report ${String(key.reportCode ?? key.reportId)} does not exist in this tenant: pick another.`,
    )
  return report
}

/** A TEMPLATE report's text: the template filled once per row (${column} → the row's value). */
export function fillTemplate(content: string, rows: Array<Record<string, unknown>>): string {
  return rows
    .map((row) =>
      content.replace(/\$\{(\w+)\}/g, (_whole, name: string) =>
        row[name] === null || row[name] === undefined ? '' : String(row[name]),
      ),
    )
    .join('\n')
}
