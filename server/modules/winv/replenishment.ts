/**
 * Replenishment by min/max (schemas/README.md "Replenishment and shipping"), as SAP EWM's and Odoo's
 * replenishment do it: a rule (wms/replenishmentRule) per pick location and goods with a minimum and a maximum;
 * "generate" looks at every enabled rule of a warehouse and, where the pick location holds less than the
 * minimum, plans replenishment tasks (wms/stockReplacement, NEW) from reserve stock up to the maximum; the clerk
 * confirms each task (`handle`), with the planned quantity or less, and only then does stock move.
 *
 * - Reserve = available stock (on hand − reserved − locked, not expired: `availableByLocation`) of the goods'
 *   owner on enabled locations of STORAGE areas (never QC, returns, receiving, shipping, docks, virtual
 *   locations, nor the pick location itself), in the order of the goods' removal strategy (FEFO / FIFO / LIFO,
 *   as allocation takes it), less what open tasks already plan to take from each balance.
 * - Idempotent: a pick location (and goods) with an open (NEW) task is not planned again until that task is
 *   confirmed or cancelled, so generating again — by hand or on the scheduler's job REPLENISHMENT
 *   (replenishment-job.ts) — never makes a second open task for it; the rules are locked while planning, so two
 *   generates run one after the other.
 * - Reserve short: the tasks take what there is and the answer lists the shortfall per rule (also kept on the
 *   tasks); no reserve at all for every rule below its minimum is 409 `error.reserve_short`, nothing below its
 *   minimum is 409 `error.nothing_to_replenish`.
 * - Confirm (`handle`, body `confirmedQuantity` ≤ planned, default planned) moves the stock through the ledger
 *   (docType REPLENISH: −q at the storage location, +q at the pick location, each row with the user and time);
 *   the ledger refuses to take reserved or locked stock (409), so allocated and held stock stays where it is.
 */
import { modelBehaviour, type ModelBehaviour } from '../models/behaviour.ts'
import type { FastifyPluginAsync } from 'fastify'
import { sql } from 'kysely'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Db } from '../../db/schema.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { requirePermission, sessionOf } from '../../plugins/permissions.ts'
import { pathParams } from '../../schemas.ts'
import type { Session } from '../../types.ts'
import { inScope, modelDb, type Row } from '../models/model-scope.ts'
import { createRow } from '../models/model-write.ts'
import { availableByLocation, moveStock } from '../stock/ledger.ts'

const round4 = (value: number) => Math.round(value * 10000) / 10000

interface RuleState {
  replenishmentRuleId: number
  warehouseId: number
  goodsId: number
  goodsCode: string
  ownerId: number
  pickLocationId: number
  pickLocationCode: string
  minQuantity: number
  maxQuantity: number
  onHand: number
  openQuantity: number
}

export interface Shortfall {
  replenishmentRuleId: number
  goodsCode: string
  pickLocationCode: string
  onHand: number
  openQuantity: number
  needed: number
  planned: number
  shortfall: number
}

export interface PlannedTask {
  stockReplacementId: number
  replenishNum: string
  goodsCode: string
  batchCode: string
  fromLocationCode: string
  toLocationCode: string
  quantity: number
}

/**
 * The enabled rules of the warehouse with what their pick location holds and what open tasks bring. The rules
 * are locked first and read in a second statement, so a generate that waited for another one's lock (the
 * scheduler's and a clerk's at once) sees the tasks the first one created.
 */
