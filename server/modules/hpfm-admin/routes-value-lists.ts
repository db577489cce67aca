import { Type } from '@sinclair/typebox'
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
} from './value-lists.ts'
import { NoQuery, TenantParams } from '../../schemas.ts'
import { answers, NoContent, Obj, PageOf } from '../../responses.ts'
import type { TypedPlugin } from '../../type-provider.ts'

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
/** A value set and a value as answered (value-lists.ts), every field kept. */
const ValueSet = Obj('A value set')
const ValueRow = Obj('A value of a value set')

/**
 * /hpfm/value-list: value sets and their values (value-lists.ts). Reads are open to the tenant's users (the
 * same values every Select shows); changes need hpfm.valueList.button.*.
 */
export const valueListRoutes: TypedPlugin = async (app) => {
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
        response: answers(PageOf(ValueSet)),
      },
    },
    async (request) => {
      const q = request.query
      const sets = (await listSets(app.db, sessionOf(request))).filter(
        (set) =>
          contains(set.lookupCode, q.lookupCode) &&
          contains(set.lookupName, q.lookupName) &&
          (!q.source || set.source === q.source),
      )
      return slicePage(sets, q.page, q.size)
    },
  )
  app.get(
    `${base}/:lookupCode`,
    { schema: { querystring: NoQuery, params: SetParams, response: answers(ValueSet) } },
    async (request) => {
      const { lookupCode } = request.params
      const set = (await listSets(app.db, sessionOf(request))).find((s) => s.lookupCode === lookupCode)
      if (!set) throw notFound(`Value set ${lookupCode} does not exist: check the code or reload the list.`)
      return set
    },
  )
  app.post(
    base,
    {
      preHandler: requirePermission('hpfm.valueList.button.create'),
      schema: { params: TenantParams, body: SetBody, response: answers(ValueSet, 201) },
    },
    async (request, reply) =>
      reply.status(201).send(await saveSet(app.db, sessionOf(request), request.body, true)),
  )
  app.put(
    base,
    {
      preHandler: requirePermission('hpfm.valueList.button.edit'),
      schema: { params: TenantParams, body: SetBody, response: answers(ValueSet) },
    },
    (request) => saveSet(app.db, sessionOf(request), request.body, false),
  )
  app.delete(
    base,
    {
      preHandler: requirePermission('hpfm.valueList.button.delete'),
      schema: {
        params: TenantParams,
        body: Type.Object({ lookupCode: Code }),
        response: answers(NoContent, 204),
      },
    },
    async (request, reply) => {
      await deleteSet(app.db, sessionOf(request), request.body.lookupCode)
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
        response: answers(PageOf(ValueRow)),
      },
    },
    async (request) => {
      const { lookupCode } = request.params
      const q = request.query
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
        response: answers(ValueRow),
      },
    },
    async (request) => {
      const { lookupCode, lookupValueId } = request.params
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
        response: answers(ValueRow, 201),
      },
    },
    async (request, reply) => {
      const { lookupCode } = request.params
      const { value } = request.body
      // The sign-in page, the header and the personal centre offer these: only languages the app has texts for.
      if (lookupCode === 'HPFM.LANGUAGE' && !(LANGUAGES as string[]).includes(value))
        throw badRequest(
          `The app has no texts for language '${value}', so it cannot be offered: use one of ${LANGUAGES.join(', ')} (rename or reorder them here).`,
          { value: `one of ${LANGUAGES.join(', ')}` },
        )
      const row = await app.db
        .transaction()
        .execute((trx) => createValue(trx, sessionOf(request), lookupCode, request.body))
      return reply.status(201).send(row)
    },
  )
  app.put(
    values,
    {
      preHandler: requirePermission('hpfm.valueList.button.edit'),
      schema: {
        params: SetParams,
        body: Type.Object({ ...ValueFields, ...ValueKey }),
        response: answers(ValueRow),
      },
    },
    (request) => {
      const { lookupCode } = request.params
      const body = request.body
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
        response: answers(NoContent, 204),
      },
    },
    async (request, reply) => {
      const { lookupCode } = request.params
      const rows = [request.body].flat()
      await app.db.transaction().execute(async (trx) => {
        for (const row of rows) await deleteValue(trx, sessionOf(request), lookupCode, row.lookupValueId)
      })
      return reply.status(204).send()
    },
  )
}
