/**
 * What the signed-in user may work with (PLAT-API-08/09/10, CORE-API-21, CORE-DATA-03): the inventory
 * organisations, warehouses and areas they can access, their default warehouse permissions and the quantity
 * precision. Every answer goes through the models' data scope (model-scope.ts), so these lists and the generic
 * model lists always agree.
 */
import { Type } from '@sinclair/typebox'
import type { TypedPlugin } from '../../type-provider.ts'
import type { ModelSchema } from '../../../renderer/schema/model.ts'
import type { Page } from '../../../renderer/contract/wire.ts'
import { notFound } from '../../errors.ts'
import { sessionOf } from '../../plugins/permissions.ts'
import type { Session } from '../../types.ts'
import { filteredRows, listRows, sortedRows } from '../models/model-list.ts'
import { modelDb, inScope, type ModelDb, type Row } from '../models/model-scope.ts'
import { pageOf } from '../../paging.ts'
import type { Db } from '../../db/schema.ts'
import { lookupValues } from '../hpfm/lookups.ts'
import { NoQuery } from '../../schemas.ts'

const base = '/api/wms/v1/:tenantId'
const Params = Type.Object({ tenantId: Type.Integer({ minimum: 0 }) })
const Paging = {
  page: Type.Integer({ minimum: 0, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: 1000, default: 10 }),
  // A Lov picker whose view lists through these endpoints always sends its code (CORE-LOV-12); not a filter.
  lovCode: Type.Optional(Type.String({ maxLength: 60 })),
}
const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }))
const id = () => Type.Optional(Type.Integer({ minimum: 1 }))
/**
 * The rows with these ids (comma-joined, at most 100), disabled ones too: read-only Lov fields without a text
 * field name the ids of a page in one call (a record may name a warehouse disabled since).
 */
const MAX_IDS = 100
const ids = () =>
  Type.Optional(Type.String({ pattern: `^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17}){0,${MAX_IDS - 1}}$` }))
const InvOrgQuery = Type.Object(
  { ...Paging, invOrganizationCode: text(30), invOrganizationName: text(120), ids: ids() },
  { additionalProperties: false },
)
const WarehouseQuery = Type.Object(
  {
    ...Paging,
    warehouseCode: text(30),
    warehouseName: text(120),
    warehouseType: text(30),
    invOrganizationId: id(),
    ids: ids(),
  },
  { additionalProperties: false },
)
const AreaQuery = Type.Object(
  {
    ...Paging,
    warehouseId: id(),
    warehouseCode: text(30),
    whareaCode: text(30),
    whareaName: text(120),
    areaType: text(30),
    ids: ids(),
  },
  { additionalProperties: false },
)
const AccuracyQuery = Type.Object({ warehouseId: id() }, { additionalProperties: false })

export const DEFAULT_PRECISION = 3

/** The query's filters: the Lov code a picker sends along is not one. */
function filtersOf(query: unknown): Row {
  const { lovCode: _lovCode, ...filters } = query as Row
  return filters
}

/** The `ids` filter as numbers (none: undefined), and the filters without it (enabled rows only, unless ids). */
function idFilter(query: Row): { list?: number[]; filters: Row } {
  const { ids: raw, ...rest } = query
  if (raw === undefined || raw === '') return { filters: { ...rest, enabledFlag: 1 } }
  return { list: String(raw).split(',').map(Number), filters: rest }
}

/** A page of a query already limited by the data scope (count, then the rows in the request's sort). */
async function scopedPage(
  rows: ReturnType<typeof filteredRows>,
  sorted: ReturnType<typeof sortedRows>,
  page: number,
  size: number,
): Promise<Page<Row>> {
  const counted = await rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
  const totalElements = Number(counted?.total ?? 0)
  const content = await sorted
    .limit(size)
    .offset(page * size)
    .execute()
  return pageOf(content, totalElements, page, size)
}

/**
 * Each row with the meaning of its `field` in value set `code` as `<field>Meaning`, in the session's language
 * (the Lov popups show it as a column; the stored code when the set has no such value).
 */
async function withMeanings(db: Db, session: Session, page: Page<Row>, field: string, code: string) {
  const values = (await lookupValues(db, [code], session.tenantId, session.language)).get(code) ?? []
  const meaning = new Map(values.map((value) => [value.value, value.meaning]))
  const content = page.content.map((row) => {
    const stored = row[field]
    const text = stored === null || stored === undefined ? null : String(stored)
    return { ...row, [`${field}Meaning`]: text === null ? null : (meaning.get(text) ?? text) }
  })
  return { ...page, content }
}