async function ruleStates(db: Db, tenantId: number, warehouseId: number): Promise<RuleState[]> {
  await sql`select replenishment_rule_id from winv_replenishment_rule
    where tenant_id = ${tenantId} and warehouse_id = ${warehouseId} and enabled_flag = 1
    order by replenishment_rule_id for update`.execute(db)
  const { rows } = await sql<RuleState>`select r.replenishment_rule_id, r.warehouse_id, r.goods_id,
      g.goods_code, g.owner_id, r.pick_location_id, l.location_code as pick_location_code, r.min_quantity,
      r.max_quantity,
      coalesce((select sum(s.quantity) from winv_stock s where s.tenant_id = r.tenant_id
        and s.location_id = r.pick_location_id and s.goods_id = r.goods_id), 0) as on_hand,
      coalesce((select sum(t.quantity) from winv_stock_replacement t where t.tenant_id = r.tenant_id
        and t.to_location_id = r.pick_location_id and t.goods_id = r.goods_id and t.replenish_status = 'NEW'), 0)
        as open_quantity
    from winv_replenishment_rule r join wmdm_goods g on g.goods_id = r.goods_id and g.tenant_id = r.tenant_id
      join wmdm_location l on l.location_id = r.pick_location_id and l.tenant_id = r.tenant_id
        and l.warehouse_id = r.warehouse_id
    where r.tenant_id = ${tenantId} and r.warehouse_id = ${warehouseId} and r.enabled_flag = 1
    order by l.pick_sequence nulls last, l.location_code, g.goods_code`.execute(db)
  return rows.map((row) => ({
    ...row,
    replenishmentRuleId: Number(row.replenishmentRuleId),
    warehouseId: Number(row.warehouseId),
    goodsId: Number(row.goodsId),
    ownerId: Number(row.ownerId),
    pickLocationId: Number(row.pickLocationId),
    minQuantity: Number(row.minQuantity),
    maxQuantity: Number(row.maxQuantity),
    onHand: Number(row.onHand),
    openQuantity: Number(row.openQuantity),
  }))
}

/** Enabled locations of STORAGE areas of the warehouse (reserve), by id → code. */
export async function reserveLocations(
  db: Db,
  tenantId: number,
  warehouseId: number,
): Promise<Map<number, string>> {
  const { rows } = await sql<{
    locationId: number
    locationCode: string
  }>`select l.location_id, l.location_code
    from wmdm_location l join wmdm_wharea a on a.wharea_id = l.wharea_id
    where l.tenant_id = ${tenantId} and l.warehouse_id = ${warehouseId} and l.enabled_flag = 1
      and l.location_type not in ('DOCK', 'VIRTUAL') and a.area_type = 'STORAGE'
      and coalesce(a.enabled_flag, 1) = 1`.execute(db)
  return new Map(rows.map((row) => [Number(row.locationId), row.locationCode]))
}

/** What open tasks already plan to take from each balance (location + batch) of the goods. */
async function plannedOut(db: Db, tenantId: number, goodsId: number): Promise<Map<string, number>> {
  const { rows } = await sql<{ fromLocationId: number; batchCode: string | null; quantity: number }>`
    select from_location_id, batch_code, sum(quantity) as quantity from winv_stock_replacement
    where tenant_id = ${tenantId} and goods_id = ${goodsId} and replenish_status = 'NEW'
    group by from_location_id, batch_code`.execute(db)
  return new Map(rows.map((row) => [`${row.fromLocationId}/${row.batchCode ?? ''}`, Number(row.quantity)]))
}

/** The warehouse as the user's data scope shows it (404 otherwise). */
async function warehouseInScope(db: Db, warehouse: ModelSchema, session: Session, id: number) {
  const row = (await inScope(
    modelDb(db).selectFrom(warehouse.table).selectAll().where(warehouse.primaryKey, '=', id),
    warehouse,
    session,
  ).executeTakeFirst()) as Row | undefined
  if (!row) throw notFound(`Warehouse ${id} does not exist (or is not yours): pick one of your warehouses.`)
  return row
}

/**
 * Plans the replenishment tasks of one warehouse (see the file's comment); creates them through the model's
 * write path (numbers from WINV.STOCK_REPLACEMENT, codes filled, scope checked).
 */
