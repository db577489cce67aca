/** An import template as the engine uses it: the template row, its sheets with their columns, the target model. */
import { modelKey, type ModelField, type ModelSchema } from '../../../renderer/schema/model.ts'

/** An import target is named by its model file's name (`wms/warehouse`, `hsdr/job-group`). */
export { modelKey }
import type { Db } from '../../db/schema.ts'
import { badRequest, notFound } from '../../errors.ts'
import { modelDb, type Row } from '../models/model-scope.ts'
import type { CodeTarget } from './code-targets.ts'

export interface TemplateColumn {
  columnIndex: number
  columnTitle: string
  fieldName: string
  requiredFlag: number
  sampleValue: string | null
  field: ModelField
}
export interface TemplateSheet {
  sheetId: number
  sheetName: string
  headerRow: number
  columns: TemplateColumn[]
}
export interface ImportTemplate {
  template: Row
  model: ModelSchema
  /** Set when the target is not a model file (users, role assignments): its own checks and write. */
  target?: CodeTarget
  sheets: TemplateSheet[]
}

export async function loadTemplate(
  db: Db,
  models: ModelSchema[],
  tenantId: number,
  templateCode: string,
  targets: CodeTarget[] = [],
): Promise<ImportTemplate> {
  const template = await modelDb(db)
    .selectFrom('himp_template')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('templateCode', '=', templateCode)
    .executeTakeFirst()
  if (!template)
    throw notFound(`Import template ${templateCode} does not exist in this tenant: check the code.`)
  if (Number(template.enabledFlag) !== 1)
    throw badRequest(`Import template ${templateCode} is disabled: enable it on /himp/template first.`)
  const target = targets.find((t) => modelKey(t.model) === template.targetModel)
  const model = target?.model ?? models.find((m) => modelKey(m) === template.targetModel)
  if (!model)
    throw badRequest(
      `Import template ${templateCode} targets '${String(template.targetModel)}', which is not a model of this server: pick another target model.`,
    )
  const sheetRows = await modelDb(db)
    .selectFrom('himp_template_sheet')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('templateId', '=', template.templateId as number)
    .orderBy('sheetIndex')
    .execute()
  if (!sheetRows.length)
    throw badRequest(`Import template ${templateCode} has no sheet: add a sheet and its columns first.`)
  const sheets: TemplateSheet[] = []
  for (const sheet of sheetRows) {
    const columnRows = await modelDb(db)
      .selectFrom('himp_template_column')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('sheetId', '=', sheet.sheetId as number)
      .orderBy('columnIndex')
      .execute()
    const columns = columnRows.map((column) => {
      const field = model.fields.find((f) => f.name === column.fieldName && !f.readOnly)
      if (!field)
        throw badRequest(
          `Template ${templateCode}, sheet ${String(sheet.sheetName)}: column '${String(column.columnTitle)}' fills '${String(column.fieldName)}', which is not a writable field of ${modelKey(model)} (pick one of: ${model.fields
            .filter((f) => !f.readOnly)
            .map((f) => f.name)
            .join(', ')}).`,
        )
      return {
        columnIndex: Number(column.columnIndex),
        columnTitle: String(column.columnTitle),
        fieldName: String(column.fieldName),
        requiredFlag: Number(column.requiredFlag ?? 0),
        sampleValue: (column.sampleValue as string | null) ?? null,
        field,
      }
    })
    if (!columns.length)
      throw badRequest(
        `Template ${templateCode}, sheet ${String(sheet.sheetName)} has no columns: add its columns first.`,
      )
    sheets.push({
      sheetId: Number(sheet.sheetId),
      sheetName: String(sheet.sheetName),
      headerRow: Number(sheet.headerRow ?? 1),
      columns,
    })
  }
  return { template, model, ...(target ? { target } : {}), sheets }
}