/**
 * Enabled areas the session can access (their warehouse granted), optionally of warehouses whose code matches
 * `warehouseCode`; each row carries its warehouse's code and name (the area Lov shows and searches them).
 */
async function accessibleAreas(db: ModelDb, models: AccessModels, session: Session, query: Row) {
  const code = query.warehouseCode
  const narrow = <T extends ReturnType<typeof filteredRows>>(rows: T): T => {
    if (code === undefined || code === '') return rows
    // The warehouse list's own code search (like, escaped), in the session's scope.
    const warehouses = filteredRows(db, models.warehouse, session, { warehouseCode: code }).select(
      models.warehouse.primaryKey,
    )
    return rows.where('warehouseId', 'in', warehouses) as T
  }
  const { list, filters: rest } = idFilter(query)
  const filters = { ...rest, warehouseCode: undefined }
  const byIds = <T extends ReturnType<typeof filteredRows>>(rows: T): T =>
    list ? (rows.where(models.area.primaryKey, 'in', list) as T) : rows
  const page = await scopedPage(
    byIds(narrow(filteredRows(db, models.area, session, filters))),
    byIds(narrow(sortedRows(db, models.area, session, filters) as never)) as unknown as ReturnType<
      typeof sortedRows
    >,
    Number(query.page),
    Number(query.size),
  )
  const ids = [...new Set(page.content.map((row) => Number(row.warehouseId)))]
  const warehouses = ids.length
    ? await db
        .selectFrom(models.warehouse.table)
        .select([models.warehouse.primaryKey, 'warehouseCode', 'warehouseName'])
        .where(models.warehouse.primaryKey, 'in', ids)
        .execute()
    : []
  const byId = new Map(warehouses.map((row) => [Number(row[models.warehouse.primaryKey]), row]))
  return {
    ...page,
    content: page.content.map((row) => {
      const warehouse = byId.get(Number(row.warehouseId))
      return {
        ...row,
        warehouseCode: warehouse?.warehouseCode ?? null,
        warehouseName: warehouse?.warehouseName ?? null,
      }
    }),
  }
}

/** Enabled warehouses the session can access, optionally of one inventory organisation (warehouse relations). */
function accessibleWarehouses(db: ModelDb, models: AccessModels, session: Session, query: Row) {
  const narrow = <T extends ReturnType<typeof filteredRows>>(rows: T): T => {
    const org = query.invOrganizationId
    if (org === undefined) return rows
    const relations = inScope(
      db
        .selectFrom(models.relation.table)
        .select('warehouseId')
        .where('invOrganizationId', '=', Number(org))
        .where('enabledFlag', '=', 1),
      models.relation,
      session,
    )
    return rows.where(models.warehouse.primaryKey, 'in', relations) as T
  }
  const { list, filters: rest } = idFilter(query)
  const filters = { ...rest, invOrganizationId: undefined }
  const byIds = <T extends ReturnType<typeof filteredRows>>(rows: T): T =>
    list ? (rows.where(models.warehouse.primaryKey, 'in', list) as T) : rows
  return {
    rows: byIds(narrow(filteredRows(db, models.warehouse, session, filters))),
    sorted: byIds(
      narrow(sortedRows(db, models.warehouse, session, filters) as never),
    ) as unknown as ReturnType<typeof sortedRows>,
  }
}

/** The user's default warehouse permissions: enabled organisations, owners and warehouses they may use. */
export async function defaultPermissions(db: ModelDb, models: AccessModels, session: Session) {
  const all = { enabledFlag: 1, size: 1000 }
  const [orgs, owners, warehouses, defaults] = await Promise.all([
    sortedRows(db, models.invOrganization, session, all).execute(),
    sortedRows(db, models.owner, session, all).execute(),
    sortedRows(db, models.warehouse, session, all).execute(),
    db
      .selectFrom(models.userWarehouse.table)
      .select('warehouseId')
      .where('tenantId', '=', session.tenantId)
      .where('userId', '=', session.userId)
      .where('defaultFlag', '=', 1)
      .execute(),
  ])
  const defaultIds = new Set(defaults.map((row) => Number(row.warehouseId)))
  return {
    orgList: orgs.map((row) => ({
      invOrganizationId: row.invOrganizationId,
      invOrganizationCode: row.invOrganizationCode,
      invOrganizationName: row.invOrganizationName,
    })),
    ownerList: owners.map((row) => ({
      ownerId: row.ownerId,
      ownerCode: row.ownerCode,
      ownerName: row.ownerName,
    })),
    warehouseList: warehouses.map((row) => ({
      warehouseId: row.warehouseId,
      warehouseCode: row.warehouseCode,
      warehouseName: row.warehouseName,
      quantityPrecision: row.quantityPrecision ?? DEFAULT_PRECISION,
      defaultFlag: defaultIds.has(Number(row.warehouseId)) ? 1 : 0,
    })),
  }
}

