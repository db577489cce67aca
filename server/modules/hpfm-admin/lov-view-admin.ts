/**
 * Lov views as an administrator sees them (/hpfm/lov-view): the platform's views (tenant 0) and the tenant's
 * own. Changing a platform view gives the tenant its own copy first (header, query fields, columns: copy on
 * write), which findLovView then serves to the tenant's pickers; deleting the customisation brings the
 * platform's view back. The SQL of a view is never shown or edited here: it stays a server-side definition.
 */
import { sql } from 'kysely'
import type { Language } from '../../../renderer/contract/wire.ts'
import type { Db, Texts } from '../../db/schema.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import type { Session } from '../../types.ts'
import '../hpfm/lov-view-tables.ts'

const text = (texts: Texts, language: Language) => texts[language] ?? texts.zh_CN ?? texts.en_US ?? ''

async function views(db: Db, session: Session) {
  const rows = await sql<{
    lovViewId: number
    tenantId: number
    viewCode: string
    viewNames: Texts
    lovCode: string
    lovTypeCode: string
    queryUrl: string | null
    valueField: string
    displayField: string
    sortField: string | null
    titles: Texts
    width: number
    pageSize: number
    enabledFlag: number
    objectVersionNumber: number
  }>`select lov_view_id, tenant_id, view_code, view_names, lov_code, lov_type_code, query_url, value_field,
      display_field, sort_field, titles, width, page_size, enabled_flag, object_version_number
    from hpfm_lov_view where tenant_id in (0, ${session.tenantId}) order by view_code, tenant_id desc`.execute(
    db,
  )
  const effective = new Map<string, (typeof rows.rows)[number] & { platform: boolean }>()
  for (const row of rows.rows) {
    if (effective.has(row.viewCode)) {
      effective.get(row.viewCode)!.platform = true
      continue
    }
    effective.set(row.viewCode, { ...row, platform: row.tenantId === 0 })
  }
  return [...effective.values()].map((row) => ({
    lovViewId: Number(row.lovViewId),
    viewCode: row.viewCode,
    viewName: text(row.viewNames, session.language),
    title: text(row.titles, session.language),
    lovCode: row.lovCode,
    lovTypeCode: row.lovTypeCode,
    queryUrl: row.queryUrl,
    valueField: row.valueField,
    displayField: row.displayField,
    sortField: row.sortField,
    pageSize: row.pageSize,
    width: row.width,
    enabledFlag: row.enabledFlag,
    source: row.platform && session.tenantId !== 0 ? 'PLATFORM' : 'TENANT',
    customizedFlag: row.tenantId === session.tenantId && session.tenantId !== 0 ? 1 : 0,
    objectVersionNumber: row.objectVersionNumber,
  }))
}

export const listViews = views

/** The view code of a view id the session can see (platform or own). */
async function viewCodeOf(db: Db, session: Session, lovViewId: number) {
  const row = await sql<{ viewCode: string; tenantId: number; objectVersionNumber: number }>`
    select view_code, tenant_id, object_version_number from hpfm_lov_view
    where lov_view_id = ${lovViewId} and tenant_id in (0, ${session.tenantId})`.execute(db)
  if (!row.rows[0]) throw notFound(`Lov view ${lovViewId} does not exist: reload the list.`)
  return row.rows[0]
}

async function ownCopy(db: Db, session: Session, viewCode: string) {
  const own =
    await sql`select 1 from hpfm_lov_view where tenant_id = ${session.tenantId} and view_code = ${viewCode}`.execute(
      db,
    )
  if (own.rows.length) return
  const t = session.tenantId
  await sql`insert into hpfm_lov_view (tenant_id, view_code, view_names, lov_code, lov_names, lov_type_code, query_url,
      request_method, sql_text, sort_field, value_field, display_field, titles, width, height, page_size,
      delay_load_flag, children_field_name, enabled_flag)
    select ${t}, view_code, view_names, lov_code, lov_names, lov_type_code, query_url, request_method, sql_text,
      sort_field, value_field, display_field, titles, width, height, page_size, delay_load_flag,
      children_field_name, enabled_flag
    from hpfm_lov_view where tenant_id = 0 and view_code = ${viewCode}`.execute(db)
  await sql`insert into hpfm_lov_view_query_field (tenant_id, view_code, seq, field, labels, data_type, source_code, match_mode)
    select ${t}, view_code, seq, field, labels, data_type, source_code, match_mode
    from hpfm_lov_view_query_field where tenant_id = 0 and view_code = ${viewCode}`.execute(db)
  await sql`insert into hpfm_lov_view_table_field (tenant_id, view_code, seq, data_index, titles, width, data_type)
    select ${t}, view_code, seq, data_index, titles, width, data_type
    from hpfm_lov_view_table_field where tenant_id = 0 and view_code = ${viewCode}`.execute(db)
}

export interface ViewChange {
  lovViewId: number
  objectVersionNumber?: number
  viewName?: string
  title?: string
  valueField?: string
  displayField?: string
  sortField?: string | null
  pageSize?: number
  width?: number
  enabledFlag?: number
  queryUrl?: string | null
}

