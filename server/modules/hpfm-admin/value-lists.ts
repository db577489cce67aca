/**
 * Value sets as an administrator sees them (/hpfm/value-list): the platform's sets (tenant 0) and the tenant's
 * own. A tenant that changes a platform set gets its own copy first (copy on write): lookups.ts then serves the
 * tenant's values of that set instead of the platform's, so a change shows in every Select of the tenant and
 * never in another tenant's. Deleting the tenant's customisation brings the platform's values back.
 */
import { sql } from 'kysely'
import type { Language } from '../../../renderer/contract/wire.ts'
import type { Db, Texts } from '../../db/schema.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'
import { seedData } from '../../seed/data.ts'
import type { Session } from '../../types.ts'
import './tables.ts'

export interface ValueInput {
  value?: string
  meaningZhCn?: string | null
  meaningEnUs?: string | null
  meaningZhTw?: string | null
  orderSeq?: number
  parentValue?: string | null
  tag?: string | null
  description?: string | null
}

const seedNames = (() => {
  let names: Map<string, Texts> | undefined
  return () => {
    names ??= new Map(Object.entries(seedData.lookups()).map(([code, set]) => [code, set.name as Texts]))
    return names
  }
})()

const textOf = (texts: Texts | undefined, language: Language) =>
  texts?.[language] ?? texts?.zh_CN ?? texts?.en_US ?? undefined

