/** Filter templates of the current user per menu page (CORE-API-16…19, CORE-DATA-04, CORE-FLT-25/30). */
import { Type } from '@sinclair/typebox'
import type { FastifyRequest } from 'fastify'
import type { TypedPlugin } from '../../type-provider.ts'
import { sql } from 'kysely'
import { OPERATOR_CODES, type QueryTemplate } from '../../../renderer/contract/filter-conditions.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { menuTenantsOf } from '../iam/menu-scope.ts'
import { QUERY_FIELD_LOV_CODE, configFields } from './config-fields.ts'
import { modelNamed } from '../models/model-index.ts'

const MenuId = Type.Integer({ minimum: 1, description: 'Menu id of the page (the active tab).' })
const Row = Type.Object(
  {
    fieldCode: Type.String({ minLength: 1, maxLength: 120 }),
    operateCode: Type.Union(OPERATOR_CODES.map((code) => Type.Literal(code))),
    fieldValue: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
)
const SaveBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  objectVersionNumber: Type.Optional(Type.Integer({ minimum: 1 })),
  menuId: MenuId,
  templateName: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
  isDefault: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  templateContent: Type.Array(Row, { minItems: 1, maxItems: 30 }),
})
const DeleteBody = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  objectVersionNumber: Type.Optional(Type.Integer({ minimum: 1 })),
})
type SaveBody = typeof SaveBody.static

const owner = (request: FastifyRequest) => {
  const session = sessionOf(request)
  return { tenantId: session.tenantId, userId: session.userId }
}

async function checkMenu(db: Db, menuId: number, tenantId: number): Promise<void> {
  const menu = await db
    .selectFrom('iamMenu')
    .select('id')
    .where('id', '=', menuId)
    .where('tenantId', 'in', menuTenantsOf(tenantId))
    .executeTakeFirst()
  if (!menu)
    throw badRequest(`menuId ${menuId} is not a menu: send the menu id of the page.`, { menuId: 'unknown' })
}

