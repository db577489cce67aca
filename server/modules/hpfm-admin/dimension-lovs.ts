/**
 * Data dimensions sourced from a Lov view (sourceType LOV, /hpfm/data-dimension-config) feed the data
 * permission rules: an EQUAL / NOT_EQUAL / IN / NOT_IN rule on the field an enabled LOV dimension follows may
 * only name values the Lov answers the administrator saving it, in the tenant ({placeholders} aside): a
 * warehouse id of another tenant, a disabled warehouse or a mistyped id is refused (400 naming the field, the
 * value and the Lov), so a rule cannot silently hide every row.
 *
 * The Lov is read through its own query code (hpfm/lov-values.ts): an SQL view with the session's
 * placeholders, a URL view by calling its endpoint as the caller, so the Lov's data scope holds; a value the
 * administrator cannot see through the Lov cannot be named. A URL view calls a route, and on PGlite a route
 * cannot read while the write's transaction holds the one connection: so the values are read before the
 * transaction, by a preHandler of the rule write routes (create, update, batch-save), and kept for the request
 * on its session; the write guard (data-permission.ts, inside the transaction) checks against them. A rule write
 * that did not pass those routes (server code) is refused when a LOV dimension applies, rather than unchecked.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify'
import { badRequest } from '../../errors.ts'
import type { Db } from '../../db/schema.ts'
import { shared } from '../../plugins/shared.ts'
import type { Session } from '../../types.ts'
import { modelDb } from '../models/model-scope.ts'
import { lovValueReader } from '../hpfm/lov-values.ts'

/** Operators whose value a dimension checks. */
export const DIMENSION_OPERATORS = ['EQUAL', 'NOT_EQUAL', 'IN', 'NOT_IN']

/** The values a rule names: IN / NOT_IN split at commas; {userId}-style placeholders and blanks left out. */
export function ruleValues(operator: string, ruleValue: string): string[] {
  return (operator === 'IN' || operator === 'NOT_IN' ? ruleValue.split(',') : [ruleValue])
    .map((value) => value.trim())
    .filter((value) => value !== '' && !/^\{\w+\}$/.test(value))
}

interface Dimension {
  dimensionCode: string
  sourceCode: string
  fieldName: string
}

/** Enabled LOV dimensions of the tenant following any of `fields`. */
async function lovDimensions(db: Db, tenantId: number, fields: string[]): Promise<Dimension[]> {
  if (!fields.length) return []
  return (await modelDb(db)
    .selectFrom('hpfm_data_dimension')
    .select(['dimensionCode', 'sourceCode', 'fieldName'])
    .where('tenantId', '=', tenantId)
    .where('fieldName', 'in', fields)
    .where('sourceType', '=', 'LOV')
    .where('enabledFlag', '=', 1)
    .orderBy('dimensionCode')
    .execute()) as Dimension[]
}

/** What the request's Lovs answered: per Lov code, undefined if no such Lov, else each value asked → answered. */
type Answers = Map<string, Map<string, boolean> | undefined>
const answersOf = new WeakMap<Session, Answers>()

const RULE_ROUTE = /^\/api\/hpfm\/v1\/:tenantId\/permission-rules(\/batch-save)?$/

/** Adds the Lov read to the rule write routes, after their own preHandlers (permission checks first). */
export const dimensionLovChecks: FastifyPluginAsync = shared(
  { name: 'dimension-lov-checks' },
  async (app) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = [route.method].flat()
      if (!RULE_ROUTE.test(route.url ?? '') || !methods.some((m) => m === 'POST' || m === 'PUT')) return
      const own = route.preHandler ? [route.preHandler].flat() : []
      route.preHandler = [...own, async (request: FastifyRequest) => readRuleLovs(app, request)]
    })
  },
)