export async function generateReplenishment(
  db: Db,
  models: { warehouse: ModelSchema; task: ModelSchema },
  session: Session,
  warehouseId: number,
): Promise<{ created: number; tasks: PlannedTask[]; shortfalls: Shortfall[]; message: string }> {
  const warehouse = await warehouseInScope(db, models.warehouse, session, warehouseId)
  const name = String(warehouse.warehouseName ?? warehouse.warehouseCode ?? warehouseId)
  const rules = await ruleStates(db, session.tenantId, warehouseId)
  if (!rules.length)
    throw conflict(
      'error.nothing_to_replenish',
      `Warehouse ${name} has no enabled replenishment rule: add rules (pick location, goods, minimum, maximum) on /winv/ruleReplenishment first.`,
    )
  // One open replenishment per pick location and goods: a rule whose location has a NEW task is not planned
  // again (whether by hand, by the scheduler or short of reserve) until that task is confirmed or cancelled.
  const below = rules.filter(
    (rule) =>
      rule.onHand < rule.minQuantity && rule.openQuantity <= 0 && round4(rule.maxQuantity - rule.onHand) > 0,
  )
  if (!below.length)
    throw conflict(
      'error.nothing_to_replenish',
      `Nothing to replenish in ${name}: every pick location of its ${rules.length} enabled rule(s) holds at least its minimum, or has an open replenishment task (confirm or cancel those on /winv/stockReplacement).`,
    )
  const reserve = await reserveLocations(db, session.tenantId, warehouseId)
  const tasks: PlannedTask[] = []
  const shortfalls: Shortfall[] = []
  const ruleTasks = new Map<number, number[]>()
  for (const rule of below) {
    const needed = round4(rule.maxQuantity - rule.onHand - rule.openQuantity)
    const taken = await plannedOut(db, session.tenantId, rule.goodsId)
    const sources = (
      await availableByLocation(db, session.tenantId, {
        warehouseId,
        goodsId: rule.goodsId,
        ownerId: rule.ownerId,
      })
    ).filter((balance) => reserve.has(balance.locationId) && balance.locationId !== rule.pickLocationId)
    let left = needed
    for (const source of sources) {
      if (left <= 0) break
      const key = `${source.locationId}/${source.batchCode ?? ''}`
      const free = round4(source.available - (taken.get(key) ?? 0))
      const quantity = round4(Math.min(free, left))
      if (quantity <= 0) continue
      const row = await createRow(db, models.task, session, {
        warehouseId,
        ownerId: rule.ownerId,
        goodsId: rule.goodsId,
        batchCode: source.batchCode ?? '',
        fromLocationId: source.locationId,
        toLocationId: rule.pickLocationId,
        quantity,
        remark: `Generated from replenishment rule ${rule.replenishmentRuleId} (min ${rule.minQuantity}, max ${rule.maxQuantity})`,
      })
      const id = Number(row.stockReplacementId)
      ruleTasks.set(rule.replenishmentRuleId, [...(ruleTasks.get(rule.replenishmentRuleId) ?? []), id])
      taken.set(key, round4((taken.get(key) ?? 0) + quantity))
      tasks.push({
        stockReplacementId: id,
        replenishNum: String(row.replenishNum),
        goodsCode: rule.goodsCode,
        batchCode: source.batchCode ?? '',
        fromLocationCode: reserve.get(source.locationId)!,
        toLocationCode: rule.pickLocationCode,
        quantity,
      })
      left = round4(left - quantity)
    }
    const shortfall: Shortfall = {
      replenishmentRuleId: rule.replenishmentRuleId,
      goodsCode: rule.goodsCode,
      pickLocationCode: rule.pickLocationCode,
      onHand: rule.onHand,
      openQuantity: rule.openQuantity,
      needed,
      planned: round4(needed - left),
      shortfall: left,
    }
    if (left > 0) shortfalls.push(shortfall)
    await sql`update winv_stock_replacement set replenishment_rule_id = ${rule.replenishmentRuleId},
        shortfall_quantity = ${left > 0 ? left : null}
      where stock_replacement_id = any(${ruleTasks.get(rule.replenishmentRuleId) ?? []}::bigint[])`.execute(
      db,
    )
  }
  const short = (s: Shortfall) =>
    `${s.goodsCode} at ${s.pickLocationCode} short by ${s.shortfall} (needs ${s.needed}, reserve gives ${s.planned})`
  if (!tasks.length)
    throw conflict(
      'error.reserve_short',
      `No reserve stock to replenish from in ${name}: ${shortfalls.map(short).join('; ')}. Available stock in storage areas is taken (never QC, returns, reserved or locked stock): receive or put away stock first.`,
    )
  const message =
    `${tasks.length} replenishment task(s) created` +
    (shortfalls.length ? `; reserve short: ${shortfalls.map(short).join('; ')}` : '')
  return { created: tasks.length, tasks, shortfalls, message }
}

