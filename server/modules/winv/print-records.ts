/**
 * Print records (wms/printRecord): `POST /api/wms/v1/{tenantId}/print-records/record` writes one row per print
 * — a label template (printType LABEL, templateCode of hrpt_label_template) or a document's own print
 * (printType DOCUMENT, docType + docNum of an existing document the user may see: the document pages' Print
 * action, winv/document-print pages) — with the labels and copies printed, the user and the time. Nothing else writes the table, so /winv/print-record lists real prints only.
 */
import { readFileSync } from 'node:fs'
import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest } from '../../errors.ts'
import { projectPath } from '../../paths.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import type { Session } from '../../types.ts'
import { modelDb, inScope } from '../models/model-scope.ts'

export const PRINT_PERMISSION = 'winv.printRecord.button.record'

/** Document types a print may name: the model of the document (schemas/models/wms) and its number field. */
const DOCUMENTS: Record<string, { model: string; field: string }> = {
  INBOUND: { model: 'inbound-order', field: 'orderNum' },
  OUTBOUND: { model: 'outbound-order', field: 'orderNum' },
  WAVE: { model: 'wave-order', field: 'waveNum' },
  PACK: { model: 'outbound-pack', field: 'packNum' },
}

const models = new Map<string, ModelSchema>()
const modelOf = (name: string) => {
  let model = models.get(name)
  if (!model) {
    model = JSON.parse(
      readFileSync(projectPath('schemas', 'models', 'wms', `${name}.model.json`), 'utf8'),
    ) as ModelSchema
    models.set(name, model)
  }
  return model
}

/**
 * Whether the session may see the document of this number: the model's own scope (tenant, and for a restricted
 * role the warehouses, owners, customers and vendors granted), so a print is recorded only of a document the
 * user can open.
 */
async function documentVisible(db: Db, session: Session, name: string, field: string, docNum: string) {
  const model = modelOf(name)
  const query = inScope(
    modelDb(db)
      .selectFrom(model.table)
      .select(sql<number>`1`.as('one')),
    model,
    session,
  )
  return Boolean(await query.where(field, '=', docNum).limit(1).executeTakeFirst())
}

interface RecordBody {
  printType: 'LABEL' | 'DOCUMENT'
  templateCode?: string
  docType?: string
  docNum?: string
  params?: Record<string, unknown>
  labelCount?: number
  copies?: number
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

export const printRecordRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/wms/v1/:tenantId/print-records/record',
    {
      config: {
        fieldRules: {
          answers: [{ model: 'wms/print-record' }],
          writes: [{ model: 'wms/print-record', op: 'create' }],
        },
      },
      preHandler: requirePermission(PRINT_PERMISSION),
      schema: {
        params: { type: 'object', properties: { tenantId: { type: 'integer' } }, required: ['tenantId'] },
        body: {
          type: 'object',
          required: ['printType'],
          additionalProperties: false,
          properties: {
            printType: { type: 'string', enum: ['LABEL', 'DOCUMENT'] },
            templateCode: { type: 'string', maxLength: 60 },
            docType: { type: 'string', maxLength: 30 },
            docNum: { type: 'string', maxLength: 60 },
            params: { type: 'object' },
            labelCount: { type: 'integer', minimum: 0, maximum: 100000 },
            copies: { type: 'integer', minimum: 1, maximum: 999 },
          },
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request)
      const body = request.body as RecordBody
      const templateCode = text(body.templateCode)
      let docType = text(body.docType)
      const docNum = text(body.docNum)
      let templateName: string | null = null
      if (body.printType === 'LABEL') {
        if (!templateCode)
          throw badRequest('templateCode: name the label template printed.', { templateCode: 'required' })
        const { rows } = await sql<{ templateName: string }>`select template_name from hrpt_label_template
          where tenant_id = ${session.tenantId} and template_code = ${templateCode}`.execute(app.db)
        if (!rows[0])
          throw badRequest(
            `templateCode: label template ${templateCode} does not exist in this tenant: print from an existing template.`,
            { templateCode: 'unknown template' },
          )
        templateName = rows[0].templateName
      }
      if (body.printType === 'DOCUMENT' || docType || docNum) {
        const where = DOCUMENTS[docType]
        if (!where)
          throw badRequest(
            `docType: '${docType}' is not a printable document: use one of ${Object.keys(DOCUMENTS).join(', ')}.`,
            { docType: 'unknown document type' },
          )
        if (!docNum)
          throw badRequest('docNum: give the number of the document printed.', { docNum: 'required' })
        if (!(await documentVisible(app.db, session, where.model, where.field, docNum)))
          throw badRequest(
            `docNum: ${docType} document ${docNum} does not exist in this tenant (or is not yours): check the number.`,
            {
              docNum: 'unknown document',
            },
          )
      } else docType = ''
      const params =
        body.params && Object.keys(body.params).length ? JSON.stringify(body.params).slice(0, 500) : null
      const { rows } = await sql<
        Record<string, unknown>
      >`insert into winv_print_record (tenant_id, print_type,
          template_code, template_name, doc_type, doc_num, params, label_count, copies, operator_id, operator_name,
          print_date, created_by, last_updated_by)
        values (${session.tenantId}, ${body.printType}, ${templateCode || null}, ${templateName}, ${docType || null},
          ${docNum || null}, ${params}, ${body.labelCount ?? null}, ${body.copies ?? 1}, ${session.userId},
          (select real_name from iam_user where id = ${session.userId}), localtimestamp(0), ${session.userId},
          ${session.userId})
        returning print_record_id, print_type, template_code, template_name, doc_type, doc_num, params, label_count,
          copies, operator_id, operator_name, print_date`.execute(app.db)
      return reply.status(201).send(rows[0])
    },
  )
}