export function templateRoutes(prefix: string, models: ModelSchema[]): TypedPlugin {
  const base = `${prefix}/cusz-query-user-template`
  const params = prefix.includes(':tenantId') ? { params: Type.Object({ tenantId: Type.Integer() }) } : {}
  return async (app) => {
    const mine = (request: FastifyRequest) => {
      const { tenantId, userId } = owner(request)
      return app.db
        .selectFrom('cuszQueryUserTemplate')
        .where('tenantId', '=', tenantId)
        .where('userId', '=', userId)
    }
    const read = async (request: FastifyRequest, id: number): Promise<QueryTemplate> => {
      const row = await mine(request)
        .select(['id', 'templateName', 'isDefault', 'templateContent', 'menuId', 'objectVersionNumber'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (!row)
        throw notFound(`Filter template ${id} does not exist (or is not yours): reload the templates.`)
      return {
        ...row,
        isDefault: row.isDefault === 1 ? 1 : 0,
        templateContent: row.templateContent as QueryTemplate['templateContent'],
      }
    }

    app.get(
      `${base}/current-user-template`,
      { schema: { ...params, querystring: Type.Object({ menuId: MenuId }) } },
      async (request) => {
        const { menuId } = request.query
        const ids = await mine(request)
          .select('id')
          .where('menuId', '=', menuId)
          .orderBy('isDefault', 'desc')
          .orderBy('templateName')
          .execute()
        return Promise.all(ids.map((row) => read(request, row.id)))
      },
    )

    app.get(
      `${base}/config-field`,
      {
        schema: {
          ...params,
          querystring: Type.Object({
            menuId: MenuId,
            lovCode: Type.Optional(Type.String({ maxLength: 120 })),
            model: Type.String({
              pattern: '^[a-z][a-z0-9]*/[a-z][a-z0-9-]*$',
              description:
                'The page data source model: its file under schemas/models without .model.json ("wms/jxs-outbound-order"), or "<service>/<entity>".',
            }),
          }),
        },
      },
      async (request) => {
        const query = request.query
        if (query.lovCode && query.lovCode !== QUERY_FIELD_LOV_CODE) {
          throw badRequest(
            `lovCode '${query.lovCode}' is not the custom-query field list: use ${QUERY_FIELD_LOV_CODE}.`,
          )
        }
        await checkMenu(app.db, query.menuId, sessionOf(request).tenantId)
        // Pages name a model by its file's name (`wms/outbound-order`).
        const model = modelNamed(models, query.model, 'model')
        return configFields(model)
      },
    )

    app.post(base, { schema: { ...params, body: SaveBody } }, async (request) => {
      const body = request.body
      await checkMenu(app.db, body.menuId, sessionOf(request).tenantId)
      const id = await app.db.transaction().execute((trx) => saveTemplate(trx, owner(request), body))
      return read(request, id)
    })

    app.delete(base, { schema: { ...params, body: DeleteBody } }, async (request, reply) => {
      const { id, objectVersionNumber } = request.body
      const current = await read(request, id)
      if (objectVersionNumber !== undefined && objectVersionNumber !== current.objectVersionNumber) {
        throw changedElsewhere(id, objectVersionNumber, current.objectVersionNumber)
      }
      await app.db.deleteFrom('cuszQueryUserTemplate').where('id', '=', id).execute()
      return reply.status(204).send()
    })
  }
}

const changedElsewhere = (id: number, yours: number, current: number) =>
  conflict(
    'error.object_version_changed',
    `Filter template ${id} was changed elsewhere (your version ${yours}, current ${current}): reload the templates.`,
  )

/** Creates or updates; a default template clears the user's other default on that page (CORE-FLT-30). */
async function saveTemplate(db: Db, who: { tenantId: number; userId: number }, body: SaveBody) {
  const isDefault = body.isDefault ?? 0
  const templateName = body.templateName.trim()
  const content = JSON.stringify(body.templateContent)
  const existing = body.id
    ? await db
        .selectFrom('cuszQueryUserTemplate')
        .selectAll()
        .where('id', '=', body.id)
        .where('tenantId', '=', who.tenantId)
        .where('userId', '=', who.userId)
        .executeTakeFirst()
    : undefined
  if (body.id && !existing)
    throw notFound(`Filter template ${body.id} does not exist (or is not yours): reload the templates.`)
  const sameName = await db
    .selectFrom('cuszQueryUserTemplate')
    .select('id')
    .where('tenantId', '=', who.tenantId)
    .where('userId', '=', who.userId)
    .where('menuId', '=', body.menuId)
    .where('templateName', '=', templateName)
    .executeTakeFirst()
  if (isDefault === 1) {
    await db
      .updateTable('cuszQueryUserTemplate')
      .set({ isDefault: 0 })
      .where('tenantId', '=', who.tenantId)
      .where('userId', '=', who.userId)
      .where('menuId', '=', body.menuId)
      .where('isDefault', '=', 1)
      .execute()
  }
  if (!existing) {
    if (sameName) {
      throw conflict(
        'error.duplicate',
        `A filter template named '${templateName}' exists on this page: pick another name or update it.`,
      )
    }
    const row = await db
      .insertInto('cuszQueryUserTemplate')
      .values({ ...who, menuId: body.menuId, templateName, isDefault, templateContent: content })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
  if (templateName !== existing.templateName || body.menuId !== existing.menuId) {
    throw badRequest(
      `The name and page of a saved template cannot be changed (it is '${existing.templateName}'): save it as a new template instead.`,
      { templateName: 'not editable on update' },
    )
  }
  if (body.objectVersionNumber === undefined) {
    throw badRequest('Updating a template needs its objectVersionNumber: reload the templates.', {
      objectVersionNumber: 'required on update',
    })
  }
  const updated = await db
    .updateTable('cuszQueryUserTemplate')
    .set((eb) => ({
      isDefault,
      templateContent: content,
      objectVersionNumber: eb('objectVersionNumber', '+', 1),
      lastUpdateDate: sql<string>`localtimestamp(0)`,
    }))
    .where('id', '=', existing.id)
    .where('objectVersionNumber', '=', body.objectVersionNumber)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) {
    throw changedElsewhere(existing.id, body.objectVersionNumber, existing.objectVersionNumber)
  }
  return existing.id
}
