import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { LANGUAGES } from '../../../renderer/contract/wire.ts'
import { badRequest, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { contains, slicePage, PagingQuery } from './paging.ts'
import {
  createValue,
  deleteSet,
  deleteValue,
  listSets,
  listValues,
  saveSet,
  updateValue,
  type ValueInput,
} from './value-lists.ts'
import { NoQuery, TenantParams } from '../../schemas.ts'

const Code = Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9_.-]+$' })
const SetParams = Type.Object({ tenantId: Type.Integer(), lookupCode: Code })
const Text = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]))
const SetBody = Type.Object({
  lookupCode: Code,
  lookupName: Type.String({ minLength: 1, maxLength: 240 }),
  description: Text(480),
})
const ValueFields = {
  value: Type.Optional(Type.String({ maxLength: 120 })),
  meaningZhCn: Text(240),
  meaningEnUs: Text(240),
  meaningZhTw: Text(240),
  orderSeq: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  parentValue: Text(120),
  tag: Text(240),
  description: Text(480),
}
const ValueKey = { lookupValueId: Type.Integer(), objectVersionNumber: Type.Optional(Type.Integer()) }

/**
 * /hpfm/value-list: value sets and their values (value-lists.ts). Reads are open to the tenant's users (the
 * same values every Select shows); changes need hpfm.valueList.button.*.
 */
export const valueListRoutes: FastifyPluginAsync = async (app) => {
  const base = '/api/hpfm/v1/:tenantId/value-lists'
  app.get(
    base,
    {
      schema: {
        params: TenantParams,
        querystring: Type.Object({
          lookupCode: Type.Optional(Type.String({ maxLength: 120 })),
          lookupName: Type.Optional(Type.String({ maxLength: 240 })),
          source: Type.Optional(Type.String({ maxLength: 10 })),
          ...PagingQuery,
        }),
      },
    },
    async (request) => {
      const q = request.query as {
        lookupCode?: string
        lookupName?: string
        source?: string
        page?: number
        size?: number
      }
      const sets = (await listSets(app.db, sessionOf(request))).filter(
        (set) =>
          contains(set.lookupCode, q.lookupCode) &&
          contains(set.lookupName, q.lookupName) &&
          (!q.source || set.source === q.source),
      )
      return slicePage(sets, q.page, q.size)
    },
  )
  app.get(`${base}/:lookupCode`, { schema: { querystring: NoQuery, params: SetParams } }, async (request) => {
    const { lookupCode } = request.params as { lookupCode: string }
    const set = (await listSets(app.db, sessionOf(request))).find((s) => s.lookupCode === lookupCode)
    if (!set) throw notFound(`Value set ${lookupCode} does not exist: check the code or reload the list.`)
    return set
  })
  app.post(
    base,
    {
      preHandler: requirePermission('hpfm.valueList.button.create'),
      schema: { params: TenantParams, body: SetBody },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await saveSet(app.db, sessionOf(request), request.body as typeof SetBody.static, true)),
  )
  app.put(
    base,
    {
      preHandler: requirePermission('hpfm.valueList.button.edit'),
      schema: { params: TenantParams, body: SetBody },
    },
    (request) => saveSet(app.db, sessionOf(request), request.body as typeof SetBody.static, false),
  )
  app.delete(
    base,
    {
      preHandler: requirePermission('hpfm.valueList.button.delete'),
      schema: { params: TenantParams, body: Type.Object({ lookupCode: Code }) },
    },
    async (request, reply) => {
      await deleteSet(app.db, sessionOf(request), (request.body as { lookupCode: string }).lookupCode)
      return reply.status(204).send()
    },
  )

  const values = `${base}/:lookupCode/values`
  app.get(
    values,
    {
      schema: {
        params: SetParams,
        querystring: Type.Object({
          value: Type.Optional(Type.String({ maxLength: 120 })),
          meaning: Type.Optional(Type.String({ maxLength: 240 })),
          ...PagingQuery,
        }),
      },
    },
    async (request) => {
      const { lookupCode } = request.params as { lookupCode: string }
      const q = request.query as { value?: string; meaning?: string; page?: number; size?: number }
      const rows = (await listValues(app.db, sessionOf(request), lookupCode)).filter(
        (row) => contains(row.value, q.value) && contains(row.meaning, q.meaning),
      )
      return slicePage(rows, q.page, q.size)
    },
  )
  app.get(
    `${values}/:lookupValueId`,
    {
      schema: {
        querystring: NoQuery,
        params: Type.Object({ tenantId: Type.Integer(), lookupCode: Code, lookupValueId: Type.Integer() }),
      },
    },
    async (request) => {
      const { lookupCode, lookupValueId } = request.params as { lookupCode: string; lookupValueId: number }
      const row = (await listValues(app.db, sessionOf(request), lookupCode)).find(
        (value) => value.lookupValueId === lookupValueId,
      )
      if (!row) throw notFound(`Value ${lookupValueId} of ${lookupCode} does not exist: reload the values.`)
      return row
    },
  )
  app.post(
    values,
    {
      preHandler: requirePermission('hpfm.valueList.button.edit'),
      schema: {
        params: SetParams,
        body: Type.Object({ ...ValueFields, value: Type.String({ maxLength: 120 }) }),
      },
    },
    async (request, reply) => {
      const { lookupCode } = request.params as { lookupCode: string }
      const { value } = request.body as ValueInput & { value: string }
      // The sign-in page, the header and the personal centre offer these: only languages the app has texts for.
      if (lookupCode === 'HPFM.LANGUAGE' && !(LANGUAGES as string[]).includes(value))
        throw badRequest(
          `The app has no texts for language '${value}', so it cannot be offered: use one of ${LANGUAGES.join(', ')} (rename or reorder them here).`,
          { value: `one of ${LANGUAGES.join(', ')}` },
        )
      const row = await app.db
        .transaction()
        .execute((trx) => createValue(trx, sessionOf(request), lookupCode, request.body as ValueInput))
      return reply.status(201).send(row)
    },
  )
  app.put(
    values,
    {
      preHandler: requirePermission('hpfm.valueList.button.edit'),
      schema: { params: SetParams, body: Type.Object({ ...ValueFields, ...ValueKey }) },
    },
    (request) => {
      const { lookupCode } = request.params as { lookupCode: string }
      const body = request.body as ValueInput & { lookupValueId: number; objectVersionNumber?: number }
      return app.db.transaction().execute((trx) => updateValue(trx, sessionOf(request), lookupCode, body))
    },
  )
  app.delete(
    values,
    {
      preHandler: requirePermission('hpfm.valueList.button.edit'),
      schema: {
        params: SetParams,
        body: Type.Union([
          Type.Object(ValueKey),
          Type.Array(Type.Object(ValueKey), { minItems: 1, maxItems: 200 }),
        ]),
      },
    },
    async (request, reply) => {
      const { lookupCode } = request.params as { lookupCode: string }
      const rows = [request.body as { lookupValueId: number } | Array<{ lookupValueId: number }>].flat()
      await app.db.transaction().execute(async (trx) => {
        for (const row of rows) await deleteValue(trx, sessionOf(request), lookupCode, row.lookupValueId)
      })
      return reply.status(204).send()
    },
  )
}