const present = (value: unknown) => value !== undefined && value !== null && value !== ''

/** Confirms a task: moves the confirmed quantity (≤ planned) from its storage location to its pick location. */
async function confirmTask(db: Db, session: Session, row: Row, body: Row): Promise<void> {
  const planned = Number(row.quantity)
  const confirmed = present(body.confirmedQuantity) ? Number(body.confirmedQuantity) : planned
  if (!Number.isFinite(confirmed) || confirmed <= 0 || round4(confirmed) > planned)
    throw badRequest(
      `confirmedQuantity ${String(body.confirmedQuantity)} cannot be confirmed: give the quantity moved, more than 0 and at most the planned ${planned}.`,
      { confirmedQuantity: `more than 0, at most ${planned}` },
    )
  if (Number(row.fromLocationId) === Number(row.toLocationId))
    throw badRequest('The source and target locations are the same: pick another target location.', {
      toLocationId: 'same as the source',
    })
  const { rows } = await sql<{
    areaType: string | null
    locationCode: string
  }>`select a.area_type, l.location_code
    from wmdm_location l left join wmdm_wharea a on a.wharea_id = l.wharea_id
    where l.location_id = ${Number(row.fromLocationId)}`.execute(db)
  if (rows[0] && ['QC', 'RETURN'].includes(rows[0].areaType ?? ''))
    throw conflict(
      'error.replenish_from_quarantine',
      `Task ${String(row.replenishNum)} takes from ${rows[0].locationCode}, a ${rows[0].areaType} location: stock there waits for a quality decision and is never replenished from. Cancel the task and take from a storage location.`,
    )
  const quantity = round4(confirmed)
  const key = {
    warehouseId: Number(row.warehouseId),
    ownerId: Number(row.ownerId),
    goodsId: Number(row.goodsId),
    batchCode: String(row.batchCode ?? ''),
  }
  const doc = {
    docType: 'REPLENISH',
    docId: Number(row.stockReplacementId),
    docNum: String(row.replenishNum),
    reason: 'Replenish pick location',
  }
  // −q at the source refuses (409) when it would take reserved or locked stock, and nothing moves
  await moveStock(db, session, {
    ...key,
    ...doc,
    locationId: Number(row.fromLocationId),
    quantity: -quantity,
    allowNegative: false,
  })
  await moveStock(db, session, { ...key, ...doc, locationId: Number(row.toLocationId), quantity })
  await sql`update winv_stock_replacement set confirmed_quantity = ${quantity}, handled_at = localtimestamp(0),
      handled_by = ${session.userId}, handled_by_name = (select real_name from iam_user where id = ${session.userId})
    where stock_replacement_id = ${Number(row.stockReplacementId)}`.execute(db)
  if (row.replenishmentRuleId)
    await sql`update winv_replenishment_rule set last_replenished = localtimestamp(0)
      where replenishment_rule_id = ${Number(row.replenishmentRuleId)}`.execute(db)
}

