/**
 * Reading Lov views: a tenant's own definition of a code wins over the site-wide one (tenant 0). Answers the
 * wire shape of lov-view/info in the caller's language.
 */
import type { Selectable } from 'kysely'
import type { Language } from '../../../renderer/contract/wire.ts'
import type { LovView } from '../../../renderer/contract/lov-view.ts'
import type { Db, Texts } from '../../db/schema.ts'
import type { LovViewQueryFieldTable, LovViewTable, LovViewTableFieldTable } from './lov-view-tables.ts'

export type StoredLovView = Selectable<LovViewTable> & {
  queryFields: Selectable<LovViewQueryFieldTable>[]
  tableFields: Selectable<LovViewTableFieldTable>[]
}

/** The view named by its view code or (for lovs/data) its lov code, as `tenantId` sees it; undefined if none. */
export async function findLovView(
  db: Db,
  by: { viewCode: string } | { lovCode: string },
  tenantId: number,
): Promise<StoredLovView | undefined> {
  let query = db
    .selectFrom('hpfmLovView')
    .selectAll()
    .where('tenantId', 'in', [0, tenantId])
    .where('enabledFlag', '=', 1)
  query =
    'viewCode' in by ? query.where('viewCode', '=', by.viewCode) : query.where('lovCode', '=', by.lovCode)
  const header = await query.orderBy('tenantId', 'desc').orderBy('viewCode').executeTakeFirst()
  if (!header) return undefined
  const key = { tenantId: header.tenantId, viewCode: header.viewCode }
  const [queryFields, tableFields] = await Promise.all([
    db
      .selectFrom('hpfmLovViewQueryField')
      .selectAll()
      .where('tenantId', '=', key.tenantId)
      .where('viewCode', '=', key.viewCode)
      .orderBy('seq')
      .execute(),
    db
      .selectFrom('hpfmLovViewTableField')
      .selectAll()
      .where('tenantId', '=', key.tenantId)
      .where('viewCode', '=', key.viewCode)
      .orderBy('seq')
      .execute(),
  ])
  return { ...header, queryFields, tableFields }
}

/** Every code a caller can name, for "did you mean" in messages. */
export async function knownLovCodes(db: Db, tenantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('hpfmLovView')
    .select(['viewCode', 'lovCode'])
    .where('tenantId', 'in', [0, tenantId])
    .execute()
  return [...new Set(rows.flatMap((row) => [row.viewCode, row.lovCode]))]
}

const textIn = (texts: Texts, language: Language) => texts[language] ?? texts.zh_CN ?? ''

/** SQL and IDP views are queried through lovs/data; URL views through their own list endpoint. */
export function queryUrlOf(view: Pick<StoredLovView, 'lovTypeCode' | 'queryUrl'>): string {
  return view.lovTypeCode === 'URL' && view.queryUrl ? view.queryUrl : '/hpfm/v1/{organizationId}/lovs/data'
}

/** The wire shape of lov-view/info (the SQL text never leaves the server). */
export function lovViewInfo(view: StoredLovView, language: Language): LovView {
  return {
    viewCode: view.viewCode,
    viewName: textIn(view.viewNames, language),
    lovCode: view.lovCode,
    lovName: textIn(view.lovNames, language),
    lovTypeCode: view.lovTypeCode,
    queryUrl: queryUrlOf(view),
    requestMethod: view.requestMethod,
    valueField: view.valueField,
    displayField: view.displayField,
    title: textIn(view.titles, language),
    width: view.width,
    ...(view.height ? { height: view.height } : {}),
    pageSize: view.pageSize,
    delayLoadFlag: view.delayLoadFlag === 1 ? 1 : 0,
    ...(view.childrenFieldName ? { childrenFieldName: view.childrenFieldName } : {}),
    queryFields: view.queryFields.map((q) => ({
      field: q.field,
      label: textIn(q.labels, language),
      dataType: q.dataType,
      ...(q.sourceCode ? { sourceCode: q.sourceCode } : {}),
    })),
    tableFields: view.tableFields.map((f) => ({
      title: textIn(f.titles, language),
      dataIndex: f.dataIndex,
      ...(f.width ? { width: f.width } : {}),
      dataType: f.dataType,
    })),
  }
}