/** The sets visible to the tenant: code, name, description, source, number of effective values. */
export async function listSets(db: Db, session: Session) {
  const tenants = [0, session.tenantId]
  const counts = await db
    .selectFrom('hpfmLookupValue')
    .select(['lookupCode', 'tenantId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('tenantId', 'in', tenants)
    .groupBy(['lookupCode', 'tenantId'])
    .execute()
  const sets = await db.selectFrom('hpfmLookupSet').selectAll().where('tenantId', 'in', tenants).execute()
  const codes = new Set([...counts.map((c) => c.lookupCode), ...sets.map((s) => s.lookupCode)])
  return [...codes].sort().map((lookupCode) => {
    const own = sets.find((s) => s.lookupCode === lookupCode && s.tenantId === session.tenantId)
    const platform = sets.find((s) => s.lookupCode === lookupCode && s.tenantId === 0)
    const tenantCount = counts.find((c) => c.lookupCode === lookupCode && c.tenantId === session.tenantId)
    const platformCount = counts.find((c) => c.lookupCode === lookupCode && c.tenantId === 0)
    const isPlatform =
      session.tenantId !== 0 && (!!platform || !!platformCount || seedNames().has(lookupCode))
    const names = own?.names ?? platform?.names ?? seedNames().get(lookupCode)
    return {
      lookupCode,
      lookupName: textOf(names, session.language) ?? lookupCode,
      description: own?.description ?? platform?.description ?? null,
      source: isPlatform ? 'PLATFORM' : 'TENANT',
      customizedFlag: tenantCount || own ? 1 : 0,
      valueCount: Number((tenantCount ?? platformCount)?.count ?? 0),
      objectVersionNumber: own?.objectVersionNumber ?? 1,
    }
  })
}

export async function setExists(db: Db, session: Session, code: string): Promise<boolean> {
  const sets = await listSets(db, session)
  return sets.some((set) => set.lookupCode === code)
}

/** Creates or renames the tenant's header of a set. */
export async function saveSet(
  db: Db,
  session: Session,
  input: { lookupCode: string; lookupName: string; description?: string | null },
  create: boolean,
) {
  const exists = await setExists(db, session, input.lookupCode)
  if (create && exists)
    throw conflict('error.duplicate', `Value set ${input.lookupCode} already exists: open it to add values.`)
  if (!create && !exists)
    throw notFound(`Value set ${input.lookupCode} does not exist: check the code or reload the list.`)
  const names: Texts = { zh_CN: input.lookupName, en_US: input.lookupName, zh_TW: input.lookupName }
  await db
    .insertInto('hpfmLookupSet')
    .values({
      tenantId: session.tenantId,
      lookupCode: input.lookupCode,
      names: JSON.stringify(names),
      description: input.description ?? null,
    })
    .onConflict((c) =>
      c.columns(['tenantId', 'lookupCode']).doUpdateSet({
        names: sql`hpfm_lookup_set.names || ${JSON.stringify({ [session.language]: input.lookupName })}::jsonb`,
        description: input.description ?? null,
        objectVersionNumber: sql`hpfm_lookup_set.object_version_number + 1`,
      }),
    )
    .execute()
  return (await listSets(db, session)).find((set) => set.lookupCode === input.lookupCode)
}

/** Removes the tenant's own values and header of a set (a platform set falls back to the platform's values). */
export async function deleteSet(db: Db, session: Session, code: string) {
  const sets = await listSets(db, session)
  const set = sets.find((s) => s.lookupCode === code)
  if (!set) throw notFound(`Value set ${code} does not exist: check the code or reload the list.`)
  if (set.source === 'PLATFORM' && !set.customizedFlag)
    throw badRequest(
      `Value set ${code} belongs to the platform and has no customisation of this tenant: there is nothing to delete; reload the list.`,
    )
  await db
    .deleteFrom('hpfmLookupValue')
    .where('tenantId', '=', session.tenantId)
    .where('lookupCode', '=', code)
    .execute()
  await db
    .deleteFrom('hpfmLookupSet')
    .where('tenantId', '=', session.tenantId)
    .where('lookupCode', '=', code)
    .execute()
}

/** The tenant whose values of `code` the session sees: its own once it has any, else the platform's. */
async function effectiveTenant(db: Db, session: Session, code: string): Promise<number> {
  if (session.tenantId === 0) return 0
  const own = await db
    .selectFrom('hpfmLookupValue')
    .select('value')
    .where('tenantId', '=', session.tenantId)
    .where('lookupCode', '=', code)
    .limit(1)
    .executeTakeFirst()
  return own ? session.tenantId : 0
}

const valueRow = (
  row: {
    lookupValueId: number
    tenantId: number
    lookupCode: string
    value: string
    meanings: Texts
    orderSeq: number
    parentValue: string | null
    tag: string | null
    description: string | null
    objectVersionNumber: number
  },
  language: Language,
) => ({
  lookupValueId: Number(row.lookupValueId),
  lookupCode: row.lookupCode,
  value: row.value,
  meaning: textOf(row.meanings, language) ?? row.value,
  meaningZhCn: row.meanings.zh_CN ?? '',
  meaningEnUs: row.meanings.en_US ?? '',
  meaningZhTw: row.meanings.zh_TW ?? '',
  orderSeq: row.orderSeq,
  parentValue: row.parentValue,
  tag: row.tag,
  description: row.description,
  source: row.tenantId === 0 ? 'PLATFORM' : 'TENANT',
  objectVersionNumber: row.objectVersionNumber,
})

export async function listValues(db: Db, session: Session, code: string) {
  const tenantId = await effectiveTenant(db, session, code)
  const rows = await db
    .selectFrom('hpfmLookupValue')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('lookupCode', '=', code)
    .orderBy('orderSeq')
    .orderBy('value')
    .execute()
  return rows.map((row) => valueRow(row, session.language))
}

/** Copies the platform's values of a set to the tenant before its first change (copy on write). */
async function ownCopy(db: Db, session: Session, code: string): Promise<void> {
  if ((await effectiveTenant(db, session, code)) === session.tenantId) return
  await sql`insert into hpfm_lookup_value (tenant_id, lookup_code, value, meanings, order_seq, parent_value, tag, description)
    select ${session.tenantId}, lookup_code, value, meanings, order_seq, parent_value, tag, description
    from hpfm_lookup_value where tenant_id = 0 and lookup_code = ${code}`.execute(db)
}

function meaningsOf(input: ValueInput): Texts {
  const meanings: Texts = {}
  if (input.meaningZhCn) meanings.zh_CN = input.meaningZhCn
  if (input.meaningEnUs) meanings.en_US = input.meaningEnUs
  if (input.meaningZhTw) meanings.zh_TW = input.meaningZhTw
  return meanings
}

export async function createValue(db: Db, session: Session, code: string, input: ValueInput) {
  if (!(await setExists(db, session, code)))
    throw notFound(`Value set ${code} does not exist: create the set first.`)
  const value = (input.value ?? '').trim()
  if (!value) throw badRequest('Enter the value.', { value: 'Please enter the value' })
  const meanings = meaningsOf(input)
  if (!meanings.zh_CN && !meanings.en_US && !meanings.zh_TW)
    throw badRequest('Enter the meaning in at least one language.', {
      meaningZhCn: 'Please enter the meaning',
    })
  await ownCopy(db, session, code)
  const taken = await db
    .selectFrom('hpfmLookupValue')
    .select('value')
    .where('tenantId', '=', session.tenantId)
    .where('lookupCode', '=', code)
    .where('value', '=', value)
    .executeTakeFirst()
  if (taken) throw conflict('error.duplicate', `Value ${value} already exists in ${code}: edit it instead.`)
  const row = await db
    .insertInto('hpfmLookupValue')
    .values({
      tenantId: session.tenantId,
      lookupCode: code,
      value,
      meanings: JSON.stringify(meanings),
      orderSeq: input.orderSeq ?? 0,
      parentValue: input.parentValue || null,
      tag: input.tag || null,
      description: input.description || null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return valueRow(row, session.language)
}

/** The row to change: the tenant's copy of the value the caller saw (ids of platform rows map to the copy). */
async function targetValue(db: Db, session: Session, code: string, lookupValueId: number) {
  const seen = await db
    .selectFrom('hpfmLookupValue')
    .selectAll()
    .where('lookupValueId', '=', lookupValueId)
    .where('lookupCode', '=', code)
    .where('tenantId', 'in', [0, session.tenantId])
    .executeTakeFirst()
  if (!seen) throw notFound(`Value ${lookupValueId} of ${code} does not exist (deleted meanwhile?): reload.`)
  await ownCopy(db, session, code)
  const own = await db
    .selectFrom('hpfmLookupValue')
    .selectAll()
    .where('tenantId', '=', session.tenantId)
    .where('lookupCode', '=', code)
    .where('value', '=', seen.value)
    .executeTakeFirstOrThrow()
  return { seen, own }
}

export async function updateValue(
  db: Db,
  session: Session,
  code: string,
  input: ValueInput & { lookupValueId: number; objectVersionNumber?: number },
) {
  const { seen, own } = await targetValue(db, session, code, input.lookupValueId)
  if (input.objectVersionNumber !== undefined && input.objectVersionNumber !== seen.objectVersionNumber)
    throw conflict(
      'error.optimistic_lock',
      'Someone else changed this value meanwhile: reload and try again.',
    )
  const meanings = { ...own.meanings, ...meaningsOf(input) }
  const row = await db
    .updateTable('hpfmLookupValue')
    .set({
      meanings: JSON.stringify(meanings),
      ...(input.orderSeq !== undefined ? { orderSeq: input.orderSeq } : {}),
      ...(input.parentValue !== undefined ? { parentValue: input.parentValue || null } : {}),
      ...(input.tag !== undefined ? { tag: input.tag || null } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      objectVersionNumber: sql`object_version_number + 1`,
    })
    .where('lookupValueId', '=', own.lookupValueId)
    .returningAll()
    .executeTakeFirstOrThrow()
  return valueRow(row, session.language)
}

export async function deleteValue(db: Db, session: Session, code: string, lookupValueId: number) {
  const { own } = await targetValue(db, session, code, lookupValueId)
  await db.deleteFrom('hpfmLookupValue').where('lookupValueId', '=', own.lookupValueId).execute()
}
