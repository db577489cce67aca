import { TenantParams } from '../../schemas.ts'
import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import type { Db, Texts } from '../../db/schema.ts'
import type { Session } from '../../types.ts'
import { contains, slicePage, PagingQuery } from './paging.ts'

const Text = Type.Optional(Type.Union([Type.String({ maxLength: 240 }), Type.Null()]))
const ValueBody = Type.Object({
  id: Type.Optional(Type.Integer()),
  dataHierarchyCode: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  value: Type.Optional(Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9_.-]+$' })),
  meaningZhCn: Text,
  meaningEnUs: Text,
  meaningZhTw: Text,
  parentValue: Type.Optional(Type.Union([Type.String({ maxLength: 120 }), Type.Null()])),
  orderSeq: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
})
type ValueBody = typeof ValueBody.static

async function levels(db: Db, tenantId: number) {
  return db
    .selectFrom('hpfmDataHierarchy')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .orderBy('orderSeq')
    .execute()
}

/** The level's parent value must be a value of the level above (required when there is one). */
async function checkParent(db: Db, session: Session, code: string, parentValue: string | null | undefined) {
  const level = (await levels(db, session.tenantId)).find((l) => l.code === code)
  if (!level)
    throw badRequest(`Level ${code} does not exist in this tenant: pick a level from the list.`, {
      dataHierarchyCode: 'unknown level',
    })
  if (!level.parentCode) {
    if (parentValue)
      throw badRequest(`Level ${code} is the top level: leave the parent value empty.`, {
        parentValue: 'must be empty',
      })
    return
  }
  if (!parentValue)
    throw badRequest(`Choose the value of ${level.parentCode} this value belongs to.`, {
      parentValue: 'Please enter the parent value',
    })
  const parent = await db
    .selectFrom('hpfmDataHierarchyValue')
    .select('id')
    .where('tenantId', '=', session.tenantId)
    .where('hierarchyCode', '=', level.parentCode)
    .where('value', '=', parentValue)
    .executeTakeFirst()
  if (!parent)
    throw badRequest(`${parentValue} is not a value of ${level.parentCode}: create it there first.`, {
      parentValue: 'unknown parent value',
    })
}

/**
 * /hpfm/data-hierarchies: the values of the tenant's data hierarchy levels (company → inventory organisation →
 * warehouse), which the header switcher and DataHierarchy fields list. A value belongs to a value of the level
 * above; one still named by values below cannot be deleted; users who had chosen a deleted value choose again.
 */