export async function updateView(db: Db, session: Session, change: ViewChange) {
  const seen = await viewCodeOf(db, session, change.lovViewId)
  if (change.objectVersionNumber !== undefined && change.objectVersionNumber !== seen.objectVersionNumber)
    throw conflict(
      'error.optimistic_lock',
      'Someone else changed this Lov view meanwhile: reload and try again.',
    )
  const columns = await sql<{ dataIndex: string }>`select data_index from hpfm_lov_view_table_field
    where tenant_id = ${seen.tenantId} and view_code = ${seen.viewCode}`.execute(db)
  const known = columns.rows.map((c) => c.dataIndex)
  for (const key of ['valueField', 'displayField'] as const) {
    const value = change[key]
    if (value !== undefined && !/^[a-z][A-Za-z0-9]*$/.test(value))
      throw badRequest(`${key} must be a field name such as warehouseId: use letters and digits only.`, {
        [key]: 'not a field name',
      })
  }
  if (change.displayField && known.length && !known.includes(change.displayField))
    throw badRequest(
      `displayField ${change.displayField} is not a column of the view: use one of ${known.join(', ')}.`,
      {
        displayField: 'not a column of the view',
      },
    )
  await ownCopy(db, session, seen.viewCode)
  const lang = session.language
  await sql`update hpfm_lov_view set
      view_names = case when ${change.viewName ?? null}::text is null then view_names else view_names || jsonb_build_object(${lang}::text, ${change.viewName ?? null}::text) end,
      titles = case when ${change.title ?? null}::text is null then titles else titles || jsonb_build_object(${lang}::text, ${change.title ?? null}::text) end,
      value_field = coalesce(${change.valueField ?? null}, value_field),
      display_field = coalesce(${change.displayField ?? null}, display_field),
      sort_field = ${change.sortField === undefined ? sql`sort_field` : change.sortField || null},
      page_size = coalesce(${change.pageSize ?? null}::integer, page_size),
      width = coalesce(${change.width ?? null}::integer, width),
      enabled_flag = coalesce(${change.enabledFlag ?? null}::smallint, enabled_flag),
      query_url = ${change.queryUrl === undefined ? sql`query_url` : change.queryUrl || null},
      object_version_number = object_version_number + 1
    where tenant_id = ${session.tenantId} and view_code = ${seen.viewCode}`.execute(db)
  return (await views(db, session)).find((view) => view.viewCode === seen.viewCode)
}

export async function deleteCustomisation(db: Db, session: Session, lovViewId: number) {
  const seen = await viewCodeOf(db, session, lovViewId)
  if (seen.tenantId === 0 && session.tenantId !== 0)
    throw badRequest(
      `Lov view ${seen.viewCode} belongs to the platform: there is no customisation of this tenant to delete; reload the list.`,
    )
  // Fields go with the header (foreign keys on delete cascade); a platform view of the code shows again.
  await sql`delete from hpfm_lov_view where tenant_id = ${session.tenantId} and view_code = ${seen.viewCode}`.execute(
    db,
  )
}

export async function listColumns(db: Db, session: Session, lovViewId: number) {
  const seen = await viewCodeOf(db, session, lovViewId)
  const rows = await sql<{
    tenantId: number
    seq: number
    dataIndex: string
    titles: Texts
    width: number | null
  }>`
    select tenant_id, seq, data_index, titles, width from hpfm_lov_view_table_field
    where view_code = ${seen.viewCode} and tenant_id = (select max(tenant_id) from hpfm_lov_view
      where view_code = ${seen.viewCode} and tenant_id in (0, ${session.tenantId}))
    order by seq`.execute(db)
  return rows.rows.map((row) => ({
    viewCode: seen.viewCode,
    dataIndex: row.dataIndex,
    title: text(row.titles, session.language),
    width: row.width,
    seq: row.seq,
    source: row.tenantId === 0 && session.tenantId !== 0 ? 'PLATFORM' : 'TENANT',
  }))
}

export async function updateColumn(
  db: Db,
  session: Session,
  lovViewId: number,
  change: { dataIndex: string; title?: string; width?: number | null; seq?: number },
) {
  const seen = await viewCodeOf(db, session, lovViewId)
  await ownCopy(db, session, seen.viewCode)
  const result = await sql`update hpfm_lov_view_table_field set
      titles = case when ${change.title ?? null}::text is null then titles else titles || jsonb_build_object(${session.language}::text, ${change.title ?? null}::text) end,
      width = ${change.width === undefined ? sql`width` : change.width},
      seq = coalesce(${change.seq ?? null}::integer, seq)
    where tenant_id = ${session.tenantId} and view_code = ${seen.viewCode} and data_index = ${change.dataIndex}`.execute(
    db,
  )
  if (!Number(result.numAffectedRows ?? 0))
    throw notFound(
      `Column ${change.dataIndex} is not a column of ${seen.viewCode}: reload the view's columns.`,
    )
  return (await listColumns(db, session, lovViewId)).find((c) => c.dataIndex === change.dataIndex)
}
