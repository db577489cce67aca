/**
 * Data hierarchy (CORE-USR-02…05, CORE-API-33/34, wire contract "Data hierarchy"), under /hpfm/v1/{tenantId}/
 * (tenant roles) and /hpfm/v1/ (site roles, the session's tenant):
 * - GET data-hierarchies/switch/value → the levels as a tree, each with the user's current value
 * - GET data-hierarchies/switch/value/details?dataHierarchyCode=&parentValue= → the values of a level
 *   (under parentValue when given, else under the user's current value of the level above)
 * - GET data-hierarchies/switch/display-style/value → {selectList, modalList, hasSelect, hasModal}
 * - PUT data-hierarchies/switch, dataHierarchyCode / dataHierarchyValue (/ dataHierarchyMeaning) in the query
 *   (wire contract) or the JSON body (core spec) → the display style with the new current values.
 * the spec's abbreviated paths switch/details and display-style/value answer the same.
 * Reads are open to every user of the tenant (a form's data hierarchy field lists values too); saving a
 * choice needs the user's dataHierarchyFlag. The meaning is always the server's, never the client's.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { DataHierarchyDisplayStyle, DataHierarchyLevel } from '../../../renderer/contract/wire.ts'
import { badRequest, forbidden } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import { chooseValue } from './data-hierarchy-choice.ts'
import { levelsOf, optionsOf, requireLevel, toTree, type HierarchyScope } from './data-hierarchy-queries.ts'
import { tenantAndSite } from '../../route-forms.ts'

const Code = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]*$', maxLength: 60 })
const Value = Type.String({ minLength: 1, maxLength: 120 })
const DetailsQuery = Type.Object(
  { dataHierarchyCode: Code, parentValue: Type.Optional(Value) },
  { additionalProperties: false },
)
const Choice = Type.Object(
  {
    dataHierarchyCode: Type.Optional(Code),
    dataHierarchyValue: Type.Optional(Value),
    dataHierarchyMeaning: Type.Optional(Type.String({ maxLength: 240 })),
  },
  { additionalProperties: false },
)
type ChoiceFields = typeof Choice.static

const scopeOf = (request: FastifyRequest): HierarchyScope => {
  const session = sessionOf(request)
  return { tenantId: session.tenantId, userId: session.userId, language: session.language }
}

export function displayStyleOf(levels: DataHierarchyLevel[]): DataHierarchyDisplayStyle {
  const selectList = levels.filter((l) => l.displayStyle === 'SELECT')
  const modalList = levels.filter((l) => l.displayStyle === 'MODAL')
  return { selectList, modalList, hasSelect: selectList.length > 0, hasModal: modalList.length > 0 }
}

export const dataHierarchyRoutes: FastifyPluginAsync = async (app) => {
  const details = async (request: FastifyRequest) => {
    const scope = scopeOf(request)
    const { dataHierarchyCode, parentValue } = request.query as typeof DetailsQuery.static
    const levels = await levelsOf(app.db, scope)
    const level = requireLevel(levels, dataHierarchyCode, scope.tenantId)
    const above = levels.find((l) => l.dataHierarchyCode === level.parentCode)
    return optionsOf(app.db, scope, dataHierarchyCode, parentValue ?? above?.dataHierarchyValue)
  }
  const displayStyle = async (request: FastifyRequest) =>
    displayStyleOf(await levelsOf(app.db, scopeOf(request)))

  for (const { base, params } of tenantAndSite('hpfm')) {
    const prefix = `${base}/data-hierarchies`
    app.get(
      `${prefix}/switch/value`,
      { schema: { ...params, querystring: Type.Object({}) } },
      async (request) => toTree(await levelsOf(app.db, scopeOf(request))),
    )
    for (const path of ['switch/value/details', 'switch/details'])
      app.get(`${prefix}/${path}`, { schema: { ...params, querystring: DetailsQuery } }, details)
    for (const path of ['switch/display-style/value', 'display-style/value'])
      app.get(`${prefix}/${path}`, { schema: { ...params, querystring: Type.Object({}) } }, displayStyle)

    app.put(
      `${prefix}/switch`,
      { schema: { ...params, querystring: Choice, body: Type.Union([Choice, Type.Null()]) } },
      async (request) => {
        const scope = scopeOf(request)
        const choice = { ...(request.body as ChoiceFields | null), ...(request.query as ChoiceFields) }
        if (!choice.dataHierarchyCode || !choice.dataHierarchyValue)
          throw badRequest(
            'Send dataHierarchyCode and dataHierarchyValue (query or JSON body) to choose a data hierarchy value.',
            {
              ...(choice.dataHierarchyCode ? {} : { dataHierarchyCode: 'required' }),
              ...(choice.dataHierarchyValue ? {} : { dataHierarchyValue: 'required' }),
            },
          )
        const user = await app.db
          .selectFrom('iamUser')
          .select('dataHierarchyFlag')
          .where('id', '=', scope.userId)
          .executeTakeFirstOrThrow()
        if (user.dataHierarchyFlag !== 1)
          throw forbidden(
            'Data hierarchy switching is not enabled for your user: ask an administrator to turn on dataHierarchyFlag.',
          )
        const levels = await levelsOf(app.db, scope)
        await chooseValue(app.db, scope, levels, choice.dataHierarchyCode, choice.dataHierarchyValue)
        return displayStyleOf(await levelsOf(app.db, scope))
      },
    )
  }
}