export const dataHierarchyValueRoutes: TypedPlugin = async (app) => {
  const base = '/api/hpfm/v1/:tenantId/data-hierarchy-values'
  const view = async (session: Session) => {
    const [all, rows] = await Promise.all([
      levels(app.db, session.tenantId),
      app.db
        .selectFrom('hpfmDataHierarchyValue')
        .selectAll()
        .where('tenantId', '=', session.tenantId)
        .orderBy('hierarchyCode')
        .orderBy('orderSeq')
        .orderBy('value')
        .execute(),
    ])
    const rank = new Map(all.map((l, i) => [l.code, i]))
    return rows
      .sort((a, b) => (rank.get(a.hierarchyCode) ?? 99) - (rank.get(b.hierarchyCode) ?? 99))
      .map((row) => {
        const level = all.find((l) => l.code === row.hierarchyCode)
        const meanings = row.meanings as Texts
        return {
          id: Number(row.id),
          dataHierarchyCode: row.hierarchyCode,
          levelName: (level?.names as Texts | undefined)?.[session.language] ?? row.hierarchyCode,
          value: row.value,
          meaning: meanings[session.language] ?? meanings.zh_CN ?? row.value,
          meaningZhCn: meanings.zh_CN ?? '',
          meaningEnUs: meanings.en_US ?? '',
          meaningZhTw: meanings.zh_TW ?? '',
          parentValue: row.parentValue,
          orderSeq: row.orderSeq,
        }
      })
  }
  app.get(
    base,
    {
      schema: {
        params: TenantParams,
        querystring: Type.Object({
          dataHierarchyCode: Type.Optional(Type.String({ maxLength: 60 })),
          value: Type.Optional(Type.String({ maxLength: 120 })),
          meaning: Type.Optional(Type.String({ maxLength: 240 })),
          ...PagingQuery,
        }),
      },
    },
    async (request) => {
      const q = request.query
      const rows = (await view(sessionOf(request))).filter(
        (row) =>
          (!q.dataHierarchyCode || row.dataHierarchyCode === q.dataHierarchyCode) &&
          contains(row.value, q.value) &&
          contains(row.meaning, q.meaning),
      )
      return slicePage(rows, q.page, q.size)
    },
  )
  const meaningsOf = (body: ValueBody, current: Texts = {}) => {
    const next: Texts = { ...current }
    if (body.meaningZhCn) next.zh_CN = body.meaningZhCn
    if (body.meaningEnUs) next.en_US = body.meaningEnUs
    if (body.meaningZhTw) next.zh_TW = body.meaningZhTw
    return next
  }
  app.post(
    base,
    {
      preHandler: requirePermission('hpfm.dataHierarchies.button.create'),
      schema: { params: TenantParams, body: ValueBody },
    },
    async (request, reply) => {
      const session = sessionOf(request)
      const body = request.body
      if (!body.dataHierarchyCode || !body.value)
        throw badRequest('Choose the level and enter the value.', {
          ...(!body.value ? { value: 'Please enter the value' } : {}),
          ...(!body.dataHierarchyCode ? { dataHierarchyCode: 'Please select the level' } : {}),
        })
      const meanings = meaningsOf(body)
      if (!Object.keys(meanings).length)
        throw badRequest('Enter the meaning in at least one language.', {
          meaningZhCn: 'Please enter the meaning',
        })
      await checkParent(app.db, session, body.dataHierarchyCode, body.parentValue)
      const taken = await app.db
        .selectFrom('hpfmDataHierarchyValue')
        .select('id')
        .where('tenantId', '=', session.tenantId)
        .where('hierarchyCode', '=', body.dataHierarchyCode)
        .where('value', '=', body.value)
        .executeTakeFirst()
      if (taken)
        throw conflict(
          'error.duplicate',
          `${body.value} is already a value of ${body.dataHierarchyCode}: enter another value, or edit that one.`,
        )
      const row = await app.db
        .insertInto('hpfmDataHierarchyValue')
        .values({
          tenantId: session.tenantId,
          hierarchyCode: body.dataHierarchyCode,
          value: body.value,
          meanings: JSON.stringify(meanings),
          parentValue: body.parentValue || null,
          orderSeq: body.orderSeq ?? 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return reply.status(201).send((await view(session)).find((v) => v.id === Number(row.id)))
    },
  )
  const current = async (session: Session, id: number | undefined) => {
    const row =
      id === undefined
        ? undefined
        : await app.db
            .selectFrom('hpfmDataHierarchyValue')
            .selectAll()
            .where('tenantId', '=', session.tenantId)
            .where('id', '=', id)
            .executeTakeFirst()
    if (!row) throw notFound(`Data hierarchy value ${id} does not exist in this tenant: reload.`)
    return row
  }
  app.put(
    base,
    {
      preHandler: requirePermission('hpfm.dataHierarchies.button.edit'),
      schema: { params: TenantParams, body: ValueBody },
    },
    async (request) => {
      const session = sessionOf(request)
      const body = request.body
      const row = await current(session, body.id)
      if (body.parentValue !== undefined)
        await checkParent(app.db, session, row.hierarchyCode, body.parentValue)
      await app.db
        .updateTable('hpfmDataHierarchyValue')
        .set({
          meanings: JSON.stringify(meaningsOf(body, row.meanings as Texts)),
          ...(body.parentValue !== undefined ? { parentValue: body.parentValue || null } : {}),
          ...(body.orderSeq !== undefined ? { orderSeq: body.orderSeq } : {}),
        })
        .where('id', '=', row.id)
        .execute()
      return (await view(session)).find((v) => v.id === Number(row.id))
    },
  )
  app.delete(
    base,
    {
      preHandler: requirePermission('hpfm.dataHierarchies.button.delete'),
      schema: {
        params: TenantParams,
        body: Type.Object({ id: Type.Integer() }, { additionalProperties: true }),
      },
    },
    async (request, reply) => {
      const session = sessionOf(request)
      const row = await current(session, request.body.id)
      const child = (await levels(app.db, session.tenantId)).find((l) => l.parentCode === row.hierarchyCode)
      if (child) {
        const used = await app.db
          .selectFrom('hpfmDataHierarchyValue')
          .select('value')
          .where('tenantId', '=', session.tenantId)
          .where('hierarchyCode', '=', child.code)
          .where('parentValue', '=', row.value)
          .executeTakeFirst()
        if (used)
          throw conflict(
            'error.in_use',
            `${row.value} still has values at ${child.code} (e.g. ${used.value}): move or delete them first.`,
          )
      }
      await app.db
        .deleteFrom('hpfmUserDataHierarchy')
        .where('tenantId', '=', session.tenantId)
        .where('hierarchyCode', '=', row.hierarchyCode)
        .where('value', '=', row.value)
        .execute()
      await app.db.deleteFrom('hpfmDataHierarchyValue').where('id', '=', row.id).execute()
      return reply.status(204).send()
    },
  )
}