/** A rule's numbers must make sense, its pick location be of its warehouse; codes and names are filled. */
async function checkRule(db: Db, session: Session, values: Row, current: Row | undefined): Promise<void> {
  const rule = { ...current, ...values }
  const min = Number(rule.minQuantity)
  const max = Number(rule.maxQuantity)
  if (Number.isFinite(min) && Number.isFinite(max) && (max <= 0 || max < min))
    throw badRequest(
      `maxQuantity ${max} is below the minimum ${min} (or 0): give a maximum above 0 and at least the minimum, the level the pick location is filled up to once it falls below the minimum.`,
      { maxQuantity: 'more than 0, at least the minimum' },
    )
  // codes and names of the goods and pick location of this tenant; a pick location of another warehouse is
  // refused (ids of nothing in the tenant are left as they are: generate never plans for them)
  if (present(values.goodsId)) {
    const { rows } = await sql<{ goodsCode: string; goodsName: string }>`select goods_code, goods_name
      from wmdm_goods where tenant_id = ${session.tenantId} and goods_id = ${Number(values.goodsId)}`.execute(
      db,
    )
    if (rows[0]) Object.assign(values, rows[0])
  }
  if (present(rule.pickLocationId) && (present(values.pickLocationId) || present(values.warehouseId))) {
    const { rows } = await sql<{ locationCode: string; warehouseId: number; warehouseKnown: boolean }>`
      select l.location_code, l.warehouse_id, exists(select 1 from wmdm_warehouse w
          where w.tenant_id = l.tenant_id and w.warehouse_id = ${Number(rule.warehouseId)}) as warehouse_known
      from wmdm_location l
      where l.tenant_id = ${session.tenantId} and l.location_id = ${Number(rule.pickLocationId)}`.execute(db)
    const location = rows[0]
    if (location?.warehouseKnown && Number(location.warehouseId) !== Number(rule.warehouseId))
      throw badRequest(
        `pickLocationId: location ${location.locationCode} is not in the rule's warehouse: pick a location of warehouse ${String(rule.warehouseId)}.`,
        { pickLocationId: 'location of another warehouse' },
      )
    if (location) values.pickLocationCode = location.locationCode
  }
}

export const replenishmentBehaviour: ModelBehaviour[] = [
  modelBehaviour({
    model: 'wms/replenishment-rule',
    writeGuards: [
      async ({ db, session, op, values, body }) => {
        if (op === 'delete') return
        const current =
          op === 'update'
            ? (
                await sql<Row>`select * from winv_replenishment_rule where tenant_id = ${session.tenantId}
              and replenishment_rule_id = ${Number(body.replenishmentRuleId)}`.execute(db)
              ).rows[0]
            : undefined
        if (op === 'update' && !current) return // not this tenant's: the generic update answers 404
        await checkRule(db, session, values, current)
      },
    ],
  }),
  modelBehaviour({
    model: 'wms/stock-replacement',
    transitions: { handle: ({ db, session, row, body }) => confirmTask(db, session, row, body) },
  }),
]

const GENERATE = '/api/wms/v1/:tenantId/stock-replacements/generate'

/** `POST stock-replacements/generate {warehouseId}` (winv.stockReplacement.button.generate). */
export const replenishmentRoutes =
  (models: { warehouse: ModelSchema; task: ModelSchema }): FastifyPluginAsync =>
  async (app) => {
    app.post(
      GENERATE,
      {
        config: {
          fieldRules: { none: 'answers how many tasks were created, their numbers and the shortfalls' },
        },
        preHandler: requirePermission('winv.stockReplacement.button.generate'),
        schema: {
          params: pathParams(GENERATE),
          body: {
            type: 'object',
            properties: { warehouseId: { type: 'integer', minimum: 1 } },
            required: ['warehouseId'],
          },
        },
      },
      (request) =>
        app.db
          .transaction()
          .execute((trx) =>
            generateReplenishment(
              trx,
              models,
              sessionOf(request),
              (request.body as { warehouseId: number }).warehouseId,
            ),
          ),
    )
  }
