import type { Db } from '../db/schema.ts'
import { seedDataDir } from './data.ts'
import { readSeedSet } from './seed-files.ts'
import { checkLovViewFile, type LovViewDefinition } from '../modules/hpfm/lov-view-definition.ts'
import '../modules/hpfm/lov-view-tables.ts'

/** The Lov views of server/seed/data/lov-views.json, checked (throws naming every problem). */
export function readLovViewSeed(): LovViewDefinition[] {
  return checkLovViewFile(readSeedSet(seedDataDir, 'lov-views') ?? [])
}

/** Stores the seed's Lov views: header, query fields, table fields (site-wide and tenant overrides). */
export async function seedLovViews(db: Db, views = readLovViewSeed()): Promise<void> {
  for (const view of views) {
    const tenantId = view.tenantId ?? 0
    const names = JSON.stringify(view.viewName)
    await db
      .insertInto('hpfmLovView')
      .values({
        tenantId,
        viewCode: view.viewCode,
        viewNames: names,
        lovCode: view.lovCode ?? view.viewCode,
        lovNames: view.lovName ? JSON.stringify(view.lovName) : names,
        lovTypeCode: view.lovTypeCode,
        queryUrl: view.queryUrl ?? null,
        requestMethod: view.requestMethod ?? 'GET',
        sqlText: view.sql ?? null,
        sortField: view.sortField ?? null,
        valueField: view.valueField,
        displayField: view.displayField,
        titles: JSON.stringify(view.title),
        width: view.width ?? 720,
        height: view.height ?? null,
        pageSize: view.pageSize ?? 50,
        delayLoadFlag: view.delayLoad ? 1 : 0,
        childrenFieldName: view.childrenFieldName ?? null,
        enabledFlag: 1,
      })
      .execute()
    if (view.queryFields.length)
      await db
        .insertInto('hpfmLovViewQueryField')
        .values(
          view.queryFields.map((q, i) => ({
            tenantId,
            viewCode: view.viewCode,
            seq: (i + 1) * 10,
            field: q.field,
            labels: JSON.stringify(q.label),
            dataType: q.dataType ?? 'STRING',
            sourceCode: q.sourceCode ?? null,
            matchMode: q.match ?? (q.dataType === 'SELECT' ? 'exact' : 'like'),
          })),
        )
        .execute()
    await db
      .insertInto('hpfmLovViewTableField')
      .values(
        view.tableFields.map((f, i) => ({
          tenantId,
          viewCode: view.viewCode,
          seq: (i + 1) * 10,
          dataIndex: f.dataIndex,
          titles: JSON.stringify(f.title),
          width: f.width ?? null,
          dataType: f.dataType ?? 'STRING',
        })),
      )
      .execute()
  }
}