export interface AccessModels {
  warehouse: ModelSchema
  owner: ModelSchema
  area: ModelSchema
  invOrganization: ModelSchema
  relation: ModelSchema
  userWarehouse: ModelSchema
}

export function accessRoutes(models: AccessModels): TypedPlugin {
  return async (app) => {
    const db = () => modelDb(app.db)
    app.get(
      `${base}/wms-common/inv-organizations`,
      {
        schema: { params: Params, querystring: InvOrgQuery },
        config: { fieldRules: { answers: [{ model: 'wms/inv-organization', query: true }] } },
      },
      (request) => {
        const { list, filters } = idFilter(filtersOf(request.query))
        if (!list) return listRows(db(), models.invOrganization, sessionOf(request), filters)
        // `ids`: name these organisations (read-only cells), disabled ones too
        const model = models.invOrganization
        const session = sessionOf(request)
        const rows = filteredRows(db(), model, session, filters).where(model.primaryKey, 'in', list)
        const sorted = sortedRows(db(), model, session, filters).where(model.primaryKey, 'in', list)
        return scopedPage(rows, sorted as typeof sorted, Number(filters.page), Number(filters.size))
      },
    )
    app.get(
      `${base}/warehouses/accessibleList`,
      {
        schema: { params: Params, querystring: WarehouseQuery },
        config: { fieldRules: { answers: [{ model: 'wms/warehouse', query: true }] } },
      },
      async (request) => {
        const query = filtersOf(request.query)
        const session = sessionOf(request)
        const { rows, sorted } = accessibleWarehouses(db(), models, session, query)
        const page = await scopedPage(rows, sorted, Number(query.page), Number(query.size))
        return withMeanings(app.db, session, page, 'warehouseType', 'WMDM.WAREHOUSE_TYPE')
      },
    )
    app.get(
      `${base}/whareas/accessibleList`,
      {
        schema: { params: Params, querystring: AreaQuery },
        config: { fieldRules: { answers: [{ model: 'wms/warehouse-area', query: true }] } },
      },
      async (request) => {
        const session = sessionOf(request)
        const page = await accessibleAreas(db(), models, session, filtersOf(request.query))
        return withMeanings(app.db, session, page, 'areaType', 'WMDM.AREA_TYPE')
      },
    )
    app.get(
      `${base}/warehouses/query-default-warehourse-permissions`,
      {
        schema: { querystring: NoQuery, params: Params },
        config: {
          fieldRules: {
            answers: [
              { model: 'wms/warehouse', at: 'warehouseList' },
              { model: 'wms/owner', at: 'ownerList' },
            ],
          },
        },
      },
      (request) => defaultPermissions(db(), models, sessionOf(request)),
    )
    app.get(
      `${base}/wms-common/query-digital-accuracy`,
      {
        schema: { params: Params, querystring: AccuracyQuery },
        config: {
          fieldRules: { none: 'answers the quantity precision a warehouse sets for forms, not its row' },
        },
      },
      async (request) => {
        const session = sessionOf(request)
        const { warehouseId } = request.query
        let warehouse: Row | undefined
        if (warehouseId !== undefined) {
          warehouse = await filteredRows(db(), models.warehouse, session, {})
            .selectAll()
            .where(models.warehouse.primaryKey, '=', warehouseId)
            .executeTakeFirst()
          if (!warehouse)
            throw notFound(
              `Warehouse ${warehouseId} does not exist or is not granted to you: pick one of your warehouses.`,
            )
        } else {
          const { warehouseList } = await defaultPermissions(db(), models, session)
          const chosen = warehouseList.find((row) => row.defaultFlag === 1) ?? warehouseList[0]
          warehouse = chosen
        }
        const precision = Number(warehouse?.quantityPrecision ?? DEFAULT_PRECISION)
        return {
          warehouseId: warehouse?.warehouseId ?? null,
          precision,
          step: Number((1 / 10 ** precision).toFixed(precision)),
        }
      },
    )
  }
}
