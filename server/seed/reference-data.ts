/**
 * Reference data the files declare reaches a running database, not only a new one (issue 22): the value sets of
 * `server/seed/data/lookups` and the Lov views of `server/seed/data/lov-views` that the database does not hold
 * yet are added at every start, and, with live files on, each time one of those files is saved. A value set or
 * view the database holds already is left as it is: an administrator may have changed it in the value set or Lov
 * view screens, and their change wins (a file's later edit of it is reported, not applied).
 */
import { checkLovViewFile } from '../modules/hpfm/lov-view-definition.ts'
import type { Db } from '../db/schema.ts'
import { seedDataDir, type SeedLookups } from './data.ts'
import { seedLovViews } from './lov-views.ts'
import { readSeedSet } from './seed-files.ts'

export interface ReferenceSync {
  /** Value set codes added. */
  lookups: string[]
  /** Lov view codes added (`tenant:code` for a tenant's own view). */
  lovViews: string[]
}

/** The site-level rows of value sets (`[code, set]`), their values ordered as the file lists them. */
export const lookupValueRows = (sets: Array<[string, SeedLookups[string]]>) =>
  sets.flatMap(([code, set]) =>
    set.values.map((v, i) => ({
      tenantId: 0,
      lookupCode: code,
      value: v.value,
      meanings: JSON.stringify(v.meaning),
      orderSeq: (i + 1) * 10,
      parentValue: v.parentValue ?? null,
      tag: v.tag ?? null,
      description: v.description ?? null,
    })),
  )

/** The value sets of the files of `dataDir`. */
export const fileLookups = (dataDir = seedDataDir): SeedLookups =>
  readSeedSet<SeedLookups>(dataDir, 'lookups') ?? {}

/**
 * Adds the value sets and Lov views of the files of `dataDir` that the database lacks; one transaction. A file
 * that does not read, or a view that fails its check, throws naming it before anything is written.
 */
export async function syncReferenceData(
  db: Db,
  dataDir = seedDataDir,
  /** The value sets of the files, when the caller has read them already (read once per save). */
  lookups: SeedLookups = fileLookups(dataDir),
): Promise<ReferenceSync> {
  const views = checkLovViewFile(readSeedSet(dataDir, 'lov-views') ?? [])
  return db.transaction().execute(async (trx) => {
    const heldCodes = new Set(
      (
        await trx
          .selectFrom('hpfmLookupValue')
          .select('lookupCode')
          .where('tenantId', '=', 0)
          .distinct()
          .execute()
      ).map((row) => row.lookupCode),
    )
    const newSets = Object.entries(lookups).filter(([code]) => !heldCodes.has(code))
    const rows = lookupValueRows(newSets)
    if (rows.length) await trx.insertInto('hpfmLookupValue').values(rows).execute()

    const viewKey = (tenantId: number, code: string) => (tenantId ? `${tenantId}:${code}` : code)
    const heldViews = new Set(
      (await trx.selectFrom('hpfmLovView').select(['tenantId', 'viewCode']).execute()).map((row) =>
        viewKey(Number(row.tenantId), row.viewCode),
      ),
    )
    const newViews = views.filter((view) => !heldViews.has(viewKey(view.tenantId ?? 0, view.viewCode)))
    if (newViews.length) await seedLovViews(trx, newViews)
    return {
      lookups: newSets.map(([code]) => code),
      lovViews: newViews.map((view) => viewKey(view.tenantId ?? 0, view.viewCode)),
    }
  })
}