/** Reads, before the write's transaction, what the Lovs of the LOV dimensions the body's rules follow answer. */
async function readRuleLovs(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const session = request.session
  if (!session) return
  const rows = [request.body]
    .flat()
    .filter((row): row is Record<string, unknown> => !!row && typeof row === 'object')
    .filter((row) => row._status !== 'delete')
  const wanted: Array<{ fieldName: string; values: string[] }> = []
  for (const row of rows) {
    let { fieldName, operator, ruleValue } = row
    if (row.permissionRuleId !== undefined && (!fieldName || !operator || ruleValue === undefined)) {
      const saved = await modelDb(app.db)
        .selectFrom('hpfm_permission_rule')
        .select(['operator', 'ruleValue', 'fieldName'])
        .where('tenantId', '=', session.tenantId)
        .where('permissionRuleId', '=', Number(row.permissionRuleId))
        .executeTakeFirst()
      fieldName ||= saved?.fieldName
      operator ||= saved?.operator
      ruleValue ??= saved?.ruleValue
    }
    if (!fieldName || !DIMENSION_OPERATORS.includes(String(operator))) continue
    wanted.push({
      fieldName: String(fieldName),
      values: ruleValues(String(operator), String(ruleValue ?? '')),
    })
  }
  const dimensions = await lovDimensions(app.db, session.tenantId, [
    ...new Set(wanted.map((w) => w.fieldName)),
  ])
  if (!dimensions.length) return
  let answers = answersOf.get(session)
  if (!answers) answersOf.set(session, (answers = new Map()))
  for (const dimension of dimensions) {
    const values = wanted.filter((w) => w.fieldName === dimension.fieldName).flatMap((w) => w.values)
    const reader = await lovValueReader(app, request, dimension.sourceCode)
    if (!reader) {
      answers.set(dimension.sourceCode, undefined)
      continue
    }
    const has = await reader.has(values)
    const known = answers.get(dimension.sourceCode) ?? new Map<string, boolean>()
    for (const value of values) known.set(value, has.has(value))
    answers.set(dimension.sourceCode, known)
  }
}

/**
 * The write guard's check (inside the transaction): every value the rule names must be one the Lov of each
 * enabled LOV dimension following `fieldName` answered the caller (read by `readRuleLovs` beforehand).
 */
export async function checkLovDimensions(
  db: Db,
  session: Session,
  fieldName: string,
  operator: string,
  ruleValue: string,
): Promise<void> {
  if (!fieldName || !DIMENSION_OPERATORS.includes(operator)) return
  const dimensions = await lovDimensions(db, session.tenantId, [fieldName])
  const sent = ruleValues(operator, ruleValue)
  if (!dimensions.length || !sent.length) return
  const answers = answersOf.get(session)
  for (const dimension of dimensions) {
    const lov = dimension.sourceCode
    const where = `data dimension ${dimension.dimensionCode}, which ${fieldName} follows`
    if (answers?.has(lov) && answers.get(lov) === undefined) {
      const message = `${fieldName}: the values cannot be checked, since Lov ${lov} (${where}) does not exist: fix the dimension's value set / Lov code at /hpfm/data-dimension-config, or create the Lov view at /hpfm/lov-view`
      throw badRequest(`${message}.`, { ruleValue: message })
    }
    const known = answers?.get(lov)
    const unread = sent.filter((value) => !known?.has(value))
    if (unread.length) {
      const message = `${fieldName} ${unread.join(', ')}: the values were not read from Lov ${lov} (${where}) before this write: save the rule through the permission-rules API (/hpfm/permission), which checks them`
      throw badRequest(`${message}.`, { ruleValue: message })
    }
    const wrong = sent.filter((value) => !known?.get(value))
    if (wrong.length) {
      const message = `${fieldName} ${wrong.join(', ')}: not ${wrong.length > 1 ? 'values' : 'a value'} of Lov ${lov} for this tenant (${where}): choose values the Lov lists for you (the rule's value picker offers them), or check the rows behind Lov ${lov}`
      throw badRequest(`${message}.`, { ruleValue: message })
    }
  }
}
