/**
 * Reference data the files declare reaches a running database, not only a new one (issue 22): the value sets of
 * `server/seed/data/lookups` and the Lov views of `server/seed/data/lov-views` that the database does not hold
 * yet are added at every start, and, with live files on, each time one of those files is saved. A value set or
 * view the database holds already keeps what it holds: an administrator may have changed it in the value set or Lov
 * view screens, and their change wins (a file's later edit of it is reported, not applied). A value a file adds to
 * a set the database holds (a new status the code needs, e.g. SPLIT) is added once: the values of the files that
 * reached the database are recorded (`app_meta` REFERENCE_VALUES), so a value an administrator deleted later
 * stays deleted. (A database from before this record gets the files' missing values once.)
 */
import { checkLovViewFile } from '../modules/hpfm/lov-view-definition.ts'
import type { Db } from '../db/schema.ts'
import { seedDataDir, type SeedLookups } from './data.ts'
import { seedLovViews } from './lov-views.ts'
import { readSeedSet } from './seed-files.ts'

export interface ReferenceSync {
  /** Value set codes added. */
  lookups: string[]
  /** Values added to value sets the database held (`code:value`). */
  values?: string[]
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
    const values = await addNewValues(trx, lookups, heldCodes)

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
      ...(values.length ? { values } : {}),
      lovViews: newViews.map((view) => viewKey(view.tenantId ?? 0, view.viewCode)),
    }
  })
}

/** The app_meta key of the file values that reached the database (a JSON list of `code:value`). */
export const REFERENCE_VALUES = 'reference-values'

/**
 * Adds the values of held value sets that the files declare and that never reached the database, and records
 * every value of the files as reached. Answers the values added (`code:value`).
 */
async function addNewValues(
  trx: Db,
  lookups: SeedLookups,
  heldCodes: ReadonlySet<string>,
): Promise<string[]> {
  const key = (code: string, value: string) => `${code}:${value}`
  const recorded = await trx
    .selectFrom('appMeta')
    .select('value')
    .where('key', '=', REFERENCE_VALUES)
    .executeTakeFirst()
  const reached = new Set<string>(recorded ? (JSON.parse(recorded.value) as string[]) : [])
  const heldRows = await trx
    .selectFrom('hpfmLookupValue')
    .select(['lookupCode', 'value', 'orderSeq'])
    .where('tenantId', '=', 0)
    .where('lookupCode', 'in', [...heldCodes].filter((code) => code in lookups).concat(''))
    .execute()
  const held = new Set(heldRows.map((row) => key(row.lookupCode, row.value)))
  const lastSeq = new Map<string, number>()
  for (const row of heldRows)
    lastSeq.set(row.lookupCode, Math.max(lastSeq.get(row.lookupCode) ?? 0, Number(row.orderSeq)))
  const added: Array<[string, SeedLookups[string]]> = []
  for (const [code, set] of Object.entries(lookups)) {
    if (!heldCodes.has(code)) continue
    const missing = set.values.filter(
      (v) => !held.has(key(code, v.value)) && !reached.has(key(code, v.value)),
    )
    if (missing.length) added.push([code, { ...set, values: missing }])
  }
  // After the values the set holds, in the file's order.
  const rows = lookupValueRows(added).map((row) => ({
    ...row,
    orderSeq: (lastSeq.get(row.lookupCode) ?? 0) + row.orderSeq,
  }))
  if (rows.length) await trx.insertInto('hpfmLookupValue').values(rows).execute()
  const all = Object.entries(lookups).flatMap(([code, set]) => set.values.map((v) => key(code, v.value)))
  const next = [...new Set([...reached, ...all])].sort()
  if (!recorded || next.length !== reached.size) {
    const value = JSON.stringify(next)
    if (recorded)
      await trx.updateTable('appMeta').set({ value }).where('key', '=', REFERENCE_VALUES).execute()
    else await trx.insertInto('appMeta').values({ key: REFERENCE_VALUES, value }).execute()
  }
  return rows.map((row) => key(row.lookupCode, row.value))
}
